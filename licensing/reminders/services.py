"""Scheduled reminders to organizations, each sent once.

A daily job asks each kind of reminder what is due today (the windows of licensing.reminders.rules) and
sends what was not sent before; the unique `ReminderSent.key` is the memory.
"""

import datetime as dt
import logging
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from licensing.licenses.selectors import renewable_licenses
from licensing.models import Application, DeficiencyNotice, Organization, ReminderSent, SubstantialChange
from licensing.models.choices import ApplicationKind, ApplicationStatus, LicenseStatus
from licensing.organizations.mail import organization_email_send
from licensing.organizations.selectors import organization_recipients
from licensing.reminders import events, rules
from licensing.reports.overdue.selectors import first_drafts_due

logger = logging.getLogger(__name__)

KEY_BATCH = 500


@dataclass(frozen=True)
class Reminder:
    key: str  # unique for ever: "renewal-window:license:42"
    organization: Organization
    subject: str
    template: str
    context: dict = field(default_factory=dict)


def renewal_reminders_due(*, today: dt.date) -> Iterator[Reminder]:
    # The figures in force today, the day the renewal asked for would be judged by (licensing.reminders.rules).
    lead, opens = rules.renewal_lead_days(today), rules.renewal_window_days(today)
    notice = rules.renewal_deadline_notice_days(today)
    window = renewable_licenses(
        expires_from=today + dt.timedelta(days=lead),
        expires_to=today + dt.timedelta(days=opens),
    )
    for license in window:
        yield Reminder(
            key=f"renewal-window:license:{license.pk}", organization=license.organization,
            subject=_("Renewal of license %(number)s is open") % {"number": license.number},
            template="licensing/reminders/renewal_window.txt",
            context={"license": license, "deadline": rules.renewal_deadline(license.expires_on, on=today),
                     "lead_days": lead},
        )
    deadline = renewable_licenses(
        expires_from=today + dt.timedelta(days=lead),
        expires_to=today + dt.timedelta(days=lead + notice),
    )
    for license in deadline:
        due = rules.renewal_deadline(license.expires_on, on=today)
        yield Reminder(
            key=f"renewal-deadline:license:{license.pk}", organization=license.organization,
            subject=_("Renewal of license %(number)s is due by %(date)s (30 DCMR 1204.2)")
            % {"number": license.number, "date": date_format(due, "DATE_FORMAT")},
            template="licensing/reminders/renewal_deadline.txt",
            context={"license": license, "deadline": due, "lead_days": lead},
        )


def cure_reminders_due(*, today: dt.date) -> Iterator[Reminder]:
    thresholds = rules.cure_notice_days(today)
    notices = DeficiencyNotice.objects.filter(
        cured_at__isnull=True, expired_at__isnull=True,
        cure_by__gte=today, cure_by__lte=today + dt.timedelta(days=max(thresholds)),
    ).select_related("application__organization")
    for notice in notices:
        days_left = (notice.cure_by - today).days
        # The tightest threshold that still covers the days left: 5 days left is the 7-day reminder.
        threshold = min(days for days in thresholds if days >= days_left)
        yield Reminder(
            key=f"cure:notice:{notice.pk}:{threshold}d", organization=notice.application.organization,
            subject=_("Deficiency on application #%(id)s: cure by %(date)s")
            % {"id": notice.application_id, "date": date_format(notice.cure_by, "DATE_FORMAT")},
            template="licensing/reminders/cure_deadline.txt",
            context={"notice": notice, "application": notice.application, "days_left": days_left},
        )


def amendment_reminders_due(*, today: dt.date) -> Iterator[Reminder]:
    # Deadline = the change's date + amendment.filing_days (in force today), reminded in its last days.
    earliest_change = today - dt.timedelta(days=rules.amendment_filing_days(today))
    drafts = Application.objects.filter(
        kind=ApplicationKind.AMENDMENT, status=ApplicationStatus.DRAFT,
        change_date__gte=earliest_change,
        change_date__lte=earliest_change + dt.timedelta(days=rules.amendment_notice_days(today)),
    ).select_related("organization", "base_license")
    for application in drafts:
        due = rules.amendment_deadline(application.change_date, on=today)
        yield Reminder(
            key=f"amendment-deadline:application:{application.pk}", organization=application.organization,
            subject=_("Amended application #%(id)s is due by %(date)s (30 DCMR 1202.3)")
            % {"id": application.pk, "date": date_format(due, "DATE_FORMAT")},
            template="licensing/reminders/amendment_deadline.txt",
            context={"application": application, "deadline": due, "filing_days": (due - application.change_date).days},
        )


def _amendment_filed_since_change():
    """An amended application for the change's license, submitted on or after the change was recorded."""
    return Application.objects.filter(
        kind=ApplicationKind.AMENDMENT, base_license=OuterRef("license"), submitted_at__gte=OuterRef("recorded_at"),
    ).exclude(status__in=[ApplicationStatus.DRAFT, ApplicationStatus.WITHDRAWN])


def substantial_change_reminders_due(*, today: dt.date) -> Iterator[Reminder]:
    changes = SubstantialChange.objects.filter(
        resolved_at__isnull=True, changed_on__lte=today, due_on__gte=today,
        license__status__in=[LicenseStatus.ACTIVE, LicenseStatus.SUSPENDED],
    ).exclude(Exists(_amendment_filed_since_change())).select_related("license", "organization").order_by("pk")
    by_license: dict[int, list[SubstantialChange]] = {}
    for change in changes:
        by_license.setdefault(change.license_id, []).append(change)
    for batch in by_license.values():
        # Keyed by the latest change: a change made after a reminder went out brings a new one.
        latest = batch[-1]
        first = min(batch, key=lambda change: change.due_on)
        due = first.due_on  # recorded with the change, by the figure in force on its day (organizations.rules)
        yield Reminder(
            key=f"substantial-change:license:{latest.license_id}:{latest.pk}", organization=latest.organization,
            subject=_("License %(number)s: file the amended application by %(date)s (30 DCMR 1202.3)")
            % {"number": latest.license.number, "date": date_format(due, "DATE_FORMAT")},
            template="licensing/reminders/substantial_change.txt",
            context={"license": latest.license, "changes": batch, "deadline": due,
                     "filing_days": (due - first.changed_on).days},
        )


def report_due_reminders_due(*, today: dt.date) -> Iterator[Reminder]:
    """A bingo report not submitted a few days (reminders.report_due_notice_days) before it is due (30 DCMR
    1413.1); a correction is never due. The due date is the report's own (licensing.reports.deadlines)."""
    drafts = first_drafts_due().filter(
        report_due__gte=today, report_due__lte=today + dt.timedelta(days=rules.report_due_notice_days(today)),
    ).select_related("organization", "license").order_by("report_due", "pk")
    for report in drafts:
        yield Reminder(
            key=f"report-due:report:{report.pk}", organization=report.organization,
            subject=_("The financial report of %(date)s under license %(number)s is due by %(due)s (30 DCMR 1413.1)")
            % {"date": date_format(report.event_date, "DATE_FORMAT"), "number": report.license.number,
               "due": date_format(report.report_due, "DATE_FORMAT")},
            template="licensing/reminders/report_due.txt", context={"report": report, "license": report.license},
        )


REMINDER_SOURCES = (renewal_reminders_due, cure_reminders_due, amendment_reminders_due,
                    substantial_change_reminders_due, report_due_reminders_due)


def reminder_send(*, reminder: Reminder) -> bool:
    """Record and send one reminder; False when it was sent before or there is nobody to write to."""
    if not organization_recipients(organization=reminder.organization):
        # Not recorded, so it goes out once the organization gives an address.
        logger.warning("Reminder %s not sent: organization %s has no email", reminder.key, reminder.organization.pk)
        return False
    try:
        with transaction.atomic():
            ReminderSent.objects.create(key=reminder.key, organization=reminder.organization)
            events.reminder_sent(organization=reminder.organization, key=reminder.key)
            # Queued in the outbox with the record and sent once it is committed: a concurrent run that loses the
            # race rolls its mail back with its record; a process lost after the commit leaves the mail queued.
            organization_email_send(organization=reminder.organization, subject=reminder.subject,
                                    template=reminder.template, context=reminder.context, after_commit=True)
    except IntegrityError:
        return False
    return True


def reminders_send(*, today: dt.date | None = None,
                   sources: Iterable = REMINDER_SOURCES) -> dict[str, int]:
    """The daily job: send every reminder due and not yet sent. Returns counts by key prefix."""
    today = today or timezone.localdate()
    due = [reminder for source in sources for reminder in source(today=today)]
    already: set[str] = set()
    for start in range(0, len(due), KEY_BATCH):  # batches keep under the database's parameter limit
        keys = [reminder.key for reminder in due[start:start + KEY_BATCH]]
        already.update(ReminderSent.objects.filter(key__in=keys).values_list("key", flat=True))
    counts: dict[str, int] = {}
    for reminder in due:
        if reminder.key in already:
            continue
        if reminder_send(reminder=reminder):
            kind = reminder.key.split(":", 1)[0]
            counts[kind] = counts.get(kind, 0) + 1
    return counts
