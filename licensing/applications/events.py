"""The audit events of licensing/applications, one typed function each."""

from core.findings import Finding
from licensing.audit.events import audit_event_record
from licensing.models import (
    Application,
    AuditEvent,
    DeficiencyNotice,
    Organization,
    Premises,
    PremisesCorrection,
    User,
)


def application_created(*, actor: User, organization: Organization, application: Application, license_type: str,
                        license_class: str, kind: str, period: str) -> AuditEvent:
    return audit_event_record(event_type="licensing.application_created", actor=actor, organization=organization,
                              target=application, payload={"license_type": license_type, "license_class": license_class,
                                                           "kind": kind, "period": period})


def application_premises_set(*, actor: User, application: Application, previous: int | None, resolution: str | None,
                             premises: Premises, correction: PremisesCorrection | None) -> AuditEvent:
    return audit_event_record(event_type="licensing.application_premises_set", actor=actor,
                              organization=application.organization, target=application,
                              payload={"premises": premises.pk, "previous": previous, "resolution": resolution,
                                       "correction": correction.pk if correction else None})


def application_schedule_set(*, actor: User, application: Application, rows: list) -> AuditEvent:
    return audit_event_record(event_type="licensing.application_schedule_set", actor=actor,
                              organization=application.organization, target=application,
                              payload={"occasions": len(rows)})


def application_updated(*, actor: User, application: Application, changed: list[str]) -> AuditEvent:
    return audit_event_record(event_type="licensing.application_updated", actor=actor,
                              organization=application.organization, target=application, payload={"fields": changed})


def deficiency_cured(*, actor: User, application: Application, notice: DeficiencyNotice) -> AuditEvent:
    return audit_event_record(event_type="licensing.deficiency_cured", actor=actor,
                              organization=application.organization, target=notice)


def _submission(*, event_type: str, actor: User, application: Application, findings: list[Finding]) -> AuditEvent:
    return audit_event_record(
        event_type=event_type, actor=actor, organization=application.organization, target=application,
        payload={"application_fee": application.application_fee, "bond": application.bond_amount,
                 "warnings": [f.rule for f in findings if not f.blocking]},
    )


def application_submitted(*, actor: User, application: Application, findings: list[Finding]) -> AuditEvent:
    return _submission(event_type="licensing.application_submitted", actor=actor, application=application,
                       findings=findings)


def application_resubmitted(*, actor: User, application: Application, findings: list[Finding]) -> AuditEvent:
    """Submitted again after a deficiency notice."""
    return _submission(event_type="licensing.application_resubmitted", actor=actor, application=application,
                       findings=findings)
