"""The audit events of licensing/matches, one typed function each."""

from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, MatchDecision, User


def match_decided(*, actor: User, decision: MatchDecision, rule: str, person: str, other: str, same: bool,
                  reason: str) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.match_decided", actor=actor, organization=decision.organization, target=decision,
        payload={"rule": rule, "person": person, "person_name": decision.person_name, "other": other,
                 "other_name": decision.other_name, "same": same, "reason": reason},
    )
