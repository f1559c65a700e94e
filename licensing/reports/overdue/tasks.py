"""Celery task of the reports' deadline calendar: thin, it calls the service."""

from celery import shared_task

from core.jobs import once_a_day
from licensing.reports.overdue.services import reports_calendar_run


# The name is pinned (beat schedules it by name, config/settings.py): it stays as the module moves.
@shared_task(name="licensing.reports.tasks.reports_calendar_daily")
@once_a_day("licensing.reports.tasks.reports_calendar_daily")  # once for its day (core.jobs)
def reports_calendar_daily() -> dict:
    """Daily: open the drafts of past bingo operations and mark overdue reports (30 DCMR 1413.1)."""
    return reports_calendar_run()
