"""An operation that was scheduled and not held (30 DCMR 1413.1: a financial report is due "within ten days of a
bingo operation", one that took place). The organization's officers mark the event of a license and a day as not
held, with the reason; the mark is the event's record in the report's place (`Report`, status not held), so the
deadline calendar opens no draft for it (licensing.reports.overdue), nothing is due and nothing becomes overdue.

The same holds for every event a report is filed for: a bingo operation, a Monte Carlo Night, a raffle drawing.
An event whose live module recorded play (cards sold, chips issued, a drawing) was held: it is not marked. A
mark made in error is withdrawn by the officers: the event has its draft again."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.findings import Finding, RuleViolation
from licensing.models import License, Report, ReportStatus, Role, User
from licensing.reports import events, services
from licensing.reports.content import schema
from licensing.selectors import has_role

RULE = "30 DCMR 1413.1"
REASON_MAX = 2000


def _reason_clean(reason) -> str:
    if not isinstance(reason, str) or "\x00" in reason or not reason.strip():
        raise ValidationError({"reason": [_("Give the reason the event was not held.")]})
    reason = reason.strip()
    if len(reason) > REASON_MAX:
        raise ValidationError({"reason": [_("At most %(max)s characters.") % {"max": REASON_MAX}]})
    return reason


def _require_officer(actor: User, license: License) -> None:
    """The organization's officers say an event was not held (not its game workers, nor its other filers)."""
    if not has_role(user=actor, organization_id=license.organization_id, roles={Role.OFFICER}):
        raise PermissionDenied(_("Only the organization's officers mark a scheduled event as not held "
                                 "(30 DCMR 1413.1)."))


def _refuse(message: str, field: str = "event_date") -> None:
    raise RuleViolation(Finding(RULE, message, field=field))


@transaction.atomic
def report_not_held_mark(*, actor: User, license: License, event_date: dt.date, reason: str,
                         now: dt.datetime | None = None) -> Report:
    """Mark the license's event of `event_date` as not held. Its blank draft (opened by the calendar or the
    officers) becomes the mark; without one, the mark is made (a cancelled operation, marked ahead)."""
    license = License.objects.select_for_update().select_related("organization").get(pk=license.pk)
    _require_officer(actor, license)
    kind = services.report_kind_of(license)
    event_date = services._event_date_clean(license, event_date)
    reason = _reason_clean(reason)
    report = services.report_current(license, event_date)
    values = {"date": event_date.isoformat()}
    if report is None:
        report = services._new(license=license, kind=kind, event_date=event_date, actor=actor,
                               data=schema.blank(kind))
    elif report.status == ReportStatus.NOT_HELD:
        _refuse(_("the event of %(date)s is already marked as not held (30 DCMR 1413.1)") % values)
    elif report.status != ReportStatus.DRAFT or report.version != 1:
        _refuse(_("a report of the event of %(date)s was submitted: the event took place, so it is not marked as "
                  "not held; open a correction instead (30 DCMR 1413.1)") % values)
    elif report.recorded:
        _refuse(_("the event of %(date)s has play recorded (sent to its report from %(source)s): it was held, so "
                  "its report is due (30 DCMR 1413.1)") % {**values, "source": report.source or "—"})
    report.status = ReportStatus.NOT_HELD
    report.not_held_reason, report.not_held_at, report.not_held_by = reason, now or timezone.now(), actor
    report.save(update_fields=["status", "not_held_reason", "not_held_at", "not_held_by", "updated_at"])
    events.report_marked_not_held(actor=actor, license=license, report=report, reason=reason, event_date=event_date)
    return report


@transaction.atomic
def report_not_held_withdraw(*, actor: User, report: Report) -> Report:
    """The event was held after all: the mark becomes its draft again (and its deadline runs as before)."""
    report = Report.objects.select_for_update(of=("self",)).select_related("license__organization").get(
        pk=report.pk)
    _require_officer(actor, report.license)
    if report.status != ReportStatus.NOT_HELD:
        _refuse(_("only an event marked as not held has its mark withdrawn"), field="status")
    report.status = ReportStatus.DRAFT
    report.save(update_fields=["status", "updated_at"])
    events.report_not_held_withdrawn(actor=actor, report=report)
    return report
