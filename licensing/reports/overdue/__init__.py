"""Overdue reports: the deadline calendar of event financial reports (30 DCMR 1413.1), run once a day
(licensing.reports.overdue.tasks):

- every past operation on a bingo license's schedule that has no report gets its blank draft, so its deadline
  is tracked whether or not the organization opened one (licensing.reports.services.report_open_scheduled);
- three days before a first draft's report is due, the organization is reminded (with the other reminders,
  licensing.reminders: "report-due:report:<pk>", once);
- the day after it was due with nothing submitted, the draft is marked overdue (`overdue_since`, the day after
  the due date even when the job catches up later), audited, and the organization told, once.

Only a first draft (version 1, never submitted) is ever due: a correction's draft corrects a report that was
filed on time, so it is never overdue. An event marked as not held (licensing.reports.not_held) has no draft, so
it is neither reminded nor overdue. An overdue report is a finding on the organization's new applications for that
license type (applications.checks), shown to Board staff at review: the Board weighs it, since it "may deny" a
license for a violation of these rules (30 DCMR 1210.1(d)); it does not stop the filing by itself. Board staff may
note a waiver, with its reason, which the finding then shows.

The modules: rules (what a first draft and an overdue report are), selectors (the unscoped queries the calendar
and the checks read; the reads scoped to a person: the Board's list, an organization's reports due), services
(the daily run, the waiver), checks (the finding on a new application), tasks, and the Board's page and API
(views, forms, api, serializers, urls)."""
