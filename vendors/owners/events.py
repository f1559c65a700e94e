"""The audit events of vendors/owners, one typed function each."""

from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, Document, User
from vendors.models import Owner, Vendor


def owner_added(*, actor: User, vendor: Vendor, owner: Owner) -> AuditEvent:
    return audit_event_record(event_type="vendors.owner_added", actor=actor, organization=vendor.organization,
                              target=owner, payload={"full_name": owner.full_name, "role": owner.role,
                                                     "share": owner.share})


def owner_ended(*, actor: User, owner: Owner) -> AuditEvent:
    return audit_event_record(event_type="vendors.owner_ended", actor=actor, organization=owner.vendor.organization,
                              target=owner, payload={"full_name": owner.full_name})


def owner_police_clearance_set(*, actor: User, owner: Owner, jurisdiction: str, document: Document) -> AuditEvent:
    return audit_event_record(event_type="vendors.owner_police_clearance_set", actor=actor,
                              organization=owner.vendor.organization, target=owner,
                              payload={"document": document.pk, "jurisdiction": jurisdiction})


def owner_conflict_decided(*, actor: User, owner: Owner, reason: str) -> AuditEvent:
    return audit_event_record(event_type="vendors.owner_conflict_decided", actor=actor,
                              organization=owner.vendor.organization, target=owner,
                              payload={"full_name": owner.full_name, "conflict": owner.conflict_found,
                                       "reason": reason})


def owner_updated(*, actor: User, owner: Owner, changed: list[str]) -> AuditEvent:
    return audit_event_record(event_type="vendors.owner_updated", actor=actor, organization=owner.vendor.organization,
                              target=owner, payload={"changed": changed})
