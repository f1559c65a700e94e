"""30 DCMR 1207.2(d), (l): dates of birth and police clearance reports are asked of owners and officers, not of
employees (listed for 1401.13); an owner or officer gives the District's report and those of the jurisdictions of
residence and of the business. Through the API and the portal, as the application's check reads them."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from licensing.models import Document
from tests.licensing.factories import upload
from tests.vendors.factories import PDF, complete_vendor, filed_application, registered_vendor
from vendors.models import Owner

pytestmark = pytest.mark.django_db
EMPLOYEE = {"role": "employee", "full_name": "Carl Pay", "share": "0.00"}
MARYLAND_OFFICER = {"role": "officer", "full_name": "Mae Ortiz", "share": "0.00", "date_of_birth": "1972-03-04",
                    "street_address": "4 Pine St", "city": "Silver Spring", "state": "MD", "postal_code": "20910"}


@pytest.fixture
def world():
    vendor, representative = registered_vendor()
    complete_vendor(vendor, representative)
    application = filed_application(vendor, representative)
    api = APIClient()
    api.force_authenticate(representative)
    return {"vendor": vendor, "application": application, "api": api, "representative": representative}


def people_findings(api, application) -> list[tuple[str, str]]:
    check = api.get(reverse("application-check", args=[application.pk])).json()
    return [(f["rule"], f["message"]) for f in check["findings"]
            if f["rule"] in ("30 DCMR 1207.2(d)", "30 DCMR 1207.2(l)")]


def test_1207_2_d_l_an_employee_is_listed_through_the_api_without_birth_date_or_clearance(world):
    api, vendor = world["api"], world["vendor"]
    response = api.post(reverse("vendor-owner-list", args=[vendor.pk]), EMPLOYEE, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["role"] == "employee" and response.json()["clearances_needed"] == []
    assert people_findings(api, world["application"]) == []
    check = api.get(reverse("application-check", args=[world["application"].pk])).json()
    assert [f["rule"] for f in check["findings"] if f["blocking"]] == ["30 DCMR 1202.2(r)"]  # the fee only


def test_1207_2_l_an_officer_living_in_maryland_gives_the_district_and_maryland_reports(world):
    api, vendor = world["api"], world["vendor"]
    officer = api.post(reverse("vendor-owner-list", args=[vendor.pk]), MARYLAND_OFFICER, format="json").json()
    assert officer["clearances_needed"] == ["dc", "residence"]
    assert [rule for rule, _ in people_findings(api, world["application"])] == ["30 DCMR 1207.2(l)"] * 2
    url = reverse("vendor-owner-police-clearance", args=[vendor.pk, officer["id"]])
    response = api.post(url, {"file": upload("dc.pdf", PDF)}, format="multipart")
    assert response.status_code == 200 and response.json()["police_clearance"] is not None
    [(rule, message)] = people_findings(api, world["application"])
    assert rule == "30 DCMR 1207.2(l)" and "where they live (MD)" in message
    response = api.post(url, {"file": upload("md.pdf", PDF), "jurisdiction": "residence"}, format="multipart")
    assert response.status_code == 200 and response.json()["residence_clearance"] is not None
    assert people_findings(api, world["application"]) == []


def test_1207_2_l_an_unknown_jurisdiction_is_a_400_naming_the_field_and_nothing_is_stored(world):
    api, vendor = world["api"], world["vendor"]
    officer = api.post(reverse("vendor-owner-list", args=[vendor.pk]), MARYLAND_OFFICER, format="json").json()
    before = Document.objects.count()
    response = api.post(reverse("vendor-owner-police-clearance", args=[vendor.pk, officer["id"]]),
                        {"file": upload("md.pdf", PDF), "jurisdiction": "mars"}, format="multipart")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "jurisdiction"
    assert Document.objects.count() == before


def test_1207_2_l_the_portal_uploads_the_report_of_residence_and_shows_what_is_asked(client, world):
    vendor, application = world["vendor"], world["application"]
    client.force_login(world["representative"])
    step = reverse("vendors:application_step", args=[application.pk, "owners"])
    for person in (EMPLOYEE, MARYLAND_OFFICER):
        data = {f"owner-{name}": value for name, value in person.items()}
        assert client.post(step, {"action": "add", **data}).status_code == 302
    page = client.get(step).content.decode()
    assert "not asked of an employee" in page and "Jurisdiction of residence" in page
    officer = Owner.objects.get(vendor=vendor, full_name="Mae Ortiz")
    response = client.post(step, {"action": "clearance", "owner": officer.pk,
                                  f"c{officer.pk}-jurisdiction": "residence",
                                  f"c{officer.pk}-file": upload("md.pdf", PDF)})
    assert response.status_code == 302
    officer.refresh_from_db()
    assert officer.residence_clearance is not None and officer.police_clearance is None
