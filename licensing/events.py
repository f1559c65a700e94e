"""The one way to write an audit event. Every service calls `audit_event_record`
inside its transaction, so the event and the change commit or roll back together."""

from django.db import models

from config.request_id import current_request_id
from licensing.models import AuditEvent, Organization, User


def audit_event_record(
    *,
    event_type: str,
    actor: User | None,
    organization: Organization | None = None,
    target: models.Model | None = None,
    payload: dict | None = None,
) -> AuditEvent:
    return AuditEvent.objects.create(
        event_type=event_type,
        actor=actor if actor is not None and actor.is_authenticated else None,
        organization=organization,
        object_type=target._meta.label_lower if target is not None else "",
        object_id=str(target.pk) if target is not None else "",
        payload=payload or {},
        request_id=current_request_id(),
    )
