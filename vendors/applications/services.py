"""A vendor's account and its license applications: a representative registers the business, fills in what
1207.2 asks, and files through licensing's application machinery (drafts, checks, submission, review, votes,
issue), which calls back into vendors/applications/checks.py for the vendor's own rules."""

import datetime as dt

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from licensing.applications.services import application_create
from licensing.models import Application, License, LicenseeKind, Role, User
from licensing.models.choices import ApplicationKind, LicenseType
from licensing.organizations.services import membership_grant, organization_create, organization_profile_update
from vendors.applications import events
from vendors.models import Supplier, Vendor
from vendors.selectors import require_representative

# What the representative tells the Board about the business (1207.2 (b), (c), (f), (h), (i)).
PROFILE_FIELDS = frozenset({
    "business_type", "established_on", "established_place", "years_in_business", "makes_own_supplies",
    "organized_in_dc", "dc_business_license", "resident_agent_name", "resident_agent_address",
})
# Its name, address and contact (1207.2(a)), which the licensing organization holds.
CONTACT_FIELDS = frozenset({"name", "street_address", "city", "state", "postal_code", "phone", "email"})


def _check_dates(vendor: Vendor) -> dict:
    errors = {}
    if isinstance(vendor.established_on, dt.date) and vendor.established_on > dt.date.today():
        errors["established_on"] = [_("The date the business was established cannot be in the future "
                                      "(30 DCMR 1207.2(c)).")]
    if vendor.years_in_business is not None and vendor.years_in_business > 200:
        errors["years_in_business"] = [_("Give the years in the supply business, at most 200 (30 DCMR 1207.2(h)).")]
    return errors


def _clean(vendor: Vendor) -> None:
    errors = {}
    try:
        vendor.full_clean(exclude=["organization"])
    except ValidationError as exc:
        errors.update(exc.error_dict)
    for name, messages in _check_dates(vendor).items():
        errors.setdefault(name, []).extend(messages)
    if errors:
        raise ValidationError(errors)


@transaction.atomic
def vendor_register(*, actor: User, name: str, street_address: str, postal_code: str, city: str = "Washington",
                    state: str = "DC", phone: str = "", email: str = "", **profile) -> Vendor:
    """A representative registers the business: a licensee of kind vendor (licensing), its vendor record, and
    the representative's role there. Every refused field, of the business's contact or of its profile, is named
    at once, and nothing is written."""
    unknown = set(profile) - PROFILE_FIELDS
    if unknown:
        raise TypeError(f"not vendor profile fields: {', '.join(sorted(unknown))}")
    if actor.is_board_staff or actor.is_board_member or actor.is_board_admin:
        # 30 DCMR 1206.4(e): Board members and Board employees hold no vendor license, nor act for a vendor.
        raise PermissionDenied(_("Board members and Board employees may not register or represent a vendor "
                                 "(30 DCMR 1206.4(e))."))
    vendor = Vendor(**profile)
    errors: dict[str, list] = {}
    try:
        _clean(vendor)
    except ValidationError as exc:
        errors.update(exc.error_dict)
    try:
        with transaction.atomic():  # a savepoint: the contact is checked even when the profile was refused
            organization = organization_create(actor=actor, kind=LicenseeKind.VENDOR, organization_type="",
                                               name=name, street_address=street_address, postal_code=postal_code,
                                               city=city, state=state, phone=phone, email=email)
            if errors:
                raise ValidationError(errors)
    except ValidationError as exc:
        for field, messages in exc.error_dict.items():
            errors.setdefault(field, [])
            errors[field] += [message for message in messages if message not in errors[field]]
        raise ValidationError(errors) from None
    vendor.organization = organization
    vendor.save()
    membership_grant(actor=actor, organization=organization, user=actor, role=Role.VENDOR_REPRESENTATIVE)
    events.vendor_registered(actor=actor, organization=organization, vendor=vendor)
    return vendor


@transaction.atomic
def vendor_profile_update(*, actor: User, vendor: Vendor, **fields) -> Vendor:
    """The business's details: its profile (1207.2 (b), (c), (f), (h), (i)) and its name, address and contact
    (1207.2(a), on the licensing organization, where a change while licensed is a substantial change, 1202.3).
    Either both are saved or neither is."""
    require_representative(actor, vendor)
    unknown = set(fields) - PROFILE_FIELDS - CONTACT_FIELDS
    if unknown:
        raise ValidationError({name: _("This field cannot be changed here.") for name in sorted(unknown)})
    contact = {name: value for name, value in fields.items() if name in CONTACT_FIELDS}
    fields = {name: value for name, value in fields.items() if name in PROFILE_FIELDS}
    before = {name: getattr(vendor, name) for name in fields}
    for name, value in fields.items():
        setattr(vendor, name, value)
    errors: dict[str, list] = {}
    try:
        _clean(vendor)
    except ValidationError as exc:
        errors.update(exc.error_dict)
    if contact:
        try:
            with transaction.atomic():
                organization_profile_update(actor=actor, organization=vendor.organization, **contact)
                if errors:
                    raise ValidationError(errors)  # undo the contact's save: nothing half-written
        except ValidationError as exc:
            for field, messages in exc.error_dict.items():
                errors.setdefault(field, [])
                errors[field] += [message for message in messages if message not in errors[field]]
            vendor.organization.refresh_from_db()
    if errors:
        for name, value in before.items():
            setattr(vendor, name, value)
        raise ValidationError(errors)
    changed = sorted(name for name, value in before.items() if getattr(vendor, name) != value)
    if changed:
        vendor.save()
        events.vendor_profile_updated(actor=actor, vendor=vendor, changed=changed)
    return vendor


@transaction.atomic
def supplier_add(*, actor: User, vendor: Vendor, name: str, address: str = "") -> Supplier:
    require_representative(actor, vendor)
    supplier = Supplier(vendor=vendor, name=(name or "").strip(), address=(address or "").strip())
    if not supplier.name:
        raise ValidationError({"name": _("Give the supplier's or manufacturer's name (30 DCMR 1207.2(f)).")})
    supplier.full_clean()
    supplier.save()
    events.supplier_added(actor=actor, vendor=vendor, supplier=supplier)
    return supplier


@transaction.atomic
def supplier_end(*, actor: User, supplier: Supplier) -> Supplier:
    require_representative(actor, supplier.vendor)
    supplier.is_current = False  # kept: who supplied the vendor is part of the record
    supplier.save(update_fields=["is_current"])
    events.supplier_ended(actor=actor, supplier=supplier)
    return supplier


def vendor_application_create(*, actor: User, vendor: Vendor, kind: str = ApplicationKind.ORIGINAL,
                              base_license: License | None = None) -> Application:
    """A vendor license application; a renewal or an amendment starts from the license in force (its price
    list is copied into the new draft by the prepare hook)."""
    require_representative(actor, vendor)
    return application_create(actor=actor, organization=vendor.organization, license_type=LicenseType.VENDOR,
                              license_class="", kind=kind, base_license=base_license)
