"""The one way to write an audit event. Every service calls `audit_event_record` inside its
transaction, so the event and the change commit or roll back together. Each organization's
events form one hash-chained log (the Board's own work another): the log is locked, the new
row linked to its head, then written, and the log's owner row (AuditChain) moved to the new head."""

import logging

from django.db import models, transaction

from core.chain import head_of, lock_log
from core.middleware.request_id import current_request_id
from licensing.models import AuditChain, AuditEvent, Organization, User
from licensing.models.audit import audit_chain_for

logger = logging.getLogger(__name__)


def audit_event_record(
    *,
    event_type: str,
    actor: User | None,
    organization: Organization | None = None,
    target: models.Model | None = None,
    payload: dict | None = None,
) -> AuditEvent:
    event = AuditEvent(
        event_type=event_type,
        actor=actor if actor is not None and actor.is_authenticated else None,
        organization=organization,
        object_type=target._meta.label_lower if target is not None else "",
        object_id=str(target.pk) if target is not None else "",
        payload=payload or {},
        request_id=current_request_id(),
        chain=audit_chain_for(organization.pk if organization is not None else None),
    )
    # The advisory lock lives as long as the transaction: a sign-in signal outside any
    # transaction gets one of its own.
    with transaction.atomic():
        lock_log(AuditEvent.chain_label(), event.chain)
        event.link(head_of(AuditEvent.chain_rows(event.chain)))
        event.save()
        # One UPDATE per append, under the log's lock; the trail's first event creates its owner row.
        moved = AuditChain.objects.filter(chain=event.chain).update(head_seq=event.seq, head_hash=event.hash)
        if not moved:
            if event.seq != 1:  # only a forger removes a head row; verification names what they did to the rows
                logger.warning("audit trail %s had no head row at seq %s: made again", event.chain, event.seq)
            AuditChain.objects.create(chain=event.chain, organization=organization, head_seq=event.seq,
                                      head_hash=event.hash)
    return event
