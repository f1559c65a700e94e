from django.db import transaction

from licensing.audit.events import audit_event_record
from licensing.models import User
from vendors.models import Vendor, VendorMembership


@transaction.atomic
def vendor_create(*, actor: User | None, name: str, business_type: str, street_address: str, city: str,
                  state: str, postal_code: str, established_on=None) -> Vendor:
    vendor = Vendor(name=name, business_type=business_type, street_address=street_address, city=city,
                    state=state, postal_code=postal_code, established_on=established_on)
    vendor.full_clean()
    vendor.save()
    audit_event_record(event_type="vendors.vendor_created", actor=actor, target=vendor, payload={"name": name})
    return vendor


@transaction.atomic
def vendor_membership_grant(*, actor: User | None, vendor: Vendor, user: User) -> VendorMembership:
    membership, _ = VendorMembership.objects.update_or_create(user=user, vendor=vendor, defaults={"is_active": True})
    audit_event_record(event_type="vendors.membership_granted", actor=actor, target=membership,
                       payload={"user": user.email, "vendor": vendor.name})
    return membership
