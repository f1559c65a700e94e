"""The audit events of vendors/price_lists, one typed function each."""

from licensing.audit.events import audit_event_record
from licensing.models import Application, AuditEvent, User
from vendors.models import PriceList, Vendor


def price_list_items_set(*, actor: User, vendor: Vendor, price_list: PriceList, application: Application,
                         rows: list) -> AuditEvent:
    return audit_event_record(event_type="vendors.price_list_items_set", actor=actor, organization=vendor.organization,
                              target=price_list, payload={"application": application.pk, "version": price_list.version,
                                                          "items": len(rows)})


def price_list_certified(*, actor: User, vendor: Vendor, price_list: PriceList,
                         application: Application) -> AuditEvent:
    return audit_event_record(event_type="vendors.price_list_certified", actor=actor, organization=vendor.organization,
                              target=price_list, payload={"application": application.pk, "version": price_list.version})
