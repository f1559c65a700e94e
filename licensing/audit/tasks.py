"""Anchoring runs as a task: daily from beat, and after every game or tournament close."""

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core.chain import head_of
from core.mail import mail_send
from licensing.audit.services import log_anchors_record as anchors_record
from licensing.models import LogAnchor


@shared_task(name="licensing.audit.tasks.log_anchors_record")
def log_anchors_record(reason: str = "daily") -> dict:
    anchors = anchors_record(reason=reason)
    if anchors and settings.BOARD_AUDIT_EMAIL:
        context = {"anchors": anchors, "reason": reason, "at": timezone.localtime(),
                   "anchor_head": head_of(LogAnchor.objects.all())}
        # A task, outside any transaction: nothing to wait for.
        mail_send(to=list(settings.BOARD_AUDIT_EMAIL), subject_template="licensing/audit/anchor_digest_subject.txt",
                  template="licensing/audit/anchor_digest.txt", context=context, after_commit=False)
    return {"anchored": len(anchors)}


def anchors_after_commit(reason: str = "close") -> None:
    """For services that close a game or a tournament: anchor every log once the close is committed."""
    transaction.on_commit(lambda: log_anchors_record.delay(reason=reason))
