"""Sending the outbox's emails (core.models.MailOutbox) once each, however often the task is delivered.

The task may run twice: Celery acknowledges a task when it has finished (CELERY_TASK_ACKS_LATE), so a worker killed
mid-send leaves the task to be delivered again, and the sweep asks again for any row left queued. Each delivery
locks the row (SELECT ... FOR UPDATE SKIP LOCKED) and sends only a row still queued, marking it sent in the same
transaction: a second delivery while the first is sending finds it locked and does nothing; one after finds it sent.
A worker killed mid-send rolls its transaction back, so the row is queued again for the next delivery. What remains
is the instant between the mail server's "250 OK" and the commit: a kill exactly there sends the email twice. No
mail protocol closes that gap; the order here keeps it to that instant."""

from __future__ import annotations

import datetime as dt
import logging
import smtplib

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import connection, transaction
from django.utils import timezone

from core.models import MailOutbox, OutboxStatus

logger = logging.getLogger(__name__)

# The mail server down or refusing: worth trying again later.
SEND_ERRORS = (OSError, smtplib.SMTPException)


def outbox_deliver(outbox_id: int) -> str:
    """Send one outbox row if it is still queued. Returns what happened: "sent", "retry" (the mail server failed;
    the row stays queued), "failed" (it failed OUTBOX_MAX_ATTEMPTS times), or "skipped" (sent already, given up,
    or being sent by another worker right now)."""
    with transaction.atomic():
        rows = MailOutbox.objects.filter(pk=outbox_id, status=OutboxStatus.QUEUED)
        if connection.features.has_select_for_update_skip_locked:
            rows = rows.select_for_update(skip_locked=True)
        row = rows.first()
        if row is None:
            return "skipped"
        row.attempts += 1
        try:
            _send(row)
        except SEND_ERRORS as error:
            row.last_error = f"{type(error).__name__}: {error}"[:1000]
            if row.attempts >= settings.OUTBOX_MAX_ATTEMPTS:
                row.status = OutboxStatus.FAILED
                logger.error("email %s given up after %s attempts: %s", row.pk, row.attempts, row.last_error)
            row.save(update_fields=["attempts", "last_error", "status"])
            return "failed" if row.status == OutboxStatus.FAILED else "retry"
        row.status, row.sent_at = OutboxStatus.SENT, timezone.now()
        row.save(update_fields=["attempts", "status", "sent_at"])
    return "sent"


def _send(row: MailOutbox) -> None:
    message = EmailMultiAlternatives(subject=row.subject, body=row.body, to=row.to)
    if row.html_body:
        message.attach_alternative(row.html_body, "text/html")
    message.send()


def outbox_waiting(*, now: dt.datetime | None = None) -> list[int]:
    """The rows queued and not asked for in OUTBOX_SWEEP_MINUTES (their task lost with a killed worker, or never
    queued because the broker was down at commit time), oldest first; marks them asked for now."""
    now = now or timezone.now()
    before = now - dt.timedelta(minutes=settings.OUTBOX_SWEEP_MINUTES)
    with transaction.atomic():
        waiting = list(MailOutbox.objects.filter(status=OutboxStatus.QUEUED, queued_at__lte=before)
                       .order_by("queued_at", "pk").values_list("pk", flat=True)[:settings.OUTBOX_SWEEP_BATCH])
        MailOutbox.objects.filter(pk__in=waiting).update(queued_at=now)
    return waiting
