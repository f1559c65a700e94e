"""The payout API (licensing/payouts/api.py, year_end/api.py): each operation, who may call it (the desk of the
payout's organization; the filing people for a full taxpayer number; Board staff for the counts and amounts), and bad
input answered 400 naming the field, never a 500, never echoing a taxpayer number."""

import datetime as dt
import json
from decimal import Decimal

import pytest
from django.utils import timezone

from licensing.models import AuditEvent, Payout, PayoutStatus, Role
from licensing.payouts.services import payout_open
from tests.config.api_conformance import CHECKS, api_schema, auth_headers, call_rolled_back
from tests.config.conftest import wsgi_app  # noqa: F401 (the fixture)
from tests.licensing.factories import board_member, board_staff, member
from tests.licensing.payouts.forms_factories import WINNER, desk_license, paid

pytestmark = pytest.mark.django_db
D = Decimal
TODAY = timezone.localdate()
WON = dt.date(2025, 6, 1)
IDENTITY_TEXTS = ("Ana Ruiz", "1 Main St NW", "20001", "4411", "voter registration", "212-48-3071", "212483071")


@pytest.fixture
def license():
    return desk_license()


@pytest.fixture
def people(license):
    other = desk_license(name="Another Club")
    return {
        "officer": member(license.organization, Role.OFFICER),  # the desk, and a filing person
        "director": member(license.organization, Role.TOURNAMENT_DIRECTOR),  # the desk, not a filing person
        "caller": member(license.organization, Role.CALLER),  # runs games, not the desk
        "other": member(other.organization, Role.OFFICER),  # another organization's desk
        "staff": board_staff(),
        "anonymous": None,
    }


@pytest.fixture
def form(license):
    return paid(license, game="raffle", prize="6000.00", wager="10.00", label="Ticket 00123")


def _due(license, prize="2500.00", game="bingo", wager="0.00", **fields) -> Payout:
    number = Payout.objects.count() + 1
    return payout_open(license=license, game=game, source=f"{game}.session:9{number}/prize:1",
                       session=f"{game}.session:9{number}", label="Game 3", won_on=WON,
                       prize=D(prize) if prize is not None else None, wager=D(wager), **fields)


def _as(client, user):
    client.logout()
    if user is not None:
        client.force_login(user)
    return client


def _post(client, address, body):
    return client.post(address, json.dumps(body), content_type="application/json")


def _fields(response) -> list[str]:
    return [error["field"] for error in response.json()["errors"]]


# --- who may call what ---

EXPECTED = {
    # endpoint: officer, director, caller, other, staff, anonymous
    "list": (200, 200, 200, 200, 200, 401),
    "detail": (200, 200, 404, 404, 404, 401),
    "pdf": (200, 200, 404, 404, 404, 401),
    "tin": (200, 403, 404, 404, 404, 401),
    "year": (200, 200, 404, 404, 404, 401),
    "csv": (200, 200, 404, 404, 404, 401),
    "csv_full": (200, 403, 404, 404, 404, 401),
    "board": (403, 403, 403, 403, 200, 401),
}


@pytest.mark.parametrize("endpoint", list(EXPECTED))
def test_the_role_matrix(client, people, form, endpoint):
    organization, year = form.organization_id, 2026
    calls = {
        "list": lambda: client.get("/api/v1/payouts/"),
        "detail": lambda: client.get(f"/api/v1/payouts/{form.pk}/"),
        "pdf": lambda: client.get(f"/api/v1/payouts/{form.pk}/w2g.pdf"),
        "tin": lambda: client.post(f"/api/v1/payouts/{form.pk}/tin/"),
        "year": lambda: client.get(f"/api/v1/organizations/{organization}/w2g/{year}/"),
        "csv": lambda: client.get(f"/api/v1/organizations/{organization}/w2g/{year}.csv"),
        "csv_full": lambda: client.get(f"/api/v1/organizations/{organization}/w2g/{year}.csv", {"tin": "full"}),
        "board": lambda: client.get("/api/v1/board/payouts/", {"year": "2026"}),
    }
    answers = []
    for name in ("officer", "director", "caller", "other", "staff", "anonymous"):
        _as(client, people[name])
        answers.append(calls[endpoint]().status_code)
    assert tuple(answers) == EXPECTED[endpoint]


@pytest.mark.parametrize("action", ["quote", "pay"])
def test_only_the_desk_of_the_payout_s_organization_quotes_and_pays(client, license, people, action):
    payout = _due(license, prize="100.00")
    body = {"amount": "100.00", "method": "cash", "name": "Bo"}
    for name, expected in (("caller", 404), ("other", 404), ("staff", 404), ("anonymous", 401)):
        assert _post(_as(client, people[name]), f"/api/v1/payouts/{payout.pk}/{action}/", body).status_code == \
            expected, name
    assert _post(_as(client, people["director"]), f"/api/v1/payouts/{payout.pk}/{action}/", body).status_code == 200


# --- the list and one payout ---


def test_a_list_carries_no_identity_only_the_truncated_number(client, license, people, form):
    _due(license)
    body = _as(client, people["officer"]).get("/api/v1/payouts/").json()
    assert body["count"] == 2
    listed = {row["id"]: row for row in body["results"]}[form.pk]
    assert listed["tin_masked"] == "***-**-3071" and listed["form_number"] == "W2G-2026-00001"
    assert listed["withheld"] == "1437.60" and listed["w2g_url"] == f"/api/v1/payouts/{form.pk}/w2g.pdf"
    assert "winner" not in listed
    text = json.dumps(body)
    for identity in IDENTITY_TEXTS:
        assert identity not in text, identity
    assert _as(client, people["other"]).get("/api/v1/payouts/").json()["count"] == 0


def test_the_list_filters(client, license, people, form):
    _due(license)
    paid(license, prize="2500.00", paid_on=dt.date(2025, 3, 1))
    client = _as(client, people["officer"])

    def ids(**query):
        return sorted(row["id"] for row in client.get("/api/v1/payouts/", query).json()["results"])

    assert ids(status="paid") == sorted(Payout.objects.filter(status=PayoutStatus.PAID).filter(
        organization=license.organization).values_list("pk", flat=True))
    assert ids(game="raffle") == [form.pk]
    assert ids(year="2026", status="paid") == [form.pk]
    assert ids(organization=str(license.organization_id)) == ids()
    assert ids(organization="999999999") == []


@pytest.mark.parametrize(("query", "field"), [
    ({"year": "٢٠٢٦"}, "year"), ({"year": "1999"}, "year"), ({"year": "9" * 40}, "year"),
    ({"organization": "１"}, "organization"), ({"status": "lost"}, "status"), ({"game": "poker"}, "game"),
])
def test_a_bad_filter_is_a_400_naming_it(client, people, query, field):
    response = _as(client, people["officer"]).get("/api/v1/payouts/", query)
    assert response.status_code == 400 and _fields(response) == [field]


def test_a_nul_byte_in_a_filter_is_a_400(client, people):
    response = _as(client, people["officer"]).get("/api/v1/payouts/", {"status": "paid\x00"})
    assert response.status_code == 400 and "status" in _fields(response)


def test_one_payout_shows_the_winner_to_the_desk_with_the_number_truncated(client, people, form):
    body = _as(client, people["director"]).get(f"/api/v1/payouts/{form.pk}/").json()
    assert body["winner"] == {"name": "Ana Ruiz", "street": "1 Main St NW, Apt 4", "city": "Washington",
                              "state": "DC", "postal_code": "20001", "tin_kind": "ssn",
                              "id_first": WINNER["id_first"], "id_second": WINNER["id_second"]}
    assert body["tin_masked"] == "***-**-3071" and "212-48-3071" not in json.dumps(body)
    assert body["paid_by"] and body["status"] == "paid"


# --- the quote ---


def test_a_quote_says_the_form_the_withholding_and_the_net_with_the_rule(client, license, people):
    payout = _due(license, prize=None, game="raffle")
    response = _post(_as(client, people["officer"]), f"/api/v1/payouts/{payout.pk}/quote/",
                     {"prize": "6000.00", "wager": "10.00", "amount": "6000.00", "paid_on": "2026-06-06"})
    assert response.status_code == 200
    body = response.json()
    assert body["w2g"] is True and body["withheld"] == "1437.60" and body["net"] == "4562.40"
    assert body["reportable"] == "6000.00" and body["backup_withholding"] is False
    rules = [finding["rule"] for finding in body["findings"]]
    assert len(rules) == 2 and all(rules) and any("Form W-2G" in f["message"] for f in body["findings"])
    assert Payout.objects.get(pk=payout.pk).status == PayoutStatus.DUE  # nothing written


def test_a_quote_with_the_number_refused_is_backup_withholding(client, license, people):
    payout = _due(license, prize=None, game="raffle")
    body = _post(_as(client, people["officer"]), f"/api/v1/payouts/{payout.pk}/quote/",
                 {"prize": "1000.00", "wager": "1.00", "amount": "1000.00", "tin_refused": True,
                  "paid_on": "2025-06-06"}).json()
    assert body["w2g"] and body["backup_withholding"] and body["withheld"] == "239.76"


def test_a_small_bingo_prize_needs_no_form(client, license, people):
    payout = _due(license, prize="150.00")
    body = _post(_as(client, people["officer"]), f"/api/v1/payouts/{payout.pk}/quote/", {"amount": "150.00"}).json()
    assert body == {"prize": "150.00", "wager": "0.00", "w2g": False, "reportable": "0.00", "withheld": "0.00",
                    "backup_withholding": False, "net": "150.00", "findings": []}


@pytest.mark.parametrize(("body", "field"), [
    ({"amount": "2400.00"}, "amount"),  # less than the prize (30 DCMR 1406.3)
    ({"amount": "9" * 30}, "amount"),
    ({"amount": "2500.001"}, "amount"),
    ({"amount": "２５００.00"}, "amount"),
    ({"amount": "2500\x00"}, "amount"),
    ({"amount": "2500.00", "paid_on": "2999-01-01"}, "paid_on"),
    ({"amount": "2500.00", "paid_on": "٢٠٢٦-01-01"}, "paid_on"),
    ({"amount": "2500.00", "tin_refused": "maybe"}, "tin_refused"),
    ({}, "amount"),
])
def test_a_bad_quote_is_a_400_naming_the_field(client, license, people, body, field):
    payout = _due(license)
    response = _post(_as(client, people["officer"]), f"/api/v1/payouts/{payout.pk}/quote/", body)
    assert response.status_code == 400 and field in _fields(response), response.json()


def test_a_paid_payout_is_not_quoted(client, people, form):
    response = _post(_as(client, people["officer"]), f"/api/v1/payouts/{form.pk}/quote/", {"amount": "6000.00"})
    assert response.status_code == 400 and _fields(response) == ["payout"]


# --- paying ---


def test_paying_a_prize_with_a_form_due(client, license, people):
    payout = _due(license)
    response = _post(_as(client, people["officer"]), f"/api/v1/payouts/{payout.pk}/pay/",
                     {"method": "check", "check_number": "1042", "amount": "2500.00", **WINNER})
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "paid" and body["w2g"] and body["form_number"] == f"W2G-{TODAY.year}-00001"
    assert body["method"] == "check" and body["check_number"] == "1042" and body["tin_masked"] == "***-**-3071"
    assert body["winner"]["name"] == "Ana Ruiz" and "212-48-3071" not in response.content.decode()
    assert AuditEvent.objects.filter(event_type="licensing.payout_paid", object_id=str(payout.pk)).exists()


def test_a_form_due_without_the_winner_names_each_missing_field_and_writes_nothing(client, license, people):
    payout = _due(license)
    response = _post(_as(client, people["officer"]), f"/api/v1/payouts/{payout.pk}/pay/",
                     {"method": "cash", "amount": "2500.00", "name": "Bo"})
    assert response.status_code == 400
    assert {"street", "city", "state", "postal_code", "tin", "id_first", "id_second"} <= set(_fields(response))
    assert all(error["rule"] is None or error["rule"] for error in response.json()["errors"])
    assert Payout.objects.get(pk=payout.pk).status == PayoutStatus.DUE


@pytest.mark.parametrize(("changes", "field"), [
    ({"tin": "２１２-48-3071"}, "tin"),  # fullwidth digits
    ({"tin": "١٢٣-٤٥-٦٧٨٩"}, "tin"),  # Arabic-Indic digits
    ({"tin": "912-34-5678"}, "tin"),  # not an SSN
    ({"tin": "212-48-3071", "tin_kind": "212-48-3071"}, "tin_kind"),  # the number in the wrong field
    ({"tin": {"number": "212-48-3071"}}, "tin"),
    ({"name": "Ana\x00Ruiz"}, "name"),
    ({"name": "A" * 5000}, "name"),
    ({"amount": "1" * 40}, "amount"),
    ({"amount": 1e300}, "amount"),
    ({"method": "bitcoin"}, "method"),
    ({"method": "check", "check_number": "10 42;DROP"}, "check_number"),
    ({"paid_on": "2026-02-30"}, "paid_on"),
    ({"method": "annuity", "paid_on": "1200-10-17"}, "paid_on"),  # before the register's first figures (found by
    ({"check_requested": True, "paid_on": "1200-10-17"}, "paid_on"),  # the fuzz: it was a 500)
])
def test_bad_input_to_pay_is_a_400_naming_the_field_never_echoing_the_number(client, license, people, changes,
                                                                              field):
    payout = _due(license)
    body = {"method": "cash", "amount": "2500.00", **WINNER, **changes}
    response = _post(_as(client, people["officer"]), f"/api/v1/payouts/{payout.pk}/pay/", body)
    assert response.status_code == 400 and field in _fields(response), response.json()
    text = response.content.decode("utf-8")
    for number in ("212-48-3071", "212483071", "3071", "２１２", "٣٠٧١", "912-34-5678"):
        assert number not in text, number
    assert Payout.objects.get(pk=payout.pk).status == PayoutStatus.DUE


def test_a_body_that_is_not_an_object_is_a_400(client, license, people):
    payout = _due(license)
    response = _post(_as(client, people["officer"]), f"/api/v1/payouts/{payout.pk}/pay/", ["cash"])
    assert response.status_code == 400 and response.json()["errors"][0]["code"] == "json_not_object"


# --- the full number ---


def test_a_filing_person_sees_the_full_number_and_the_view_is_audited(client, people, form):
    response = _as(client, people["officer"]).post(f"/api/v1/payouts/{form.pk}/tin/")
    assert response.json() == {"tin": "212-48-3071", "tin_kind": "ssn"}
    event = AuditEvent.objects.get(event_type="licensing.payout_tin_viewed")
    assert event.actor == people["officer"] and "3071" not in json.dumps(event.payload)
    refused = _as(client, people["director"]).post(f"/api/v1/payouts/{form.pk}/tin/")
    assert refused.status_code == 403 and "3071" not in refused.content.decode()
    assert AuditEvent.objects.filter(event_type="licensing.payout_tin_viewed").count() == 1


# --- the Board's counts and amounts ---


def test_board_staff_see_counts_and_amounts_per_organization_and_no_identity(client, license, people, form):
    paid(license, prize="150.00", winner={"name": "Cy"})
    paid(desk_license(name="Another Club"), prize="2500.00", paid_on=dt.date(2025, 1, 5))
    response = _as(client, people["staff"]).get("/api/v1/board/payouts/", {"year": "2026"})
    body = response.json()
    assert body["year"] == 2026
    assert body["organizations"] == [{"organization": license.organization_id, "name": license.organization.name,
                                      "payouts": 2, "paid": "6150.00", "forms": 1, "reportable": "6000.00",
                                      "withheld": "1437.60"}]
    assert body["totals"] == {"payouts": 2, "paid": "6150.00", "forms": 1, "reportable": "6000.00",
                              "withheld": "1437.60"}
    text = response.content.decode()
    for identity in (*IDENTITY_TEXTS, "Cy", "***"):
        assert identity not in text, identity
    assert _as(client, board_member()).get("/api/v1/board/payouts/").status_code == 403
    bad = _as(client, people["staff"]).get("/api/v1/board/payouts/", {"year": "２０２６"})
    assert bad.status_code == 400 and _fields(bad) == ["year"]


# --- the forms ---


def test_the_year_s_forms_and_totals_as_json_with_the_number_truncated(client, license, people, form):
    response = _as(client, people["director"]).get(f"/api/v1/organizations/{license.organization_id}/w2g/2026/")
    body = response.json()
    assert body["totals"] == {"ein": "", "type_of_return": "W-2G", "type_code": "32", "forms": 1,
                              "withheld": "1437.60", "reported": "6000.00"}
    [listed] = body["forms"]
    assert listed["form_number"] == "W2G-2026-00001" and listed["game"] == "raffle"
    assert listed["boxes"]["box_1_reportable_winnings"] == "6000.00"
    assert listed["boxes"]["box_9_winner_tin"] == "***-**-3071" and listed["boxes"]["box_14_state_winnings"] is None
    assert listed["winner"]["name"] == "Ana Ruiz" and listed["payer"]["tin"] == ""
    assert "212-48-3071" not in response.content.decode()


def test_the_year_s_json_carries_the_organization_s_ein_once_it_has_one(client, license, people, form):
    license.organization.ein = "52-1234567"
    license.organization.save(update_fields=["ein"])
    body = _as(client, people["director"]).get(f"/api/v1/organizations/{license.organization_id}/w2g/2026/").json()
    assert body["totals"]["ein"] == "52-1234567"
    assert [listed["payer"]["tin"] for listed in body["forms"]] == ["52-1234567"]


def test_the_year_s_csv_in_full_for_a_filing_person(client, license, people, form):
    address = f"/api/v1/organizations/{license.organization_id}/w2g/2026.csv"
    response = _as(client, people["officer"]).get(address, {"tin": "full"})
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert "212-48-3071" in response.content.decode()
    assert AuditEvent.objects.filter(event_type="licensing.payout_tins_exported").count() == 1
    bad = client.get(address, {"tin": "all"})
    assert bad.status_code == 400 and _fields(bad) == ["tin"]


@pytest.mark.parametrize("address", [
    "/api/v1/organizations/{org}/w2g/1999/", "/api/v1/organizations/{org}/w2g/3000.csv",
    "/api/v1/organizations/{org}/w2g/{big}/", "/api/v1/payouts/{big}/", "/api/v1/payouts/{big}/w2g.pdf",
    "/api/v1/organizations/{big}/w2g/2026/"])
def test_out_of_range_addresses_are_a_json_404(client, license, people, address):
    response = _as(client, people["officer"]).get(address.format(org=license.organization_id, big=10**30))
    assert response.status_code == 404 and response.json()["errors"][0]["code"] == "not_found"


def test_a_prize_with_no_form_has_no_pdf(client, license, people):
    small = paid(license, prize="150.00", winner={"name": "Cy"})
    assert _as(client, people["officer"]).get(f"/api/v1/payouts/{small.pk}/w2g.pdf").status_code == 404


# --- the answers match the schema ---


def test_the_answers_are_as_documented(wsgi_app, license, people, form):  # noqa: F811
    officer = people["officer"]
    schema = api_schema(wsgi_app, officer)
    due = _due(license)
    cases = [
        ("GET /api/v1/payouts/", {}, None),
        ("GET /api/v1/payouts/{id}/", {"id": form.pk}, None),
        ("GET /api/v1/payouts/{id}/w2g.pdf", {"id": form.pk}, None),
        ("POST /api/v1/payouts/{id}/tin/", {"id": form.pk}, None),
        ("POST /api/v1/payouts/{id}/quote/", {"id": due.pk}, {"amount": "2500.00"}),
        ("POST /api/v1/payouts/{id}/pay/", {"id": due.pk}, {"method": "cash", "amount": "2500.00", **WINNER}),
        ("POST /api/v1/payouts/{id}/pay/", {"id": due.pk}, {"method": "cash", "amount": "1.00", "name": "Bo"}),
        ("GET /api/v1/organizations/{organization_pk}/w2g/{year}/",
         {"organization_pk": license.organization_id, "year": 2026}, None),
        ("GET /api/v1/organizations/{organization_pk}/w2g/{year}.csv",
         {"organization_pk": license.organization_id, "year": 2026}, None),
    ]
    for label, parameters, body in cases:
        extra = {"body": body, "media_type": "application/json"} if body is not None else {}
        case = schema.find_operation_by_label(label).Case(path_parameters=parameters, headers=auth_headers(officer),
                                                          **extra)
        response = call_rolled_back(case)
        case.validate_response(response, checks=CHECKS)
        assert response.status_code in (200, 400), (label, response.status_code)
    staff = people["staff"]
    board = api_schema(wsgi_app, staff).find_operation_by_label("GET /api/v1/board/payouts/").Case(
        query={"year": 2026}, headers=auth_headers(staff))
    response = call_rolled_back(board)
    board.validate_response(response, checks=CHECKS)
    assert response.status_code == 200
