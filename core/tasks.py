"""The Celery tasks of the plumbing: sending the outbox's emails off the request path, and its sweep."""

from celery import shared_task
from django.core.mail import EmailMultiAlternatives

from core.outbox import outbox_deliver, outbox_waiting
from core.queue import enqueue


@shared_task(name="core.tasks.outbox_send", bind=True, max_retries=None)
def outbox_send(self, *, outbox_id: int) -> str:
    """Send one outbox row, once however often this is delivered (core.outbox); the mail server down: again later,
    30 s, 1 min, 2 min... up to 10 min apart, until the row is given up (OUTBOX_MAX_ATTEMPTS)."""
    outcome = outbox_deliver(outbox_id)
    if outcome == "retry":
        raise self.retry(countdown=min(600, 30 * 2 ** self.request.retries))
    return outcome


@shared_task(name="core.tasks.outbox_sweep")
def outbox_sweep() -> dict:
    """Every few minutes (beat): ask again for the emails left queued (a killed worker's, a down broker's)."""
    waiting = outbox_waiting()
    queued = sum(enqueue(outbox_send, outbox_id=pk) for pk in waiting)
    return {"waiting": len(waiting), "queued": queued}


# The name it has always had: a message queued before the outbox (a deploy's in-flight tasks) still goes out.
@shared_task(name="licensing.tasks.email_send", autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def email_send(*, subject: str, body: str, to: list[str], html_body: str | None = None) -> int:
    """Send one email; retried when the mail server is unreachable. New mail goes through the outbox (core.mail)."""
    message = EmailMultiAlternatives(subject=subject, body=body, to=to)
    if html_body:
        message.attach_alternative(html_body, "text/html")
    return message.send()
