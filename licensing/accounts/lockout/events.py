"""The sign-in lock's audit event."""

from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, User


def lockout_cleared(*, actor: User, user: User | None, email: str, ip_address: str, removed: int,
                    by: str) -> AuditEvent:
    """`by`: "board" (a Board member cleared it) or "password_reset" (the holder reset their password)."""
    return audit_event_record(event_type="licensing.lockout_cleared", actor=actor, target=user,
                              payload={"email": email, "ip": ip_address, "removed": removed, "by": by})
