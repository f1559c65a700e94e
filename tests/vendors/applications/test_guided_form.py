"""The guided vendor application through the portal: registration, each step saved as it is posted, errors
inline naming the field and the rule, review with every finding and its citation, submission."""

import datetime as dt

import pytest
from django.urls import reverse

from licensing.applications.services import application_submit
from licensing.models import Application, Document
from licensing.models.choices import ApplicationKind, ApplicationStatus, DocumentKind
from tests.licensing.factories import UserFactory, approve, board_staff, upload
from tests.vendors.factories import PDF, complete_vendor, filed_application, registered_vendor, vendor_fee_rows
from vendors.models import Owner, PriceList, Supplier, Vendor

pytestmark = pytest.mark.django_db

REGISTRATION = {
    "name": "Anacostia Bingo Supply LLC", "street_address": "1200 Good Hope Rd SE", "city": "Washington",
    "state": "DC", "postal_code": "20020", "phone": "(202) 555-0142", "email": "office@anacostia.example",
    "business_type": "llc", "established_on": "2012-03-01", "established_place": "Washington, DC",
    "years_in_business": "12", "organized_in_dc": "true", "dc_business_license": "BL-2012-0042",
    "resident_agent_name": "", "resident_agent_address": "",
}
OWNER = {
    "owner-role": "officer", "owner-full_name": "Ada Brooks", "owner-street_address": "5 Pope St SE",
    "owner-city": "Washington", "owner-state": "DC", "owner-postal_code": "20020", "owner-date_of_birth": "1970-04-02",
    "owner-share": "100.00", "owner-through": "", "owner-supervision_ended_on": "", "owner-relative_disqualified": "",
    "owner-dc_position": "",
}


def step(application, name):
    return reverse("vendors:application_step", args=[application.pk, name])


def test_a_signed_in_user_registers_a_business_and_becomes_its_representative(client):
    user = UserFactory()
    client.force_login(user)
    assert client.get(reverse("vendors:vendor_register")).status_code == 200
    response = client.post(reverse("vendors:vendor_register"), REGISTRATION)
    vendor = Vendor.objects.get(organization__name="Anacostia Bingo Supply LLC")
    assert response.status_code == 302 and response.url == reverse("vendors:vendor_detail", args=[vendor.pk])
    assert vendor.organization.kind == "vendor" and vendor.dc_business_license == "BL-2012-0042"
    assert vendor.years_in_business == 12 and vendor.established_on == dt.date(2012, 3, 1)
    assert vendor.organization.memberships.get().user == user
    home = client.get(response.url).content.decode()
    assert "Anacostia Bingo Supply LLC" in home and "Start a vendor license application" in home
    dashboard = client.get(reverse("portal:dashboard")).content.decode()
    assert reverse("vendors:vendor_detail", args=[vendor.pk]) in dashboard
    # The licensing organization page of a vendor sends to the vendor's home.
    assert client.get(reverse("portal:organization_detail", args=[vendor.organization_id])).url == \
        reverse("vendors:vendor_detail", args=[vendor.pk])


def test_registration_names_every_refused_field_and_writes_nothing(client):
    client.force_login(UserFactory())
    bad = {**REGISTRATION, "postal_code": "ABCDE", "established_on": "2999-01-01", "years_in_business": "٣",
           "organized_in_dc": "true", "dc_business_license": ""}
    response = client.post(reverse("vendors:vendor_register"), bad)
    assert response.status_code == 400
    form = response.context["form"]
    assert {"years_in_business"} <= set(form.errors)
    assert not Vendor.objects.exists()
    bad["years_in_business"] = "12"
    response = client.post(reverse("vendors:vendor_register"), bad)
    errors = response.context["form"].errors
    assert {"established_on", "postal_code"} <= set(errors), errors
    assert "1207.2(c)" in str(errors["established_on"])
    assert not Vendor.objects.exists()


def test_a_representative_files_each_step_of_the_guided_form_and_submits(client):
    vendor_fee_rows()
    vendor, representative = registered_vendor()
    client.force_login(representative)

    response = client.post(reverse("vendors:application_start", args=[vendor.pk]), {"kind": "original"})
    application = Application.objects.get(organization=vendor.organization)
    assert response.url == step(application, "business")
    assert PriceList.objects.filter(application=application).exists()

    # 1. Business details: the profile and the contact, saved together.
    details = {**REGISTRATION, "name": vendor.organization.name, "street_address": "1800 Half Street SW",
               "postal_code": "20024", "years_in_business": "16"}
    response = client.post(step(application, "business"), details)
    assert response.status_code == 302 and response.url == step(application, "owners")
    vendor.refresh_from_db()
    application.refresh_from_db()
    assert vendor.years_in_business == 16 and application.step == 1
    assert vendor.organization.email == "office@anacostia.example"

    # 2. Owners: add, edit, upload a police clearance report, end one, continue.
    response = client.post(step(application, "owners"), {"action": "add", **OWNER})
    assert response.status_code == 302, response.context["owner_form"].errors
    ada = Owner.objects.get(vendor=vendor, full_name="Ada Brooks")
    response = client.post(step(application, "owners"), {"action": "add", **OWNER, "owner-full_name": "Bo Tran",
                                                          "owner-share": "0", "owner-role": "director"})
    bo = Owner.objects.get(vendor=vendor, full_name="Bo Tran")
    assert client.get(step(application, "owners") + f"?edit={ada.pk}").status_code == 200
    response = client.post(step(application, "owners"), {
        "action": "update", "owner": ada.pk, **OWNER, "owner-dc_official": "on",
        "owner-dc_position": "Advisory Neighborhood Commissioner"})
    assert response.status_code == 302
    ada.refresh_from_db()
    assert ada.dc_official and ada.dc_position == "Advisory Neighborhood Commissioner"
    response = client.post(step(application, "owners"), {"action": "clearance", "owner": ada.pk,
                                                         f"c{ada.pk}-file": upload("clearance.pdf", PDF)})
    assert response.status_code == 302
    ada.refresh_from_db()
    assert ada.police_clearance.kind == DocumentKind.POLICE_CLEARANCE
    assert client.post(step(application, "owners"), {"action": "end", "owner": bo.pk}).status_code == 302
    bo.refresh_from_db()
    assert not bo.is_current  # kept, never deleted
    response = client.post(step(application, "owners"), {"action": "continue"})
    assert response.url == step(application, "suppliers")

    # 3. Suppliers: add one, end it, then say the vendor makes its own.
    client.post(step(application, "suppliers"), {"action": "add", "s-name": "Arrow Paper Mills",
                                                 "s-address": "5 Mill Rd, Dayton, OH"})
    supplier = Supplier.objects.get(vendor=vendor)
    client.post(step(application, "suppliers"), {"action": "end", "supplier": supplier.pk})
    supplier.refresh_from_db()
    assert not supplier.is_current
    response = client.post(step(application, "suppliers"), {"action": "continue", "makes_own_supplies": "on"})
    assert response.url == step(application, "gross_receipts")
    vendor.refresh_from_db()
    assert vendor.makes_own_supplies

    # 4. Gross receipts.
    response = client.post(step(application, "gross_receipts"), {"gross_sales": "18250.00"})
    assert response.url == step(application, "price_list")
    application.refresh_from_db()
    assert str(application.gross_sales) == "18250.00"

    # 5. The price list: rows, one removed, certified.
    rows = {"i-TOTAL_FORMS": "3", "i-INITIAL_FORMS": "0", "i-MIN_NUM_FORMS": "0", "i-MAX_NUM_FORMS": "500",
            "i-0-catalogue_number": "BP-100", "i-0-name": "Bingo paper", "i-0-category": "bingo",
            "i-0-unit": "case of 500", "i-0-unit_price": "42.50",
            "i-1-catalogue_number": "CH-9", "i-1-name": "Chips", "i-1-category": "montecarlo",
            "i-1-unit": "rack", "i-1-unit_price": "19.00", "i-1-DELETE": "on",
            "i-2-catalogue_number": "", "i-2-name": "", "i-2-category": "bingo", "i-2-unit": "", "i-2-unit_price": ""}
    response = client.post(step(application, "price_list"), {**rows, "add_rows": "3"})
    assert response.url == step(application, "price_list") + "?blank=3"
    price_list = PriceList.objects.get(application=application)
    assert [item.catalogue_number for item in price_list.items.all()] == ["BP-100"]
    assert price_list.certified_at is None
    response = client.post(step(application, "price_list"), {**rows, "c-certify": "on"})
    assert response.url == step(application, "review")
    price_list.refresh_from_db()
    assert price_list.certified_at is not None
    # Saved again unchanged, the certification stands.
    client.post(step(application, "price_list"), rows)
    price_list.refresh_from_db()
    assert price_list.certified_at is not None

    # 6. Review and submit.
    page = client.get(step(application, "review")).content.decode()
    assert "No blocking findings" in page and "$250.00" in page
    response = client.post(step(application, "review"))
    assert response.url == reverse("vendors:application_detail", args=[application.pk])
    application.refresh_from_db()
    assert application.status == ApplicationStatus.SUBMITTED and application.step == 5
    assert "Submitted" in client.get(response.url).content.decode()
    # A filed application no longer changes.
    assert client.post(step(application, "gross_receipts"), {"gross_sales": "1.00"}).status_code == 403


def test_review_lists_each_blocking_finding_with_its_citation_and_refuses_to_submit(client):
    vendor_fee_rows()
    vendor, representative = registered_vendor()
    application = filed_application(vendor, representative, items=None)
    client.force_login(representative)
    page = client.get(step(application, "review")).content.decode()
    for rule in ("30 DCMR 1207.2(d)", "30 DCMR 1207.2(f)", "30 DCMR 1207.2(g)"):
        assert rule in page
    response = client.post(step(application, "review"))
    assert response.status_code == 400
    application.refresh_from_db()
    assert application.status == ApplicationStatus.DRAFT


def test_errors_show_inline_naming_the_field_and_the_rule(client):
    vendor, representative = registered_vendor()
    complete_vendor(vendor, representative)
    application = filed_application(vendor, representative, items=None, gross_sales=None)
    client.force_login(representative)

    response = client.post(step(application, "gross_receipts"), {"gross_sales": "-5.00"})
    assert response.status_code == 400
    assert "30 DCMR 1207.2(e)" in str(response.context["forms"][0].errors["gross_sales"])
    response = client.post(step(application, "gross_receipts"), {"gross_sales": "5.005"})
    assert "gross_sales" in response.context["forms"][0].errors

    response = client.post(step(application, "owners"), {"action": "add", **OWNER, "owner-share": "150",
                                                         "owner-date_of_birth": "99999-01-01"})
    errors = response.context["owner_form"].errors
    assert response.status_code == 400 and "date_of_birth" in errors
    response = client.post(step(application, "owners"), {"action": "add", **OWNER, "owner-share": "150"})
    errors = response.context["owner_form"].errors
    assert "30 DCMR 1207.2(d)" in str(errors["share"])
    assert not Owner.objects.filter(vendor=vendor, full_name="Ada Brooks").exists()

    owner = Owner.objects.filter(vendor=vendor).first()
    response = client.post(step(application, "owners"), {"action": "clearance", "owner": owner.pk,
                                                         f"c{owner.pk}-file": upload("x.pdf", b"not a pdf")})
    assert response.status_code == 400
    form = {row[0]: row[1] for row in response.context["owner_rows"]}[owner]
    assert "file" in form.errors
    assert Document.objects.filter(organization=vendor.organization).count() == 2  # the two from complete_vendor

    rows = {"i-TOTAL_FORMS": "2", "i-INITIAL_FORMS": "0", "i-MIN_NUM_FORMS": "0", "i-MAX_NUM_FORMS": "500",
            "i-0-catalogue_number": "BP-100", "i-0-name": "Bingo paper", "i-0-category": "bingo",
            "i-0-unit": "case", "i-0-unit_price": "-1.00",
            "i-1-catalogue_number": "BP-101", "i-1-name": "", "i-1-category": "bingo",
            "i-1-unit": "case", "i-1-unit_price": "1.005"}
    response = client.post(step(application, "price_list"), {**rows, "c-certify": "on"})
    assert response.status_code == 400
    forms = response.context["formset"].forms
    assert "30 DCMR 1207.2(j)" in str(forms[0].errors["unit_price"])
    assert {"name", "unit_price"} <= set(forms[1].errors)
    price_list = PriceList.objects.get(application=application)
    assert not price_list.items.exists() and price_list.certified_at is None  # nothing half-written


def test_htmx_step_answers_only_the_wizard(client):
    vendor, representative = registered_vendor()
    application = filed_application(vendor, representative, items=None)
    client.force_login(representative)
    partial = client.get(step(application, "owners"), headers={"HX-Request": "true"}).content.decode()
    assert partial.lstrip().startswith("<div id=\"wizard\"") and "<html" not in partial


def test_the_board_reads_every_step_but_writes_none(client):
    vendor, representative = registered_vendor()
    application = filed_application(vendor, representative, items=None)
    client.force_login(board_staff())
    for name in ("business", "owners", "suppliers", "gross_receipts", "price_list", "review"):
        assert client.get(step(application, name)).status_code == 200, name
    assert client.post(step(application, "gross_receipts"), {"gross_sales": "1.00"}).status_code == 403
    assert client.post(reverse("vendors:application_start", args=[vendor.pk]), {"kind": "original"}).status_code \
        == 403


def test_a_renewal_starts_from_the_license_in_force_with_its_price_list(client):
    vendor_fee_rows()
    vendor, representative = registered_vendor()
    complete_vendor(vendor, representative)
    original = filed_application(vendor, representative)
    application_submit(application=original, actor=representative)
    approve(original)
    license = original.issued_license
    client.force_login(representative)
    home = client.get(reverse("vendors:vendor_detail", args=[vendor.pk])).content.decode()
    assert f"Renew license {license.number}" in home and "BP-100" in home
    response = client.post(reverse("vendors:application_start", args=[vendor.pk]),
                           {"kind": "renewal", "base_license": license.pk})
    renewal = Application.objects.get(organization=vendor.organization, kind=ApplicationKind.RENEWAL)
    assert response.url == step(renewal, "business") and renewal.base_license == license
    assert [i.catalogue_number for i in PriceList.objects.get(application=renewal).items.all()] == ["BP-100",
                                                                                                   "DB-200"]
    # A licensing address of a vendor application leads to the vendor's own pages.
    assert client.get(reverse("portal:application_detail", args=[renewal.pk])).url == \
        reverse("vendors:application_detail", args=[renewal.pk])
