"""Celery task of enforcement: the daily refresh of license statuses. Thin: it calls the service."""

from celery import shared_task

from core.jobs import once_a_day
from licensing.enforcement.services import license_statuses_refresh as statuses_refresh


# Named as it was when it lived in licensing/tasks.py: the beat schedule and stored periodic tasks use the name.
@shared_task(name="licensing.tasks.license_statuses_refresh")
@once_a_day("licensing.tasks.license_statuses_refresh")  # once for its day (core.jobs)
def license_statuses_refresh() -> dict:
    """Daily: start and lift suspensions, expire licenses past their expiry date."""
    return statuses_refresh()
