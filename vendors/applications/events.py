"""The audit events of vendors/applications, one typed function each."""

from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, Organization, User
from vendors.models import Supplier, Vendor


def vendor_registered(*, actor: User, organization: Organization, vendor: Vendor) -> AuditEvent:
    return audit_event_record(event_type="vendors.vendor_registered", actor=actor, organization=organization,
                              target=vendor, payload={"name": organization.name})


def supplier_added(*, actor: User, vendor: Vendor, supplier: Supplier) -> AuditEvent:
    return audit_event_record(event_type="vendors.supplier_added", actor=actor, organization=vendor.organization,
                              target=supplier, payload={"name": supplier.name})


def supplier_ended(*, actor: User, supplier: Supplier) -> AuditEvent:
    return audit_event_record(event_type="vendors.supplier_ended", actor=actor,
                              organization=supplier.vendor.organization, target=supplier,
                              payload={"name": supplier.name})


def vendor_profile_updated(*, actor: User, vendor: Vendor, changed: list[str]) -> AuditEvent:
    return audit_event_record(event_type="vendors.vendor_profile_updated", actor=actor,
                              organization=vendor.organization, target=vendor, payload={"changed": changed})
