"""The vendor tests' builders: factory_boy factories (a vendor, its representative, owners, suppliers); a vendor
ready to file made the way a representative makes one (register, complete, file); and licensed vendors made the
way the system makes them (submit, four ayes, issue) with their enforcement. Shared by the vendor tests, the
licensing tests that meet a vendor (registry, price lists, conflicts, review) and the browser test."""

import datetime as dt
from decimal import Decimal

import factory

from licensing.applications.services import application_submit, application_update
from licensing.enforcement.services import license_revoke, license_suspend
from licensing.models import Application, License, LicenseeKind, Role
from licensing.models.choices import ApplicationKind, DocumentKind, LicenseType
from licensing.organizations.documents import document_upload
from tests.licensing.factories import (
    MembershipFactory,
    OrganizationFactory,
    UserFactory,
    approve,
    board_staff,
    set_fee,
    upload,
)
from vendors.applications.services import supplier_add, vendor_application_create, vendor_register
from vendors.models import BusinessType, Owner, OwnerRole, Supplier, Vendor
from vendors.owners.services import owner_add, owner_police_clearance_set
from vendors.price_lists.services import price_list_certify, price_list_items_set


class VendorFactory(factory.django.DjangoModelFactory):
    """A vendor licensee: a licensing Organization of kind vendor with its vendor record."""

    class Meta:
        model = Vendor

    organization = factory.SubFactory(
        OrganizationFactory, kind=LicenseeKind.VENDOR, organization_type="",
        name=factory.Sequence(lambda n: f"Bingo Supply {n} LLC"), street_address="10 Industrial Way",
        city="Baltimore", state="MD", postal_code="21201")
    business_type = BusinessType.LLC
    established_on = dt.date(2004, 5, 1)
    established_place = "Baltimore, Maryland"
    years_in_business = 20
    organized_in_dc = False
    resident_agent_name = "DC Registered Agents Inc."
    resident_agent_address = "1 Thomas Circle NW, Washington, DC 20005"


class VendorRepresentativeFactory(MembershipFactory):
    """A representative's membership in a vendor (`.organization.vendor` is the vendor record)."""

    user = factory.SubFactory(UserFactory)
    organization = factory.LazyFunction(lambda: VendorFactory().organization)
    role = Role.VENDOR_REPRESENTATIVE


class OwnerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Owner

    vendor = factory.SubFactory(VendorFactory)
    role = OwnerRole.OFFICER
    full_name = factory.Sequence(lambda n: f"Owner Person {n}")
    street_address = "12 Pratt Street"
    city = "Baltimore"
    state = "MD"
    postal_code = "21202"
    date_of_birth = dt.date(1970, 3, 4)
    share = Decimal("50.00")


class SupplierFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Supplier

    vendor = factory.SubFactory(VendorFactory)
    name = factory.Sequence(lambda n: f"Paper Mill {n}")
    address = "400 Mill Road, Richmond, VA 23219"


# A vendor ready to file, made the way its representative makes it.
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
ITEMS = [
    {"catalogue_number": "BP-100", "name": "Bingo paper, 6 on", "unit": "case of 500", "unit_price": "42.50"},
    {"catalogue_number": "DB-200", "name": "Ink dauber", "unit": "box of 12", "unit_price": "9.99"},
]


def vendor_fee_rows(amount: str = "250.00", *, kinds=(ApplicationKind.ORIGINAL, ApplicationKind.AMENDMENT)):
    """The original vendor fee is Board data (1208.4); so is the fee of an amendment."""
    for kind in kinds:
        set_fee(LicenseType.VENDOR, "", amount, kind=kind)


def registered_vendor(*, representative=None, name: str = "Potomac Gaming Supply LLC") -> tuple[Vendor, object]:
    representative = representative or UserFactory()
    vendor = vendor_register(
        actor=representative, name=name, street_address="1800 Half Street SW", postal_code="20024",
        business_type="llc", established_on=dt.date(2010, 6, 1), established_place="Washington, DC",
        years_in_business=15, organized_in_dc=True, dc_business_license="BL-2010-7781")
    return vendor, representative


def complete_vendor(vendor: Vendor, representative, *, owners=None) -> None:
    """Owners with police clearance reports and a supplier: everything 1207.2 asks of the vendor itself."""
    for fields in owners or [{"role": "officer", "full_name": "Grace Whitfield", "share": "60.00",
                              "date_of_birth": dt.date(1968, 2, 14)},
                             {"role": "shareholder", "full_name": "Tomas Ruiz", "share": "40.00",
                              "date_of_birth": dt.date(1975, 9, 30)}]:
        owner = owner_add(actor=representative, vendor=vendor, street_address="22 M Street SE", city="Washington",
                          state="DC", postal_code="20003", **fields)
        document = document_upload(actor=representative, organization=vendor.organization,
                                   kind=DocumentKind.POLICE_CLEARANCE,
                                   uploaded_file=upload(f"clearance-{owner.pk}.pdf", PDF))
        owner_police_clearance_set(actor=representative, owner=owner, document=document)
    supplier_add(actor=representative, vendor=vendor, name="Arrow Paper Mills", address="5 Mill Rd, Dayton, OH")


def filed_application(vendor: Vendor, representative, *, kind=ApplicationKind.ORIGINAL, base_license=None,
                      items=ITEMS, gross_sales: str = "18250.00") -> Application:
    application = vendor_application_create(actor=representative, vendor=vendor, kind=kind,
                                            base_license=base_license)
    application_update(actor=representative, application=application, gross_sales=gross_sales)
    if items is not None:
        price_list_items_set(actor=representative, application=application, items=items)
        price_list_certify(actor=representative, application=application)
    return application


# Licensed vendors, and their enforcement.
GROUNDS = {"reasons": ["d"], "rules": ["30 DCMR 1403.1"], "explanation": "Sold supplies off its price list."}
MONTECARLO_ITEMS = [*ITEMS, {"catalogue_number": "MC-300", "name": "Roulette layout", "category": "montecarlo",
                             "unit": "each", "unit_price": "310.00"}]


def submitted_vendor_application(*, name: str = "Potomac Gaming Supply LLC", items=ITEMS, owners=None,
                                 representative=None) -> Application:
    vendor_fee_rows()
    vendor, representative = registered_vendor(name=name, representative=representative)
    complete_vendor(vendor, representative, owners=owners)
    application = filed_application(vendor, representative, items=items)
    return application_submit(application=application, actor=representative)


def licensed_vendor(*, name: str = "Potomac Gaming Supply LLC", items=ITEMS, owners=None) -> License:
    """A vendor with a license in force and its certified price list (version 1)."""
    application = submitted_vendor_application(name=name, items=items, owners=owners)
    approve(application)
    return License.objects.get(application=application)


def suspended(license: License, *, days: int = 30) -> License:
    license_suspend(actor=board_staff(), license=license, days=days, **GROUNDS)
    license.refresh_from_db()
    return license


def revoked(license: License) -> License:
    license_revoke(actor=board_staff(), license=license, **GROUNDS)
    license.refresh_from_db()
    return license


def representative_of(license: License):
    """The representative who registered the vendor (its first membership)."""
    return license.organization.memberships.order_by("pk").first().user
