"""The audit events of licensing/premises, one typed function each."""

from licensing.audit.events import audit_event_record
from licensing.models import Application, AuditEvent, Premises, PremisesCorrection, User


def premises_correction_filed(*, actor: User, application: Application, correction: PremisesCorrection,
                              premises: Premises, earlier: list[PremisesCorrection],
                              wanted: dict[str, str]) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.premises_correction_filed", actor=actor, organization=application.organization,
        target=correction, payload={"application": application.pk, "premises": premises.pk,
                                    "changes": {field: [correction.name_on_record if field == "name"
                                                        else correction.certificate_on_record, value]
                                                for field, value in wanted.items()},
                                    "replaces": [c.pk for c in earlier]},
    )


def premises_correction_accepted(*, actor: User, correction: PremisesCorrection, before: dict,
                                 premises: Premises) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.premises_correction_accepted", actor=actor, organization=correction.organization,
        target=correction, payload={"premises": premises.pk, "before": before, "after": {
            "name": premises.name, "certificate_of_occupancy": premises.certificate_of_occupancy}},
    )


def premises_correction_rejected(*, actor: User, correction: PremisesCorrection) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.premises_correction_rejected", actor=actor, organization=correction.organization,
        target=correction, payload={"premises": correction.premises_id},
    )
