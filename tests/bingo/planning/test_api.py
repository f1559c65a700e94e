"""The planning API: a whole planning flow, the house error shape with citations, and scoping."""

import datetime as dt

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from bingo.models import Operation
from bingo.patterns import services as pattern_services
from licensing.models import Role
from tests.bingo.factories import bingo_license, monday, multihall_license, plan, planner
from tests.licensing.factories import OrganizationFactory, board_staff, member

pytestmark = pytest.mark.django_db
OPS = "/api/v1/bingo/operations/"


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_planning_flow():
    license = bingo_license()
    multihall_license(license)
    client = api(planner(license.organization))
    body = {"license": license.pk, "premises": license.premises_id, "date": license.schedule[0]["date"],
            "starts_at": "18:00", "ends_at": "22:00", "member_in_charge": "Ana Gómez", "door_prizes_value": "50.00",
            "caller_visible": True, "cash_prizes_only": True}  # declared before play (30 DCMR 1405.15, 1408.4)
    created = client.post(OPS, body, format="json")
    assert created.status_code == 201, created.json()
    pk = created.json()["id"]
    [hall] = created.json()["halls"]
    assert hall["is_drawing_location"] and len(hall["key"]) == 22

    games = f"{OPS}{pk}/games/"
    first = client.post(games, {"pattern": "any-line", "card_price": "2.00", "prize": "100.00"}, format="json")
    assert first.status_code == 201 and first.json()["number"] == 1 and first.json()["license_class"] == "B"
    second = client.post(games, {"pattern": "blackout", "game_type": "multi_hall", "card_price": "15.00",
                                 "prize": "12000.00"}, format="json")
    assert second.status_code == 201, second.json()
    reordered = client.post(f"{games}reorder/", {"order": [second.json()["id"], first.json()["id"]]}, format="json")
    assert [g["pattern"] for g in reordered.json()] == ["blackout", "any-line"]
    patched = client.patch(f"{games}{first.json()['id']}/", {"prize": "250.00"}, format="json")
    assert patched.status_code == 200 and patched.json()["prize"] == "250.00"

    findings = client.get(f"{OPS}{pk}/findings/").json()
    on_duty = ["30 DCMR 1401.3", "30 DCMR 1400.12", "30 DCMR 1301.5"]
    assert [f["rule"] for f in findings] == on_duty and not any(f["blocking"] for f in findings)
    assert [f["rule"] for f in client.get(f"{OPS}{pk}/ready/").json()] == on_duty
    in_charge = member(license.organization, Role.MEMBER_IN_CHARGE)
    for name, duty in (("Luis", "checker"), ("Sam Guard", "security"), (in_charge.full_name, "member_in_charge")):
        worker = client.post(f"{OPS}{pk}/workers/", {"name": name, "duty": duty, "date_of_birth": "1980-01-01"},
                             format="json")
        assert worker.status_code == 201 and "date_of_birth" not in worker.json()
    assert client.get(f"{OPS}{pk}/ready/").json() == []

    other_premises = bingo_license().premises
    hall = client.post(f"{OPS}{pk}/halls/", {"premises": other_premises.pk}, format="json")
    assert hall.status_code == 201 and not hall.json()["is_drawing_location"]
    assert len(client.get(f"{OPS}{pk}/halls/").json()) == 2

    assert client.delete(f"{games}{first.json()['id']}/").status_code == 204
    assert [g["number"] for g in client.get(games).json()] == [1]
    assert client.patch(f"{OPS}{pk}/", {"house_rules": "No smoking."}, format="json").json()["house_rules"] == \
        "No smoking."


def test_rule_errors_use_the_house_shape():
    operation = plan(bingo_license())
    client = api(planner(operation.license.organization))
    response = client.post(f"{OPS}{operation.pk}/games/", {"pattern": "x", "card_price": "2.01", "prize": "10"},
                           format="json")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["field"] == "card_price" and error["rule"] == "30 DCMR 1402.3"
    assert "30 DCMR 1402.3" in error["message"]
    for _ in range(6):
        assert client.post(f"{OPS}{operation.pk}/games/", {"pattern": "x", "game_type": "early_bird",
                                                           "card_price": "1", "prize": "10"}, format="json"
                           ).status_code == 201
    seventh = client.post(f"{OPS}{operation.pk}/games/", {"pattern": "x", "game_type": "early_bird",
                                                          "card_price": "1", "prize": "10"}, format="json")
    assert seventh.status_code == 400 and seventh.json()["errors"][0]["rule"] == "30 DCMR 1405.19"


def test_weekly_limit_in_the_api_across_organizations():
    week = monday()
    first = bingo_license(dates=[week, week + dt.timedelta(days=1)])
    second = bingo_license(premises=first.premises, dates=[week + dt.timedelta(days=2)])
    plan(first, date=week)
    plan(first, date=week + dt.timedelta(days=1))
    body = {"license": second.pk, "premises": second.premises_id, "date": second.schedule[0]["date"],
            "starts_at": "18:00", "ends_at": "22:00"}
    response = api(planner(second.organization)).post(OPS, body, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["rule"] == "30 DCMR 1400.5"


def test_scoping_matrix():
    operation = plan(bingo_license())
    organization = operation.license.organization
    url = f"{OPS}{operation.pk}/"
    game = {"pattern": "x", "card_price": "1", "prize": "10"}

    assert api().get(url).status_code == 401
    assert api().get(OPS).status_code == 401

    own = api(planner(organization))
    assert own.get(url).status_code == 200
    assert own.post(f"{url}games/", game, format="json").status_code == 201

    caller = api(member(organization, Role.CALLER))
    assert caller.get(url).status_code == 200
    assert caller.post(f"{url}games/", game, format="json").status_code == 403
    assert caller.patch(url, {"house_rules": "x"}, format="json").status_code == 403

    board = api(board_staff())
    assert board.get(url).status_code == 200 and board.get(f"{url}findings/").status_code == 200
    assert board.post(f"{url}games/", game, format="json").status_code == 403

    stranger = api(planner(bingo_license().organization))
    assert stranger.get(url).status_code == 404
    assert stranger.get(f"{url}games/").status_code == 404
    assert stranger.post(f"{url}games/", game, format="json").status_code == 404
    assert stranger.get(OPS).json()["count"] == 0
    # Planning under another organization's license: that license "does not exist" for the stranger.
    body = {"license": operation.license.pk, "premises": operation.premises_id, "date": operation.date.isoformat(),
            "starts_at": "18:00", "ends_at": "22:00"}
    refused = stranger.post(OPS, body, format="json")
    assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == "license"
    assert Operation.objects.count() == 1


def test_a_date_outside_the_license_term_is_refused_not_a_crash(client):
    """9999-12-31 (found by an audit) overflowed the weekly-limit check's calendar arithmetic."""
    license = bingo_license()
    api_client = api(planner(license.organization))
    body = {"license": license.pk, "premises": license.premises_id, "date": "9999-12-31", "starts_at": "18:00",
            "ends_at": "22:00", "member_in_charge": "Ana Gómez"}
    created = api_client.post(OPS, body, format="json")
    assert created.status_code == 400
    [error] = created.json()["errors"]
    assert (error["field"], error["rule"]) == ("date", "30 DCMR 1200.1") and "outside the license's term" in \
        error["message"]
    operation = plan(license)
    patched = api_client.patch(f"{OPS}{operation.pk}/", {"date": "9999-12-31"}, format="json")
    assert patched.status_code == 400 and patched.json()["errors"][0]["rule"] == "30 DCMR 1200.1"
    assert Operation.objects.get().date != dt.date(9999, 12, 31)

    client.force_login(planner(license.organization))
    page = client.post(reverse("bingo:operation_create"), {**body, "door_prizes_value": "0"})
    assert page.status_code == 400 and "30 DCMR 1200.1" in page.content.decode()
    assert Operation.objects.count() == 1


def test_another_organizations_custom_pattern_reads_as_an_unknown_one():
    stranger_org = OrganizationFactory()
    theirs = pattern_services.pattern_create(actor=planner(stranger_org), organization=stranger_org,
                                              name_en="Theirs", name_es="Suyo", squares=[0, 4])
    operation = plan(bingo_license())
    client = api(planner(operation.license.organization))
    answers = []
    for slug in (theirs.slug, "no-such-pattern"):
        response = client.post(f"{OPS}{operation.pk}/games/", {"pattern": slug, "card_price": "1", "prize": "10"},
                               format="json")
        assert response.status_code == 400
        answers.append([(e["field"], e["code"]) for e in response.json()["errors"]])
    assert answers[0] == answers[1] == [("pattern", "does_not_exist")]
