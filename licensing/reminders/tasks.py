"""Celery task of the deadline reminders: thin, it calls the service."""

from celery import shared_task

from core.jobs import once_a_day
from licensing.reminders.services import reminders_send as reminders_run


# Named as it was when it lived in licensing/tasks.py: the beat schedule and stored periodic tasks use the name.
@shared_task(name="licensing.tasks.reminders_send")
@once_a_day("licensing.tasks.reminders_send")  # once for its day (core.jobs)
def reminders_send() -> dict:
    """Daily: renewal, cure, amendment and report-due reminders, each sent once (licensing.reminders)."""
    return reminders_run()
