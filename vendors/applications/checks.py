"""The vendor's rules, run by licensing's application checks for a vendor license (licensing.applications.
kinds): the facts of 1207.2 (a)-(l) from the vendor's records, who may not hold the license (1206.4), and the
price list fixed for the term (1207.2(j)). Registered in VendorsConfig.ready."""

import datetime as dt

from django.utils import timezone

from core.findings import Finding
from core.people import name_key
from licensing.applications.kinds import LicenseTypeHooks
from licensing.models import Application, BoardGroup, MatchDecision, User
from licensing.models.choices import ApplicationKind
from vendors.applications import rules
from vendors.models import BusinessType, Owner, OwnerRole, Vendor
from vendors.owners import rules as owner_rules
from vendors.owners.services import CLEARANCE_FIELDS
from vendors.price_lists import rules as price_rules
from vendors.price_lists.selectors import (
    price_list_for_application,
    price_list_in_force,
    price_list_of_license,
    vendor_license_in_force,
)
from vendors.price_lists.services import price_list_start
from vendors.selectors import owner_clearances_needed

BOARD_RULE = "30 DCMR 1206.4(e)"


def _address(obj) -> str:
    parts = [obj.street_address, obj.city, f"{obj.state} {obj.postal_code}".strip()]
    return ", ".join(part for part in parts if part)


def current_owners(vendor: Vendor) -> list[Owner]:
    return list(vendor.owners.filter(is_current=True).order_by("full_name", "pk"))


def application_facts(application: Application, vendor: Vendor) -> rules.VendorApplicationFacts:
    organization = application.organization
    price_list = price_list_for_application(application)
    items = list(price_list.items.all()) if price_list else []
    return rules.VendorApplicationFacts(
        name=organization.name, address=_address(organization),
        business_type=vendor.get_business_type_display() if vendor.business_type else "",
        established_on=vendor.established_on, established_at=vendor.established_place,
        people=tuple(rules.NamedPerson(
            name=owner.full_name, role=owner.get_role_display().lower(), address=owner.street_address and
            _address(owner), born=owner.date_of_birth, share=owner.share,
            police_clearance=owner.police_clearance_id is not None, employee=owner.role == OwnerRole.EMPLOYEE,
            residence=owner.state.upper(), residence_clearance=owner.residence_clearance_id is not None,
            business_clearance=owner.business_clearance_id is not None) for owner in current_owners(vendor)),
        business_state=(organization.state or "").upper(),
        prior_year_gross_receipts=application.gross_sales,
        suppliers=tuple(rules.Supplier(s.name, s.address) for s in vendor.suppliers.filter(is_current=True)),
        makes_own_supplies=vendor.makes_own_supplies,
        catalogue=tuple(rules.CatalogueItem(item.name, item.unit, item.unit_price) for item in items),
        years_in_business=vendor.years_in_business, organized_in_dc=vendor.organized_in_dc,
        dc_business_license=vendor.dc_business_license, resident_agent_name=vendor.resident_agent_name,
        resident_agent_address=vendor.resident_agent_address,
        price_list_certified=price_list is not None and price_list.certified_at is not None,
        # The fee is stated with the application (licensing's fee findings, 1202.2(r)) and taken with it.
        fee_paid=True,
    )


def _person(owner: Owner) -> owner_rules.Person:
    return owner_rules.Person(
        name=owner.full_name, role=owner.get_role_display().lower(), share=owner.share, born=owner.date_of_birth,
        felony_convicted=owner.felony_convicted, felony_pardoned=owner.felony_pardoned,
        supervision_ended_on=owner.supervision_ended_on, gambler=owner.gambler, dc_official=owner.dc_official,
        relative_disqualified=owner.relative_disqualified)


def board_names() -> list[tuple[str, str]]:
    """(reference, full name) of every active Board account: members, staff, administrators (1206.4(e))."""
    groups = [BoardGroup.STAFF, BoardGroup.MEMBER, BoardGroup.ADMIN]
    users = User.objects.filter(is_active=True, groups__name__in=groups).distinct().order_by("pk")
    return [(f"licensing.user:{user.pk}", user.full_name) for user in users if user.full_name]


def disqualification_findings(vendor: Vendor, *, applied_on: dt.date) -> list[Finding]:
    owners = current_owners(vendor)
    decisions = {(d.person, d.other): d.same for d in MatchDecision.objects.filter(
        rule=BOARD_RULE, person__in=[owner.ref for owner in owners])}
    board = board_names()
    findings = []
    for owner in owners:
        # A possible match staff dismissed is no longer asked about; a confirmed one blocks (1206.4(e)).
        names = [name for ref, name in board if decisions.get((owner.ref, ref)) is not False]
        confirmed = [name for ref, name in board if decisions.get((owner.ref, ref)) is True]
        conflicts = {name_key(owner.full_name): (owner.conflict_found, owner.conflict_reason)}
        findings += owner_rules.disqualification_findings(
            [_person(owner)], applied_on=applied_on, firm=vendor.business_type != BusinessType.SOLE_PROPRIETORSHIP,
            conflicts=conflicts, board_names=names, board_confirmed=confirmed)
    return findings


def price_list_findings(application: Application, vendor: Vendor, *, today: dt.date) -> list[Finding]:
    """A version filed outside an amendment may not change the list in force before the term ends."""
    license = vendor_license_in_force(vendor, on=today)
    proposed = price_list_for_application(application)
    if license is None or proposed is None:
        return []
    current = price_list_in_force(vendor, on=today)
    if application.kind == ApplicationKind.RENEWAL:
        takes_effect = max(today, license.expires_on + dt.timedelta(days=1))  # the next term's prices
    else:
        takes_effect = today
    return price_rules.price_list_findings(
        current={item.catalogue_number: item.unit_price for item in current.items.all()} if current else {},
        proposed={item.catalogue_number: item.unit_price for item in proposed.items.all()}, on=takes_effect,
        term_starts=license.effective_on, term_ends=license.expires_on,
        amendment_approved=application.kind == ApplicationKind.AMENDMENT)


def vendor_findings(application: Application, *, today: dt.date | None = None) -> list[Finding]:
    today = today or timezone.localdate()
    vendor = application.organization.vendor
    return (rules.application_findings(application_facts(application, vendor))
            + disqualification_findings(vendor, applied_on=today)
            + price_list_findings(application, vendor, today=today))


def vendor_snapshot(application: Application) -> dict:
    """The vendor as it filed: the record the Board decides on (dates of birth stay with the Board)."""
    vendor = application.organization.vendor
    organization = application.organization
    price_list = price_list_for_application(application)
    return {
        "vendor": {"name": organization.name, "address": _address(organization),
                   "business_type": vendor.business_type, "established_on": vendor.established_on,
                   "established_place": vendor.established_place, "years_in_business": vendor.years_in_business,
                   "organized_in_dc": vendor.organized_in_dc, "dc_business_license": vendor.dc_business_license,
                   "resident_agent_name": vendor.resident_agent_name,
                   "resident_agent_address": vendor.resident_agent_address,
                   "makes_own_supplies": vendor.makes_own_supplies},
        "owners": [{"role": o.role, "full_name": o.full_name, "address": _address(o), "date_of_birth": o.date_of_birth,
                    "share": str(o.share), "through": o.through, "police_clearance": o.police_clearance_id,
                    "residence_clearance": o.residence_clearance_id, "business_clearance": o.business_clearance_id,
                    # 1207.2(l): which reports were asked of the person (none of an employee) and which are on file.
                    "clearances": [{"jurisdiction": which,
                                    "on_file": getattr(o, CLEARANCE_FIELDS[which] + "_id") is not None}
                                   for which in owner_clearances_needed(o)]}
                   for o in current_owners(vendor)],
        "suppliers": list(vendor.suppliers.filter(is_current=True).values("name", "address")),
        "gross_sales": str(application.gross_sales) if application.gross_sales is not None else None,
        "staffing_income": (str(application.staffing_income) if application.staffing_income is not None
                            else None),  # 1208.4
        "price_list": None if price_list is None else {
            "version": price_list.version,
            "items": [{"catalogue_number": i.catalogue_number, "name": i.name, "category": i.category,
                       "unit": i.unit, "unit_price": str(i.unit_price)} for i in price_list.items.all()]},
    }


def vendor_prepare(application: Application, *, actor: User) -> None:
    """Every vendor application has its price list version; a renewal or amendment starts from the one in force
    (an amendment from its license's, a renewal from the license it renews)."""
    base = application.base_license
    copy_from = None
    if base is not None:
        copy_from = price_list_of_license(base)
    price_list_start(actor=actor, application=application, copy_from=copy_from)


HOOKS = LicenseTypeHooks(findings=vendor_findings, snapshot=vendor_snapshot, prepare=vendor_prepare)
