"""When an event is over, so that its financial report may be written (30 DCMR 1413.1: a report is filed for an
operation that took place, within days after it). Nothing is sent to a report, and no report is submitted,
before its event has ended: the figures of an operation still under way are not its figures.

The end of an event, first found first:
- what the live module that ran it handed over (`Report.event_ends_at`: bingo the end of the day's operations,
  a Monte Carlo Night the moment its prizes were awarded, a raffle drawing the moment it was drawn);
- else the end of the licensed hours of that day (`License.schedule`, licensing.licenses.rules.window);
- else the end of the event's day.
Times are the Board's (settings.TIME_ZONE); the modules and the portal share `refusal` and `ended_findings`."""

from __future__ import annotations

import datetime as dt

from django.utils import formats, timezone
from django.utils.translation import gettext as _

from core.findings import Finding
from licensing.licenses.rules import window
from licensing.models import License, Report
from licensing.reports.content import schema

RULE = "30 DCMR 1413.1"


def clock() -> dt.datetime:
    """Now (aware); one place, so a test of a future event can set the hour it is filed."""
    return timezone.now()


def _aware(naive: dt.datetime) -> dt.datetime:
    return timezone.make_aware(naive, timezone.get_current_timezone())


def scheduled_end(license: License, day: dt.date) -> dt.datetime | None:
    """The end of the licensed hours of `day` (the latest, if the schedule lists the day twice)."""
    ends = []
    for entry in license.schedule or []:
        try:
            if dt.date.fromisoformat(entry["date"]) != day:
                continue
            ends.append(window(day, dt.time.fromisoformat(entry["starts_at"]),
                               dt.time.fromisoformat(entry["ends_at"]))[1])
        except (KeyError, TypeError, ValueError):
            continue
    return _aware(max(ends)) if ends else None


def day_end(day: dt.date) -> dt.datetime:
    return _aware(dt.datetime.combine(day + dt.timedelta(days=1), dt.time()))


def event_ends_at(report: Report) -> dt.datetime:
    if report.event_ends_at:
        return report.event_ends_at
    drawing_at = report.license.application.drawing_at if report.kind == schema.RAFFLE else None
    # A raffle is over once drawn at the time its license states (1202.2(n)), not at the end of that day.
    return drawing_at or scheduled_end(report.license, report.event_date) or day_end(report.event_date)


def ended_findings(*, ends_at: dt.datetime, now: dt.datetime | None = None, action: str) -> list[Finding]:
    """A blocking finding while the event is not over: what was refused and when the event ends."""
    now = now or clock()
    if now >= ends_at:
        return []
    local = timezone.localtime(ends_at)
    return [Finding(RULE, _(
        "%(action)s: the event ends on %(day)s at %(time)s; its financial report is written once it has taken "
        "place (30 DCMR 1413.1).") % {"action": action, "day": formats.date_format(local.date(), "DATE_FORMAT"),
                                      "time": formats.time_format(local.time(), "TIME_FORMAT")},
        field="event_date")]


def refusal(report: Report, *, now: dt.datetime | None = None) -> list[Finding]:
    """Why the report may not be submitted yet, if its event has not ended."""
    return ended_findings(ends_at=event_ends_at(report), now=now, action=_("Not submitted"))
