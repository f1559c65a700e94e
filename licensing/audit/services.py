"""Anchoring: write down the head of every log that grew since its last anchor, as one more
chained log (the anchors) whose batches also go to the Board's audit address by email."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max

from core.chain import WHOLE_LOG, Head, head_of, lock_log
from licensing.audit.logs import chained_models, heads
from licensing.models import LogAnchor


@transaction.atomic
def log_anchors_record(*, reason: str) -> list[LogAnchor]:
    """One anchor per log whose head is past its last anchor. A log that is now shorter than its
    last anchor is not re-anchored: verification reports it."""
    lock_log(LogAnchor.chain_label(), WHOLE_LOG)
    head = head_of(LogAnchor.objects.all())
    anchors = []
    for model in chained_models():
        if model is LogAnchor:
            continue
        label = model.chain_label()
        anchored = dict(LogAnchor.objects.filter(log=label).order_by().values_list("log_key")
                        .annotate(seq=Max("head_seq")).values_list("log_key", "seq"))
        for identity, log_head in sorted(heads(model)):
            if log_head.seq <= anchored.get(identity, 0):
                continue
            anchor = LogAnchor(log=label, log_key=identity, head_seq=log_head.seq, head_hash=log_head.hash,
                               reason=reason)
            anchor.link(head)
            anchor.save()
            head = Head(anchor.seq, anchor.hash)
            anchors.append(anchor)
    return anchors
