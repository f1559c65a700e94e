"""Celery tasks of the licensing app: thin, they hand work to Django or to services."""

from celery import shared_task
from django.core.mail import EmailMultiAlternatives


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def email_send(*, subject: str, body: str, to: list[str], html_body: str | None = None) -> int:
    """Send one email off the request path; retried when the mail server is unreachable."""
    message = EmailMultiAlternatives(subject=subject, body=body, to=to)
    if html_body:
        message.attach_alternative(html_body, "text/html")
    return message.send()
