"""The licenses' audit events, one typed function each: issued, amended, superseded, certificate built."""

from licensing.audit.events import audit_event_record
from licensing.licenses.rules import AMENDMENT_RULE
from licensing.models import Application, AuditEvent, License, SubstantialChange


def license_issued(*, application: Application, license: License, parent: License | None) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.license_issued", actor=None, organization=application.organization, target=license,
        payload={"application": application.pk, "number": license.number, "kind": application.kind,
                 "effective_on": license.effective_on, "expires_on": license.expires_on,
                 "parent": parent.pk if parent else None},
    )


def license_amended(*, application: Application, base: License, before: dict,
                    taken_in: list[SubstantialChange]) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.license_amended", actor=None, organization=application.organization, target=base,
        payload={"application": application.pk, "before": before,
                 "after": {"premises": base.premises_id, "schedule": base.schedule,
                           "licensed_name": base.licensed_name},
                 "substantial_changes": [row.pk for row in taken_in], "rule": AMENDMENT_RULE},
    )


def license_superseded(*, license: License, parent: License) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.license_superseded", actor=None, organization=parent.organization, target=parent,
        payload={"application": license.application_id, "successor": license.number},
    )


def license_certificate_built(*, license: License, pdf: bytes) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.license_certificate_built", actor=None, organization=license.organization,
        target=license, payload={"application": license.application_id, "file": license.certificate.name,
                                 "size": len(pdf)},
    )
