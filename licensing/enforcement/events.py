"""Enforcement's audit events, one typed function each: the Board's actions against a license (suspension,
revocation, fine) and the license's status moving with the calendar (suspension begun or lifted, expiry)."""

import datetime as dt

from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, EnforcementAction, License, User


def _action(*, event_type: str, actor: User, action: EnforcementAction) -> AuditEvent:
    license = action.license
    return audit_event_record(
        event_type=event_type, actor=actor, organization=license.organization, target=action,
        payload={
            "license": license.number, "kind": action.kind, "reasons": action.reasons, "rules": action.rules,
            "starts_on": action.starts_on, "ends_on": action.ends_on, "violations": action.violations,
            "fine_amount": str(action.fine_amount) if action.fine_amount is not None else None,
            "status": license.status,
        },
    )


def license_suspended(*, actor: User, action: EnforcementAction) -> AuditEvent:
    return _action(event_type="licensing.license_suspended", actor=actor, action=action)


def license_revoked(*, actor: User, action: EnforcementAction) -> AuditEvent:
    return _action(event_type="licensing.license_revoked", actor=actor, action=action)


def license_fined(*, actor: User, action: EnforcementAction) -> AuditEvent:
    return _action(event_type="licensing.license_fined", actor=actor, action=action)


def suspension_lifted(*, license: License, ended: dt.date) -> AuditEvent:
    return audit_event_record(event_type="licensing.suspension_lifted", actor=None, organization=license.organization,
                              target=license, payload={"license": license.number, "suspended_until": ended})


def suspension_started(*, license: License, action: EnforcementAction) -> AuditEvent:
    return audit_event_record(event_type="licensing.suspension_started", actor=None, organization=license.organization,
                              target=license, payload={"license": license.number, "suspended_until": action.ends_on})


def license_expired(*, license: License, previous: str) -> AuditEvent:
    return audit_event_record(event_type="licensing.license_expired", actor=None, organization=license.organization,
                              target=license, payload={"license": license.number, "expires_on": license.expires_on,
                                                       "previous_status": previous})
