"""Celery tasks of the licensing app: thin, they hand work to Django or to services."""

from celery import shared_task

from licensing.accounts.password_reset import password_reset_email_send as password_reset_send
from licensing.enforcement.services import license_statuses_refresh as statuses_refresh
from licensing.reminders import reminders_send as reminders_run


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def password_reset_email_send(*, email: str, language: str) -> int:
    """The reset link for an address, if an account has it: the lookup, token and rendering happen
    here so the reset page answers alike for known and unknown addresses."""
    return password_reset_send(email=email, language=language)


@shared_task
def reminders_send() -> dict:
    """Daily: renewal, cure and amendment reminders, each sent once (licensing.reminders)."""
    return reminders_run()


@shared_task
def license_statuses_refresh() -> dict:
    """Daily: start and lift suspensions, expire licenses past their expiry date."""
    return statuses_refresh()
