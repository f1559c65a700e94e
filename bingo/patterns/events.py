"""The audit events of bingo/patterns, one typed function each."""

from bingo.models import Pattern
from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, Organization, User


def pattern_created(
    *, actor: User, organization: Organization, pattern: Pattern, slug: str, masks: list[int]
) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.pattern_created",
        actor=actor,
        organization=organization,
        target=pattern,
        payload={"slug": slug, "masks": masks},
    )
