"""The deadline calendar's writes (30 DCMR 1413.1): the daily run (open the drafts of past scheduled operations, mark
the first drafts past their due date overdue, tell the organization once) and Board staff's waiver of an overdue
report's hold on new applications."""

from __future__ import annotations

import datetime as dt
import logging

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.dates import day as format_day
from core.findings import Finding, RuleViolation
from licensing.models import License, Report, User
from licensing.models.choices import LicenseStatus, LicenseType
from licensing.organizations.mail import organization_email_send
from licensing.reports import events
from licensing.reports.deadlines import REPORT_RULE
from licensing.reports.overdue.rules import is_first_draft
from licensing.reports.overdue.selectors import first_drafts_due
from licensing.reports.services import report_open_scheduled

logger = logging.getLogger(__name__)

REASON_MAX = 2000
# Licenses whose past operations happened: in force, since expired, or renewed. A suspended or revoked
# license's scheduled operations may not have been held; its organization opens those reports itself.
CALENDAR_STATUSES = (LicenseStatus.ACTIVE, LicenseStatus.EXPIRED, LicenseStatus.SUPERSEDED)


# --- opening the drafts of scheduled operations ---


def _scheduled_dates(license: License) -> list[dt.date]:
    days = []
    for entry in license.schedule or []:
        try:
            days.append(dt.date.fromisoformat(entry["date"]))
        except (KeyError, TypeError, ValueError):
            logger.warning("License %s: a schedule entry without a date: %r", license.number, entry)
    return days


def reports_open_scheduled(*, today: dt.date) -> list[Report]:
    """Open the draft of every past scheduled operation of a bingo license that has no report. Safe to rerun."""
    licenses = License.objects.filter(license_type=LicenseType.BINGO, status__in=CALENDAR_STATUSES,
                                      effective_on__lt=today).select_related("organization")
    reported = set(Report.objects.filter(license__in=licenses).values_list("license_id", "event_date"))
    opened = []
    for license in licenses:
        for day in _scheduled_dates(license):
            if day >= today or (license.pk, day) in reported or not license.effective_on <= day <= license.expires_on:
                continue
            try:
                report = report_open_scheduled(license=license, event_date=day)
            except ValidationError as error:  # opened meanwhile by its officers, or the license changed
                logger.info("License %s, %s: no draft opened: %s", license.number, day, error.messages)
                continue
            if report is not None:
                opened.append(report)
    return opened


# --- marking overdue ---


def _overdue_email(report: Report) -> None:
    organization_email_send(
        organization=report.organization,
        subject=_("Overdue: the financial report of %(date)s under license %(number)s (30 DCMR 1413.1)") % {
            "date": format_day(report.event_date), "number": report.license.number},
        template="licensing/reports/overdue/report_overdue.txt",
        context={"report": report, "license": report.license}, after_commit=True)


@transaction.atomic
def report_overdue_mark(*, report: Report, today: dt.date) -> bool:
    """Mark one first draft overdue if its due date has passed; False if it is not (or already was)."""
    report = Report.objects.select_for_update(of=("self",)).select_related("license", "organization").get(
        pk=report.pk)
    due = report.report_due
    if report.overdue_since is not None or due is None or due >= today or not is_first_draft(report):
        return False
    report.overdue_since = due + dt.timedelta(days=1)
    report.save(update_fields=["overdue_since", "updated_at"])
    events.report_marked_overdue(report=report, due=due)
    # The organization hears of it once the mark is committed (the outbox row commits with it): a run that rolls
    # back tells nobody.
    _overdue_email(report)
    return True


def reports_mark_overdue(*, today: dt.date) -> list[Report]:
    due = first_drafts_due().filter(overdue_since__isnull=True, report_due__lt=today).order_by("report_due", "pk")
    return [report for report in due if report_overdue_mark(report=report, today=today)]


def reports_calendar_run(*, today: dt.date | None = None) -> dict[str, int]:
    """The daily job: open the drafts of past operations, then mark what is overdue. Returns the counts."""
    today = today or timezone.localdate()
    opened = reports_open_scheduled(today=today)
    overdue = reports_mark_overdue(today=today)
    return {"opened": len(opened), "overdue": len(overdue)}


# --- the Board's waiver ---


def _waiver_reason_clean(reason) -> str:
    if not isinstance(reason, str) or "\x00" in reason or not reason.strip():
        raise ValidationError({"reason": [_("Give the reason for the waiver.")]})
    reason = reason.strip()
    if len(reason) > REASON_MAX:
        raise ValidationError({"reason": [_("At most %(max)s characters.") % {"max": REASON_MAX}]})
    return reason


@transaction.atomic
def report_overdue_waive(*, actor: User, report: Report, reason: str, now: dt.datetime | None = None) -> Report:
    """Board staff let the organization apply while this report is overdue (the report stays overdue)."""
    if not getattr(actor, "is_board_staff", False):
        raise PermissionDenied(_("Only Board staff waive an overdue report's hold on new applications."))
    reason = _waiver_reason_clean(reason)
    report = Report.objects.select_for_update(of=("self",)).select_related("license", "organization").get(
        pk=report.pk)
    if report.overdue_since is None or not is_first_draft(report):
        raise RuleViolation(Finding(REPORT_RULE, _(
            "only an overdue report that is still not submitted holds up applications (30 DCMR 1413.1)"),
            field="report"))
    if report.waived_at is not None:
        raise RuleViolation(Finding(REPORT_RULE, _("the Board already waived this overdue report on %(date)s") % {
            "date": format_day(timezone.localdate(report.waived_at))}, field="report"))
    report.waived_at, report.waived_by, report.waiver_reason = now or timezone.now(), actor, reason
    report.save(update_fields=["waived_at", "waived_by", "waiver_reason", "updated_at"])
    events.report_overdue_waived(actor=actor, report=report, reason=reason)
    return report
