"""Celery task of the password reset: thin, it calls licensing.accounts.password_reset."""

from celery import shared_task

from licensing.accounts.password_reset import password_reset_email_send as password_reset_send


# Named as it was when it lived in licensing/tasks.py: queued messages keep their name.
@shared_task(name="licensing.tasks.password_reset_email_send", autoretry_for=(OSError,), retry_backoff=True,
             max_retries=5)
def password_reset_email_send(*, email: str, language: str) -> int:
    """The reset link for an address, if an account has it: the lookup, token and rendering happen
    here so the reset page answers alike for known and unknown addresses."""
    return password_reset_send(email=email, language=language)
