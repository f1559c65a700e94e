"""Celery tasks of the licensing app: thin, they hand work to Django or to services."""

from celery import shared_task


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def password_reset_email_send(*, email: str, language: str) -> int:
    """The reset link for an address, if an account has it: the lookup, token and rendering happen
    here so the reset page answers alike for known and unknown addresses."""
    from licensing.accounts.password_reset import password_reset_email_send as send

    return send(email=email, language=language)


@shared_task
def reminders_send() -> dict:
    """Daily: renewal, cure and amendment reminders, each sent once (licensing.reminders)."""
    from licensing.reminders import reminders_send as send

    return send()


@shared_task
def license_statuses_refresh() -> dict:
    """Daily: start and lift suspensions, expire licenses past their expiry date."""
    from licensing.services.enforcement import license_statuses_refresh as refresh

    return refresh()


# Board review tasks live in their own module; importing them here lets Celery's autodiscovery find them.
from licensing.tasks_review import license_certificate_build, review_daily  # noqa: E402, F401
