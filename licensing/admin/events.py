"""The Django admin's audit events (admin.*): core.admin spells each type and builds its payload (core imports
no app), and the project's site writes it here, the one way into the trail."""

from django.db.models import Model

from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, User


def admin_change_recorded(*, event_type: str, actor: User, target: Model | None, payload: dict) -> AuditEvent:
    return audit_event_record(event_type=event_type, actor=actor, target=target, payload=payload)
