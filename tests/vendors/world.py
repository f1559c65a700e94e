"""A vendor ready to file: helpers shared by the vendor tests (and the browser test)."""

import datetime as dt

from licensing.models import Application
from licensing.models.choices import ApplicationKind, DocumentKind, LicenseType
from licensing.organizations.documents import document_upload
from tests.licensing.factories import UserFactory, set_fee, upload
from vendors.applications.services import supplier_add, vendor_application_create, vendor_register
from vendors.models import Vendor
from vendors.owners.services import owner_add, owner_police_clearance_set
from vendors.price_lists.services import price_list_certify, price_list_items_set

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
    from licensing.applications.services import application_update

    application = vendor_application_create(actor=representative, vendor=vendor, kind=kind,
                                            base_license=base_license)
    application_update(actor=representative, application=application, gross_sales=gross_sales)
    if items is not None:
        price_list_items_set(actor=representative, application=application, items=items)
        price_list_certify(actor=representative, application=application)
    return application
