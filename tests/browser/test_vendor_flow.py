"""A vendor license from end to end in the browser (30 DCMR 1206-1208): a signed-in person registers a business,
files every step of the guided application (two owners with their police clearance reports uploaded, a supplier,
the prior year's gross receipts, a certified price list), submits it, four board members vote aye, the
representative downloads the certificate, and an anonymous visitor finds the vendor and its prices in the public
registry."""

import shutil
import tempfile
from pathlib import Path

import pytest

from licensing.models import Application, License
from licensing.models.choices import ApplicationStatus, LicenseType
from tests.browser.conftest import fee_record_on_review_page, sign_in
from tests.licensing.factories import UserFactory, board_member, board_staff
from tests.vendors.factories import vendor_fee_rows
from vendors.models import Owner, Vendor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VENDOR_NAME = "Navy Yard Bingo Supply LLC"
OWNERS = [
    {"role": "Officer", "name": "Grace Whitfield", "born": "1968-02-14", "street": "22 M Street SE",
     "zip": "20003", "share": "60.00"},
    {"role": "Shareholder", "name": "Tomas Ruiz", "born": "1975-09-30", "street": "410 Kentucky Ave SE",
     "zip": "20003", "share": "40.00"},
]
ITEMS = [
    {"number": "BP-100", "name": "Bingo paper, 6 on", "unit": "case of 500", "price": "42.50"},
    {"number": "DB-200", "name": "Ink dauber", "unit": "box of 12", "price": "9.99"},
]


def small_pdf() -> bytes:
    """A one-page PDF with a correct cross-reference table: what a scanned police clearance report is, minus
    the scan."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def at_step(page, title):
    page.locator(".steps li.current", has_text=title).wait_for()


def saved(page, text):
    page.locator(".messages", has_text=text).wait_for()


def sign_out(page):
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_load_state()


def screenshot(page, tmp_path, name):
    """Into the test's tmp_path, and a copy where a person can find it after the run (/tmp/vendor_browser_*)."""
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    shutil.copy(path, Path(tempfile.gettempdir()) / f"vendor_browser_{name}.png")


def test_a_vendor_registers_files_is_licensed_by_four_votes_and_is_listed(live_server, browser_page, tmp_path):
    base, page = live_server.url, browser_page
    page.set_default_timeout(10_000)
    failures = []  # every answer of 400 or more but the favicon the site does not have
    page.on("response", lambda r: failures.append(f"{r.status} {r.url}")
            if r.status >= 400 and not r.url.endswith("/favicon.ico") else None)
    vendor_fee_rows()  # the original vendor fee is the Board's schedule data (30 DCMR 1208.4)
    representative = UserFactory()
    members = [board_member() for _ in range(4)]
    clearance = tmp_path / "police-clearance.pdf"
    clearance.write_bytes(small_pdf())

    # Registration, from the dashboard.
    sign_in(page, base, representative)
    page.get_by_role("link", name="Register a business that sells or leases bingo").click()
    page.get_by_label("Name of the business").fill(VENDOR_NAME)
    page.get_by_label("Street address").fill("1250 Half Street SE")
    page.get_by_label("ZIP code").fill("20003")
    page.get_by_label("Phone").fill("(202) 555-0187")
    page.get_by_label("Email").fill("orders@navyyardbingo.example")
    page.get_by_label("Business type").select_option(label="Limited liability company")
    page.get_by_label("Date established").fill("2011-05-02")
    page.get_by_label("Place established").fill("Washington, DC")
    page.get_by_label("Years in the supply business").fill("14")
    page.get_by_label("Organized in DC").select_option(label="Yes")
    page.get_by_label("DC business license number").fill("BL-2011-5520")
    page.get_by_role("button", name="Register the business").click()
    saved(page, "is registered, and you are its representative")
    vendor = Vendor.objects.get(organization__name=VENDOR_NAME)

    # 1. Business details: what registration gave, saved as it is.
    page.get_by_role("button", name="Start a vendor license application").click()
    at_step(page, "Business details")
    saved(page, "Draft saved.")  # once: inside the wizard, not again in the base layout
    assert page.get_by_label("DC business license number").input_value() == "BL-2011-5520"
    page.get_by_role("button", name="Save and continue").click()

    # 2. Owners and officers, each with a police clearance report uploaded (30 DCMR 1207.2(d), (l)).
    at_step(page, "Owners and officers")
    for owner in OWNERS:
        page.get_by_label("Role:", exact=True).select_option(label=owner["role"])
        page.get_by_label("Full name").fill(owner["name"])
        page.get_by_label("Street address").fill(owner["street"])
        page.get_by_label("City").fill("Washington")
        page.get_by_label("State").fill("DC")
        page.get_by_label("ZIP code").fill(owner["zip"])
        page.get_by_label("Date of birth").fill(owner["born"])
        page.get_by_label("Share of ownership (%)").fill(owner["share"])
        page.get_by_role("button", name="Add", exact=True).click()
        saved(page, f"{owner['name']} is saved.")
    for owner in OWNERS:
        page.get_by_label(f"Police clearance report of {owner['name']}").set_input_files(clearance)
        page.locator("tr", has_text=owner["name"]).get_by_role("button", name="Upload").click()
        saved(page, f"The police clearance report of {owner['name']} is attached.")
    page.get_by_text("Shares named: 100.00%").wait_for()
    # An employee is listed too (30 DCMR 1401.13), with no date of birth and no police clearance asked (1207.2(l)).
    page.get_by_label("Role:", exact=True).select_option(label="Employee")
    page.get_by_label("Full name").fill("Dana Counter")
    page.get_by_label("Share of ownership (%)").fill("0")
    page.get_by_role("button", name="Add", exact=True).click()
    saved(page, "Dana Counter is saved.")
    page.locator("tr", has_text="Dana Counter").get_by_text("not asked of an employee").wait_for()
    screenshot(page, tmp_path, "owners")
    page.get_by_role("button", name="Save and continue").click()

    # 3. Suppliers (30 DCMR 1207.2(f)).
    at_step(page, "Suppliers")
    page.get_by_role("textbox", name="Supplier or manufacturer").fill("Arrow Paper Mills")
    page.get_by_label("Address:", exact=True).fill("5 Mill Rd, Dayton, OH 45402")
    page.get_by_role("button", name="Add", exact=True).click()
    saved(page, "Arrow Paper Mills is added.")
    page.get_by_role("button", name="Save and continue").click()

    # 4. The prior year's gross receipts (30 DCMR 1207.2(e)).
    at_step(page, "Gross receipts")
    page.get_by_label("Prior year's gross receipts").fill("18250.00")
    page.get_by_label("Prior year's income from staffing").fill("1500.00")  # 30 DCMR 1208.4
    page.get_by_role("button", name="Save and continue").click()

    # 5. The price list, certified for the license term (30 DCMR 1207.2(g), (j)).
    at_step(page, "Price list")
    for row, item in enumerate(ITEMS, start=1):
        page.get_by_label(f"Catalogue number {row}", exact=True).fill(item["number"])
        page.get_by_label(f"Item {row}", exact=True).fill(item["name"])
        page.get_by_label(f"For {row}", exact=True).select_option(label="Bingo")
        page.get_by_label(f"Unit {row}", exact=True).fill(item["unit"])
        page.get_by_label(f"Unit price ($) {row}", exact=True).fill(item["price"])
    page.get_by_label("I certify that these are the prices for the whole license term").check()
    page.get_by_role("button", name="Save and continue").click()

    # 6. Review and submit.
    at_step(page, "Review and submit")
    page.get_by_text("No blocking findings").wait_for()
    page.get_by_text("$250.00").wait_for()
    assert page.locator(".messages").count() == 0, "a message of an earlier step stayed on screen"
    screenshot(page, tmp_path, "review")
    page.get_by_role("button", name="Submit to the Board").click()
    page.get_by_text("Submitted. Board staff will review it").wait_for()
    application = Application.objects.get(organization=vendor.organization)
    assert application.status == ApplicationStatus.SUBMITTED
    assert str(application.gross_sales) == "18250.00" and str(application.staffing_income) == "1500.00"
    owners = Owner.objects.filter(vendor=vendor, is_current=True).exclude(role="employee").order_by("full_name")
    assert [(o.full_name, str(o.share), o.date_of_birth.isoformat(), o.police_clearance.original_name)
            for o in owners] == [("Grace Whitfield", "60.00", "1968-02-14", "police-clearance.pdf"),
                                 ("Tomas Ruiz", "40.00", "1975-09-30", "police-clearance.pdf")]
    assert list(vendor.suppliers.values_list("name", flat=True)) == ["Arrow Paper Mills"]
    assert application.price_list.certified_at is not None
    sign_out(page)

    # Staff record the vendor's check for the fee; four board members vote aye: the license issues (1202.4).
    sign_in(page, base, board_staff())
    fee_record_on_review_page(page, base, application)
    sign_out(page)
    for member in members:
        sign_in(page, base, member)
        page.goto(f"{base}/portal/review/{application.pk}/")
        page.get_by_text(VENDOR_NAME).first.wait_for()
        page.get_by_label("Aye").check()
        page.get_by_role("button", name="Cast my vote").click()
        page.wait_for_load_state()
        sign_out(page)
    license = License.objects.get(application=application)
    assert license.license_type == LicenseType.VENDOR and license.number.startswith("VD-")
    assert license.certificate, "the certificate task ran (eager) and saved the PDF"

    # The representative finds the license on the vendor's home and downloads the certificate.
    sign_in(page, base, representative)
    page.get_by_role("link", name=VENDOR_NAME).click()
    page.get_by_text(f"{license.number}, from").wait_for()
    screenshot(page, tmp_path, "vendor_home")
    with page.expect_download() as download_info:
        page.get_by_role("link", name=f"Certificate of license {license.number}, PDF").click()
    certificate = tmp_path / "certificate.pdf"
    download_info.value.save_as(certificate)
    assert certificate.read_bytes().startswith(b"%PDF")
    assert download_info.value.suggested_filename == f"{license.number}.pdf"
    sign_out(page)

    # Anyone finds the vendor in the public registry, with its status and its certified prices.
    page.goto(f"{base}/")
    page.locator(".main-nav summary", has_text="Public information").click()  # the header's grouped menu
    page.get_by_role("link", name="Vendor registry").click()
    page.get_by_label("Vendor name, city or license number").fill("Navy Yard Bingo")
    page.get_by_role("button", name="Search").click()
    page.locator("#vendor-results").get_by_role("link", name=VENDOR_NAME).click()
    page.get_by_role("heading", name=VENDOR_NAME).wait_for()
    facts = page.locator("dl.facts")
    assert facts.get_by_text("Licensed", exact=True).is_visible()
    assert facts.get_by_text(license.number, exact=True).is_visible()
    prices = page.locator("section[aria-labelledby='catalogue-heading'] tbody tr")
    for row, item in zip(prices.all(), ITEMS, strict=True):
        cells = row.locator("td").all_inner_texts()
        assert cells == [item["number"], item["name"], "Bingo", item["unit"], f"${item['price']}"]
    screenshot(page, tmp_path, "registry")
    assert failures == []
