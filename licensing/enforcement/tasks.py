"""Celery task of enforcement: the daily refresh of license statuses. Thin: it calls the service."""

from celery import shared_task

from licensing.enforcement.services import license_statuses_refresh as statuses_refresh


# Named as it was when it lived in licensing/tasks.py: the beat schedule and stored periodic tasks use the name.
@shared_task(name="licensing.tasks.license_statuses_refresh")
def license_statuses_refresh() -> dict:
    """Daily: start and lift suspensions, expire licenses past their expiry date."""
    return statuses_refresh()
