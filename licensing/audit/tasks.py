"""Anchoring runs as a task: daily and every LOG_ANCHOR_MINUTES from beat, and after every close of a
game, a tournament, a night or a raffle drawing's sales or drawing."""

import logging

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from core.chain import head_of
from core.mail import mail_send
from core.queue import enqueue_on_commit
from licensing.audit.services import log_anchors_record as anchors_record
from licensing.audit.witness import batch_of, mail_block, witness_append
from licensing.models import LogAnchor

logger = logging.getLogger(__name__)


@shared_task(name="licensing.audit.tasks.log_anchors_record")
def log_anchors_record(reason: str = "daily") -> dict:
    anchors = anchors_record(reason=reason)
    at = timezone.now()
    try:
        # Every run, grown or not: a batch a failed run could not write is written by the next.
        witness_append(reason=reason, at=at)
    except OSError:
        logger.exception("log anchors: the witness file could not be written; the next run writes what it lacks")
    if anchors and settings.BOARD_AUDIT_EMAIL:
        context = {"anchors": anchors, "reason": reason, "at": timezone.localtime(at),
                   "anchor_head": head_of(LogAnchor.objects.all()),
                   "witness_block": mail_block(batch_of(anchors, reason=reason, at=at))}
        # A task, outside any transaction: nothing to wait for.
        mail_send(to=list(settings.BOARD_AUDIT_EMAIL), subject_template="licensing/audit/anchor_digest_subject.txt",
                  template="licensing/audit/anchor_digest.txt", context=context, after_commit=False)
    return {"anchored": len(anchors)}


def anchors_after_commit(reason: str = "close") -> None:
    """For services that close a game, a tournament, a night or a raffle drawing's step: anchor every log
    once the close is committed."""
    enqueue_on_commit(log_anchors_record, reason=reason)  # the broker down: the next periodic run anchors them
