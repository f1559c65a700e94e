"""The register's API: open data for everyone (every approved row, filtered by key, group or day; one key's
history), and the Board's four-eyes writes (propose, list, approve, refuse, withdraw) with a 400 naming the field
and a 403 for who may not."""

import datetime as dt

import pytest
from django.utils import timezone

from licensing.models import BoardNumber, NumberStatus
from licensing.register import values
from licensing.register.services import number_approve, number_propose
from tests.licensing.factories import board_admin, board_member, board_number
from tests.licensing.register.test_portal import ROLES, staff_with_permission, tomorrow_plus, user_of

pytestmark = pytest.mark.django_db
RULES = "/api/v1/public/rules/"
PROPOSALS = "/api/v1/board/rules/proposals/"
KEY = "fee.bingo.A.original"
MAY_DECIDE = {"staff_with_permission", "board_member", "board_admin"}
MAY_PROPOSE = {"staff_with_permission", "board_admin"}


def _body(**changes) -> dict:
    return {"key": KEY, "value": "600.00", "effective_from": tomorrow_plus().isoformat(),
            "citation": "30 DCMR 1204.1", "reason": "December meeting", **changes}


def _proposal(actor=None, **fields):
    data = {"key": KEY, "value": "600.00", "effective_from": tomorrow_plus(), "citation": "30 DCMR 1204.1", **fields}
    return number_propose(actor=actor or board_admin(), **data)


def _denied(status: int, role: str) -> bool:
    return status in (401, 403) if role == "anonymous" else status == 403


# --- Open data ---


def test_every_approved_row_for_everyone_with_its_label_and_citation(client):
    waiting = _proposal()
    rows = client.get(RULES).json()
    assert all(set(row) == {"key", "label", "group", "kind", "value", "shown_value", "effective_from",
                            "effective_to", "citation"} for row in rows)
    fee = [row for row in rows if row["key"] == KEY]
    assert fee and fee[-1]["value"] == "500.00" and fee[-1]["shown_value"] == "$500.00"
    assert fee[-1]["label"] == "Bingo Class A original fee" and fee[-1]["citation"] == "30 DCMR 1204.1"
    assert fee[-1]["kind"] == "money" and fee[-1]["group"] == "fee"
    assert not any(row["value"] == waiting.value and row["key"] == KEY for row in rows)  # a proposal is not public
    assert {row["key"] for row in rows} >= {"bingo.game_prize_cap.class_abc", "federal.w2g.bingo"}


def test_the_label_is_in_the_requests_language(client):
    rows = client.get(RULES, {"key": KEY}, headers={"Accept-Language": "es"}).json()
    assert rows and rows[0]["label"] != "Bingo Class A original fee"


def test_filters_by_key_group_and_day(client):
    board_number("federal.w2g.bingo", "2500.00", since=dt.date(2030, 1, 1))
    by_key = client.get(RULES, {"key": "federal.w2g.bingo"}).json()
    assert [row["value"] for row in by_key][-3:] == ["1200.00", "2000.00", "2500.00"]
    on = client.get(RULES, {"key": "federal.w2g.bingo", "on": "2025-06-01"}).json()
    assert [row["value"] for row in on] == ["1200.00"]
    group = client.get(RULES, {"group": "federal"}).json()
    assert group and {row["key"].split(".")[0] for row in group} == {"federal"}
    today = client.get(RULES, {"on": timezone.localdate().isoformat()}).json()
    assert len({row["key"] for row in today}) == len(today)  # one row of each key in force on a day


@pytest.mark.parametrize(("query", "field"), [
    ({"on": "tomorrow"}, "on"), ({"on": "99999-01-01"}, "on"), ({"on": "٢٠٢٦-٠١-٠١"}, "on"),
    ({"key": "fee.bingo.Z.original"}, "key"), ({"group": "casino"}, "group"),
])
def test_a_bad_filter_answers_400_naming_the_field(client, query, field):
    response = client.get(RULES, query)
    assert response.status_code == 400
    assert [error["field"] for error in response.json()["errors"]] == [field]


def test_one_keys_approved_history(client):
    _proposal()
    body = client.get(f"{RULES}{KEY}/").json()
    assert body["key"] == KEY and body["label"] == "Bingo Class A original fee" and body["kind"] == "money"
    assert [row["value"] for row in body["rows"]][-1] == "500.00"
    assert all(row["key"] == KEY for row in body["rows"])
    missing = client.get(f"{RULES}fee.bingo.Z.original/")
    assert missing.status_code == 404 and missing.json()["errors"][0]["code"] == "not_found"


# --- The Board's writes ---


@pytest.mark.parametrize("role", ROLES)
def test_who_proposes(client, organization, role):
    user = user_of(role, organization)
    if user is not None:
        client.force_login(user)
    response = client.post(PROPOSALS, _body(), content_type="application/json")
    if role in MAY_PROPOSE:
        assert response.status_code == 201, response.json()
        body = response.json()
        assert body["status"] == "proposed" and body["value"] == "600.00"
        assert "goes from $500.00 to $600.00" in body["preview"]
        assert BoardNumber.objects.filter(status=NumberStatus.PROPOSED, proposed_by=user).count() == 1
    else:
        assert _denied(response.status_code, role), response.status_code
        assert not BoardNumber.objects.filter(status=NumberStatus.PROPOSED).exists()


@pytest.mark.parametrize("role", ROLES)
def test_who_reads_the_waiting_changes(client, organization, role):
    proposal = _proposal()
    user = user_of(role, organization)
    if user is not None:
        client.force_login(user)
    response = client.get(PROPOSALS)
    if role in MAY_DECIDE:
        assert response.status_code == 200
        assert [row["id"] for row in response.json()] == [proposal.pk]
    else:
        assert _denied(response.status_code, role)


@pytest.mark.parametrize("role", ROLES)
def test_who_approves(client, organization, role):
    proposal = _proposal()
    user = user_of(role, organization)
    if user is not None:
        client.force_login(user)
    response = client.post(f"{PROPOSALS}{proposal.pk}/approve/", {"note": "Agreed."},
                           content_type="application/json")
    proposal.refresh_from_db()
    if role in MAY_DECIDE:
        assert response.status_code == 200
        assert response.json()["status"] == "approved" and response.json()["decision_note"] == "Agreed."
        assert proposal.status == NumberStatus.APPROVED
    else:
        assert _denied(response.status_code, role)
        assert proposal.status == NumberStatus.PROPOSED


def test_four_eyes_refusal_needs_a_note_and_only_the_proposer_or_the_admin_withdraws(client):
    staff = staff_with_permission()
    proposal = _proposal(staff)
    client.force_login(staff)
    own = client.post(f"{PROPOSALS}{proposal.pk}/approve/", {}, content_type="application/json")
    assert own.status_code == 403 and "four eyes" in own.json()["errors"][0]["message"]
    member = board_member()
    client.force_login(member)
    empty = client.post(f"{PROPOSALS}{proposal.pk}/refuse/", {"note": "  "}, content_type="application/json")
    assert empty.status_code == 400 and empty.json()["errors"][0]["field"] == "note"
    assert client.post(f"{PROPOSALS}{proposal.pk}/withdraw/").status_code == 403
    client.force_login(board_admin())  # the Board administrator withdraws anyone's
    withdrawn = client.post(f"{PROPOSALS}{proposal.pk}/withdraw/")
    assert withdrawn.status_code == 200 and withdrawn.json()["status"] == "withdrawn"
    again = client.post(f"{PROPOSALS}{proposal.pk}/approve/", {}, content_type="application/json")
    assert again.status_code == 400 and again.json()["errors"][0]["field"] == "status"
    assert client.post(f"{PROPOSALS}999999/approve/", {}, content_type="application/json").status_code == 404


def test_an_approved_change_is_read_from_its_day_and_published(client):
    proposal = _proposal()
    number_approve(actor=board_member(), number=proposal)
    start = proposal.effective_from
    assert values.value(KEY, start - dt.timedelta(days=1)) == 500 and values.value(KEY, start) == 600
    rows = client.get(RULES, {"key": KEY, "on": start.isoformat()}).json()
    assert [row["value"] for row in rows] == ["600.00"]


@pytest.mark.parametrize(("changes", "field"), [
    ({"value": "six hundred"}, "value"),
    ({"value": "-5"}, "value"),
    ({"value": True}, "value"),
    ({"value": "600\x00"}, "value"),
    ({"key": "fee.bingo.Z.original"}, "key"),
    ({"key": "bingo.no_play_from", "value": "25:00", "citation": "30 DCMR 1202.2(m)"}, "value"),
    ({"effective_from": "2020-01-01"}, "effective_from"),
    ({"effective_from": timezone.localdate().isoformat()}, "effective_from"),
    ({"effective_from": "99999-01-01"}, "effective_from"),
    ({"effective_from": "٢٠٢٧-٠١-٠١"}, "effective_from"),
    ({"effective_to": "2020-01-01"}, "effective_to"),
    ({"citation": ""}, "citation"),
    ({"citation": "x" * 500}, "citation"),
])
def test_bad_input_answers_400_naming_the_field_and_writes_nothing(client, changes, field):
    client.force_login(board_admin())
    before = BoardNumber.objects.count()
    response = client.post(PROPOSALS, _body(**changes), content_type="application/json")
    assert response.status_code == 400, response.content
    assert field in [error["field"] for error in response.json()["errors"]], response.json()
    assert BoardNumber.objects.count() == before
