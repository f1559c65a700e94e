"""What an organization has to do now, and by when. Pure functions: each takes a record and today's date and
returns the action item a person reads (or None when nothing is due), citing the rule behind the deadline."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from licensing.reminders.rules import amendment_filing_days, renewal_deadline, renewal_lead_days, renewal_window_days

REPORT_DUE_SOON_DAYS = 14  # a report due within two weeks is shown as to do (30 DCMR 1413.1)
DEFICIENCY_RULE = "30 DCMR 1202"  # the Board's notice names what the application lacks and the cure date
REPORT_RULE = "30 DCMR 1413.1"
RENEWAL_RULE = "30 DCMR 1204.2"
AMENDMENT_RULE = "30 DCMR 1202.3"

# Kinds, in the order a person should deal with them when two fall due the same day.
DEFICIENCY, REPORT, AMENDMENT, RENEWAL = "deficiency", "report", "amendment", "renewal"
KIND_ORDER = {DEFICIENCY: 0, REPORT: 1, AMENDMENT: 2, RENEWAL: 3}
KIND_LABELS = {DEFICIENCY: gettext_lazy("Deficiency notice"), REPORT: gettext_lazy("Financial report"),
               AMENDMENT: gettext_lazy("Amendment"), RENEWAL: gettext_lazy("Renewal")}


@dataclass(frozen=True)
class ActionItem:
    kind: str
    title: str  # what it is about: "Deficiency notice on your bingo application"
    action: str  # what to do: "Send what is missing"
    due_on: dt.date
    days_left: int  # negative once overdue
    url: str
    link_text: str
    rule: str
    detail: str = ""  # the notice's own words, a report's operation date

    @property
    def kind_label(self) -> str:
        return str(KIND_LABELS[self.kind])

    @property
    def overdue(self) -> bool:
        return self.days_left < 0

    @property
    def countdown(self) -> str:
        """ "12 days left", "due today", "3 days overdue": what the card shows next to the date."""
        return countdown(self.days_left)


def countdown(days_left: int) -> str:
    if days_left == 0:
        return _("due today")
    if days_left > 0:
        return ngettext("%(count)d day left", "%(count)d days left", days_left) % {"count": days_left}
    return ngettext("%(count)d day overdue", "%(count)d days overdue", -days_left) % {"count": -days_left}


def sort_key(item: ActionItem) -> tuple:
    """Overdue first (most overdue on top), then soonest due."""
    return item.due_on, KIND_ORDER[item.kind], item.title


def deficiency_item(*, notice, today: dt.date, url: str) -> ActionItem | None:
    """An open deficiency notice: cure it by its date, or the application is withdrawn."""
    if notice.cured_at is not None or notice.expired_at is not None:
        return None
    application = notice.application
    return ActionItem(
        kind=DEFICIENCY, rule=DEFICIENCY_RULE, due_on=notice.cure_by, days_left=(notice.cure_by - today).days,
        title=_("Deficiency notice on the %(license_type)s application") % {
            "license_type": application.get_license_type_display()},
        action=_("Send the Board what is missing before the cure date, or the application is withdrawn."),
        detail=notice.message, url=url, link_text=_("Answer the notice"))


def report_item(*, report, today: dt.date, url: str) -> ActionItem | None:
    """A first draft of a financial report due within REPORT_DUE_SOON_DAYS, or marked overdue (30 DCMR 1413.1)."""
    due = report.report_due
    if due is None or (report.overdue_since is None and (due - today).days > REPORT_DUE_SOON_DAYS):
        return None
    days_left = (due - today).days
    if report.overdue_since is not None:  # marked overdue by the daily job (reports.overdue): it stays overdue
        days_left = min(days_left, -1)
    return ActionItem(
        kind=REPORT, rule=REPORT_RULE, due_on=due, days_left=days_left,
        title=_("Financial report of license %(number)s") % {"number": report.license.number},
        action=_("File the financial report of the operation; while it is overdue, no new license of this type "
                 "can be applied for."),
        detail=_("Operation of %(date)s") % {"date": date_text(report.event_date)}, url=url,
        link_text=_("File the report"))


def renewal_item(*, license, today: dt.date, url: str) -> ActionItem | None:
    """A regular license whose renewal window is open (renewal.window_opens_days before expiry) and not yet filed;
    the renewal is due renewal.filing_lead_days before expiry (30 DCMR 1204.2), late after that until the license
    expires. The figures in force today, as the reminders read them (licensing.reminders.rules)."""
    if license.expires_on is None or not 0 <= (license.expires_on - today).days <= renewal_window_days(today):
        return None
    deadline = renewal_deadline(license.expires_on, on=today)
    return ActionItem(
        kind=RENEWAL, rule=RENEWAL_RULE, due_on=deadline, days_left=(deadline - today).days,
        title=_("Renewal of license %(number)s") % {"number": license.number},
        action=_("File the renewal application at least %(days)s days before the license expires on %(date)s.") % {
            "date": date_text(license.expires_on), "days": renewal_lead_days(today)},
        url=url, link_text=_("Start the renewal"))


def amendment_item(*, change, today: dt.date, url: str) -> ActionItem | None:
    """A substantial change (name, address, responsible people) while licensed: an amended application within
    amendment.filing_days of the change (30 DCMR 1202.3), the due date recorded with the change."""
    due = change.due_on or change.changed_on + dt.timedelta(days=amendment_filing_days(change.changed_on))
    return ActionItem(
        kind=AMENDMENT, rule=AMENDMENT_RULE, due_on=due, days_left=(due - today).days,
        title=_("Amended application for license %(number)s") % {"number": change.license.number},
        action=_("The organization's %(what)s changed on %(date)s: file an amended application within %(days)s "
                 "days of the change.") % {"what": change.get_kind_display().lower(),
                                           "date": date_text(change.changed_on),
                                           "days": (due - change.changed_on).days},
        url=url, link_text=_("Start the amendment"))


def date_text(day: dt.date) -> str:
    """A date as the reader's language writes it in full."""
    return date_format(day, "DATE_FORMAT")  # in the reader's language (FORMAT_MODULE_PATH)
