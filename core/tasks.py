"""The one Celery task of the plumbing: sending an email off the request path."""

from celery import shared_task
from django.core.mail import EmailMultiAlternatives


# The name it has always had: queued messages and any stored task name keep working.
@shared_task(name="licensing.tasks.email_send", autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def email_send(*, subject: str, body: str, to: list[str], html_body: str | None = None) -> int:
    """Send one email; retried when the mail server is unreachable."""
    message = EmailMultiAlternatives(subject=subject, body=body, to=to)
    if html_body:
        message.attach_alternative(html_body, "text/html")
    return message.send()
