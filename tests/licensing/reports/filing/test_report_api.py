"""The reports API: open, save, submit, correct; errors name the path; scoped to the organization and the Board."""

import datetime as dt

import pytest
from rest_framework.test import APIClient

from licensing.models import Role
from tests.licensing.factories import board_staff, license_for, member

pytestmark = pytest.mark.django_db
DAY = dt.date(2027, 3, 1)


@pytest.fixture
def license():
    return license_for(license_type="bingo", license_class="D", dates=[DAY], effective_on=dt.date(2027, 1, 1),
                       expires_on=dt.date(2027, 12, 31))


def client_for(user):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_the_whole_flow_through_the_api(license):
    api = client_for(member(license.organization, Role.OFFICER))
    answer = api.post("/api/v1/reports/", {"license": license.pk, "event_date": "2027-03-01"}, format="json")
    assert answer.status_code == 201, answer.json()
    report = answer.json()
    assert report["status"] == "draft" and report["deposit_due"] is None  # Class D deposits nothing (1411.1)
    assert report["report_due"] == "2027-03-11"
    data = report["data"]
    data["admissions"] = {"count": 40, "price": "0.25"}
    data["games"] = [{"number": 1, "game_type": "regular", "prize": "5.00"}]
    data["attestation"] = {"member_in_charge": "Ann", "gross_receipts_member": "Bo", "us_currency": True}
    saved = api.put(f"/api/v1/reports/{report['id']}/", {"data": data}, format="json")
    assert saved.status_code == 200 and saved.json()["totals"]["net_proceeds"] == "5.00"
    again = api.post("/api/v1/reports/", {"license": license.pk, "event_date": "2027-03-01"}, format="json")
    assert again.status_code == 400 and again.json()["errors"][0]["field"] == "event_date"
    submitted = api.post(f"/api/v1/reports/{report['id']}/submit")
    assert submitted.status_code == 200 and submitted.json()["status"] == "submitted"
    frozen = api.put(f"/api/v1/reports/{report['id']}/", {"data": data}, format="json")
    assert frozen.status_code == 400 and frozen.json()["errors"][0]["rule"] == "30 DCMR 1410"
    corrected = api.post(f"/api/v1/reports/{report['id']}/correct", {"reason": "typo"}, format="json")
    assert corrected.status_code == 201 and corrected.json()["version"] == 2
    listed = api.get("/api/v1/reports/").json()
    # The open correction beside the version in force; the superseded ones are history.
    assert sorted(row["version"] for row in listed["results"]) == [1, 2]
    assert api.get("/api/v1/reports/", {"year": "２０２７"}).status_code == 400


@pytest.mark.parametrize("bad, field", [
    ({"games": [{"number": 1, "prize": "1.001"}]}, "games.1.prize"),
    ({"games": "many"}, "games"),
    ({"admissions": {"count": -1}}, "admissions.count"),
    ({"deposit": {"date": "99999-01-01"}}, "deposit.date"),
    ({"attestation": {"member_in_charge": "A\u0000"}}, "attestation.member_in_charge"),
    ({"nonsense": {}}, "nonsense"),
    ({"games": [{"number": 1, "prize": "1.00", "extra": 1}]}, "games.1.extra"),
])
def test_bad_documents_are_400s_naming_the_path(license, bad, field):
    api = client_for(member(license.organization, Role.OFFICER))
    answer = api.post("/api/v1/reports/", {"license": license.pk, "event_date": "2027-03-01", "data": bad},
                      format="json")
    assert answer.status_code == 400
    assert {field, f"data.{field}"} & {error["field"] for error in answer.json()["errors"]}


def test_a_document_that_is_no_object_is_a_400(license):
    api = client_for(member(license.organization, Role.OFFICER))
    answer = api.post("/api/v1/reports/", {"license": license.pk, "event_date": "2027-03-01", "data": [1, 2]},
                      format="json")
    assert answer.status_code == 400


@pytest.mark.parametrize("who, reads, opens", [
    ("officer", 200, 201), ("other_officer", 404, 404), ("caller", 404, 404), ("board_staff", 200, 404),
    ("anonymous", 401, 401)])
def test_scoping(license, who, reads, opens):
    officer = member(license.organization, Role.OFFICER)
    report = client_for(officer).post("/api/v1/reports/", {"license": license.pk, "event_date": "2027-03-01"},
                                      format="json").json()
    users = {"officer": lambda: officer, "anonymous": lambda: None, "board_staff": board_staff,
             "caller": lambda: member(license.organization, Role.CALLER),
             "other_officer": lambda: member(license_for(license_type="bingo", license_class="B").organization,
                                             Role.OFFICER)}
    api = client_for(users[who]())
    assert api.get(f"/api/v1/reports/{report['id']}/").status_code in {reads, 403 if reads == 401 else reads}
    other_day = api.post("/api/v1/reports/", {"license": license.pk, "event_date": "2027-03-02"}, format="json")
    assert other_day.status_code in {opens, 403 if opens == 401 else opens}
