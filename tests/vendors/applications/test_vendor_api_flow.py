"""A vendor license through the API alone: register -> owners -> police clearance -> suppliers -> application ->
gross sales -> price list items -> certify -> findings -> submit, each answer in the API's shapes."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from licensing.applications.services import application_submit
from licensing.models import Application
from licensing.models.choices import ApplicationStatus, DocumentKind
from tests.licensing.factories import (
    ApplicationFactory,
    LicenseFactory,
    MembershipFactory,
    UserFactory,
    approve,
    upload,
)
from tests.vendors.factories import (
    ITEMS,
    PDF,
    complete_vendor,
    filed_application,
    registered_vendor,
    vendor_fee_rows,
)
from vendors.models import Owner

pytestmark = pytest.mark.django_db

REGISTRATION = {
    "name": "Potomac Gaming Supply LLC", "street_address": "1800 Half Street SW", "postal_code": "20024",
    "business_type": "llc", "established_on": "2010-06-01", "established_place": "Washington, DC",
    "years_in_business": 15, "organized_in_dc": True, "dc_business_license": "BL-2010-7781",
}
PEOPLE = [
    {"role": "officer", "full_name": "Grace Whitfield", "share": "60.00", "date_of_birth": "1968-02-14",
     "street_address": "22 M Street SE", "city": "Washington", "state": "DC", "postal_code": "20003"},
    {"role": "shareholder", "full_name": "Tomas Ruiz", "share": "40.00", "date_of_birth": "1975-09-30",
     "street_address": "22 M Street SE", "city": "Washington", "state": "DC", "postal_code": "20003",
     "through": "Ruiz Holdings LLC"},
]


@pytest.fixture
def api():
    client = APIClient()
    client.force_authenticate(UserFactory())
    return client


def test_the_whole_vendor_flow_through_the_api(api):
    vendor_fee_rows()
    response = api.post(reverse("vendor-list"), REGISTRATION, format="json")
    assert response.status_code == 201, response.json()
    vendor = response.json()
    assert vendor["name"] == "Potomac Gaming Supply LLC" and vendor["business_type"] == "llc"
    vendor_id = vendor["id"]

    response = api.patch(reverse("vendor-detail", args=[vendor_id]), {"years_in_business": 16,
                                                                      "phone": "202-555-0100"}, format="json")
    assert response.status_code == 200 and response.json()["years_in_business"] == 16
    assert response.json()["phone"] == "(202) 555-0100"

    owners_url = reverse("vendor-owner-list", args=[vendor_id])
    owners = [api.post(owners_url, person, format="json") for person in PEOPLE]
    assert [r.status_code for r in owners] == [201, 201], [r.json() for r in owners]
    grace, tomas = (r.json() for r in owners)
    assert tomas["through"] == "Ruiz Holdings LLC" and grace["police_clearance"] is None

    response = api.patch(reverse("vendor-owner-detail", args=[vendor_id, grace["id"]]),
                         {"dc_official": True, "dc_position": "Advisory Neighborhood Commissioner"}, format="json")
    assert response.status_code == 200 and response.json()["dc_official"] is True

    for person in (grace, tomas):
        response = api.post(reverse("vendor-owner-police-clearance", args=[vendor_id, person["id"]]),
                            {"file": upload(f"clearance-{person['id']}.pdf", PDF)}, format="multipart")
        assert response.status_code == 200, response.json()
        assert response.json()["police_clearance"] is not None
    documents = api.get(reverse("organization-document-list", args=[vendor["organization"]])).json()["results"]
    assert {d["kind"] for d in documents} == {DocumentKind.POLICE_CLEARANCE}

    response = api.post(reverse("vendor-supplier-list", args=[vendor_id]),
                        {"name": "Arrow Paper Mills", "address": "5 Mill Rd, Dayton, OH"}, format="json")
    assert response.status_code == 201
    extra = api.post(reverse("vendor-supplier-list", args=[vendor_id]), {"name": "Old Mill"}, format="json").json()
    response = api.post(reverse("vendor-supplier-end", args=[vendor_id, extra["id"]]))
    assert response.status_code == 200 and response.json()["is_current"] is False

    response = api.post(reverse("vendor-application-list", args=[vendor_id]), {"kind": "original"}, format="json")
    assert response.status_code == 201, response.json()
    application = response.json()
    assert application["license_type"] == "vendor" and application["license_class"] == ""
    application_url = reverse("application-detail", args=[application["id"]])

    response = api.patch(application_url, {"gross_sales": "18250.00"}, format="json")
    assert response.status_code == 200 and response.json()["gross_sales"] == "18250.00"

    check = api.get(reverse("application-check", args=[application["id"]])).json()
    assert not check["can_submit"]
    assert "30 DCMR 1207.2(g)" in {f["rule"] for f in check["findings"] if f["blocking"]}

    price_list_url = reverse("vendor-price-list", args=[vendor_id, application["id"]])
    response = api.put(price_list_url, {"items": ITEMS}, format="json")
    assert response.status_code == 200, response.json()
    assert [i["catalogue_number"] for i in response.json()["items"]] == ["BP-100", "DB-200"]
    assert response.json()["certified"] is False
    response = api.post(reverse("vendor-price-list-certify", args=[vendor_id, application["id"]]))
    assert response.status_code == 200 and response.json()["certified"] is True
    assert api.get(price_list_url).json()["version"] == 1
    assert len(api.get(reverse("vendor-price-list-history", args=[vendor_id])).json()["results"]) == 1

    check = api.get(reverse("application-check", args=[application["id"]])).json()
    assert check["can_submit"], [f for f in check["findings"] if f["blocking"]]
    assert check["quote"]["application_fee"] == "250.00"

    response = api.post(reverse("application-submit", args=[application["id"]]))
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == ApplicationStatus.SUBMITTED
    # Frozen once filed (30 DCMR 1207.2(j)).
    response = api.put(price_list_url, {"items": ITEMS[:1]}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["rule"] == "30 DCMR 1207.2(j)"

    response = api.post(reverse("vendor-owner-end", args=[vendor_id, tomas["id"]]))
    assert response.status_code == 200 and response.json()["is_current"] is False
    assert Owner.objects.filter(pk=tomas["id"]).exists()  # never deleted
    assert api.delete(reverse("vendor-owner-detail", args=[vendor_id, tomas["id"]])).status_code == 405


def test_submission_with_gaps_is_a_400_naming_each_rule(api):
    vendor_fee_rows()
    vendor = api.post(reverse("vendor-list"), REGISTRATION, format="json").json()
    application = api.post(reverse("vendor-application-list", args=[vendor["id"]]), {}, format="json").json()
    response = api.post(reverse("application-submit", args=[application["id"]]))
    assert response.status_code == 400
    rules = {error["rule"] for error in response.json()["errors"]}
    assert {"30 DCMR 1207.2(d)", "30 DCMR 1207.2(e)", "30 DCMR 1207.2(f)", "30 DCMR 1207.2(g)"} <= rules
    assert Application.objects.get(pk=application["id"]).status == ApplicationStatus.DRAFT


def test_an_organization_application_gives_no_gross_sales(client):
    membership = MembershipFactory()
    application = ApplicationFactory(organization=membership.organization)
    client.force_login(membership.user)
    response = client.patch(reverse("application-detail", args=[application.pk]), {"gross_sales": "10.00"},
                            content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"] == [{"field": "gross_sales", "code": "rule", "rule": "30 DCMR 1207.2(e)",
                                          "message": response.json()["errors"][0]["message"]}]
    application.refresh_from_db()
    assert application.gross_sales is None
    # What an organization's application answers is unchanged but for the one new (empty) field.
    assert client.get(reverse("application-detail", args=[application.pk])).json()["gross_sales"] is None


def test_a_renewal_through_the_api_starts_from_the_license(api):
    vendor_fee_rows()
    vendor, representative = registered_vendor()
    complete_vendor(vendor, representative)
    original = filed_application(vendor, representative)
    application_submit(application=original, actor=representative)
    approve(original)
    client = APIClient()
    client.force_authenticate(representative)
    response = client.post(reverse("vendor-application-list", args=[vendor.pk]),
                           {"kind": "renewal", "base_license": original.issued_license.pk}, format="json")
    assert response.status_code == 201, response.json()
    renewal = response.json()
    items = client.get(reverse("vendor-price-list", args=[vendor.pk, renewal["id"]])).json()["items"]
    assert [i["catalogue_number"] for i in items] == ["BP-100", "DB-200"]
    # Another licensee's license reads as unknown, like one that does not exist.
    url = reverse("vendor-application-list", args=[vendor.pk])
    url = reverse("vendor-application-list", args=[vendor.pk])
    answers = [client.post(url, {"kind": "renewal", "base_license": pk}, format="json")
               for pk in (LicenseFactory().pk, 10**9)]
    assert [r.status_code for r in answers] == [400, 400]
    assert [[(e["field"], e["code"]) for e in r.json()["errors"]] for r in answers] == [
        [("base_license", "does_not_exist")]] * 2
