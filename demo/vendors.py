"""The demo vendor, licensed through the same services a real one uses, so the public registry has an entry
and the vendor's pages show a license, its certificate and its price list. For `make run` only."""

import datetime as dt

from django.core.files.uploadedfile import SimpleUploadedFile

from demo.helpers import fee_pay_by_check
from licensing.applications.services import application_submit, application_update
from licensing.models import License, User
from licensing.models.choices import DocumentKind, LicenseType, VoteChoice
from licensing.organizations.documents import document_upload
from licensing.review.services import vote_cast
from vendors.applications.services import supplier_add, vendor_application_create
from vendors.models import Vendor
from vendors.owners.services import owner_add, owner_police_clearance_set
from vendors.price_lists.services import price_list_certify, price_list_items_set

PDF = b"%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n"
OWNERS = [("officer", "Frank DiMarco", "70.00", dt.date(1961, 7, 19)),
          ("shareholder", "Lucia DiMarco", "30.00", dt.date(1964, 2, 2))]
ITEMS = [
    {"catalogue_number": "CB-1006", "name": "Bingo paper, 6 on, 3 colours", "unit": "case of 500",
     "unit_price": "48.00"},
    {"catalogue_number": "CB-2012", "name": "Ink daubers, assorted", "unit": "box of 12", "unit_price": "10.50"},
    {"catalogue_number": "CB-3100", "name": "Charity game tickets (pull tabs)", "unit": "deal of 2,000",
     "unit_price": "65.00"},
    {"catalogue_number": "CB-9001", "name": "Imitation money chips, 500 set", "unit": "set", "unit_price": "89.00",
     "category": "montecarlo"},
]


def demo_vendor_license(*, vendor: Vendor, representative: User, board_members: list[User]) -> bool:
    """Owners, a supplier, a certified price list and an application approved by the board members' votes.
    Returns False when the vendor already holds a license."""
    if License.objects.filter(organization=vendor.organization, license_type=LicenseType.VENDOR).exists():
        return False
    for role, name, share, born in OWNERS:
        owner = owner_add(actor=representative, vendor=vendor, role=role, full_name=name, share=share,
                          date_of_birth=born, street_address="2100 Bladensburg Road NE", city="Washington",
                          state="DC", postal_code="20018")
        report = document_upload(actor=representative, organization=vendor.organization,
                                 kind=DocumentKind.POLICE_CLEARANCE,
                                 uploaded_file=SimpleUploadedFile(f"clearance-{owner.pk}.pdf", PDF,
                                                                  content_type="application/pdf"))
        owner_police_clearance_set(actor=representative, owner=owner, document=report)
    supplier_add(actor=representative, vendor=vendor, name="Arrow International",
                 address="9900 Clinton Road, Cleveland, OH 44144")
    application = vendor_application_create(actor=representative, vendor=vendor)
    application_update(actor=representative, application=application, gross_sales="31250.00")
    price_list_items_set(actor=representative, application=application, items=ITEMS)
    price_list_certify(actor=representative, application=application)
    application = application_submit(application=application, actor=representative)
    fee_pay_by_check(application=application)  # the license issues only once its fee is paid
    for member in board_members[:4]:
        vote_cast(application=application, actor=member, choice=VoteChoice.AYE)
    return True
