"""The tournament API: create with rule errors in the house shape, play through the endpoints,
scoping (another organization's tournament is a 404), hand history export."""

import pytest
from rest_framework.test import APIClient

from licensing.models import Role
from montecarlo.holdem import replay
from tests.licensing.factories import member
from tests.montecarlo.factories import BOARD, DAY, LOSERS, WINNER, mcn_license, running

pytestmark = pytest.mark.django_db
BASE = "/api/v1/montecarlo/tournaments/"


def client_for(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_create_and_rule_error_shape():
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    client = client_for(director)
    body = {
        "license": license.pk,
        "name": "API Hold'em",
        "date": DAY.isoformat(),
        "starts_at": "18:30",
        "ends_at": "22:00",
        "entry_fee": "25.00",
        "starting_chips": 10000,
        "max_per_table": 7,
        "finish_method": "last_player",
        "template": "turbo",
        "prizes": ["200.00", "100.00"],
    }
    response = client.post(BASE, body, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["status"] == "registering"
    # The Board's figures it is played by, recorded from the register on its date (read-only).
    assert (response.json()["prize_cap"], response.json()["seats_limit"]) == ("500.00", 7)
    response = client.post(BASE, {**body, "max_per_table": 9}, format="json")
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"] == "max_per_table" and error["rule"] == "30 DCMR 1603.23"
    response = client.post(BASE, {**body, "ends_at": "23:59"}, format="json")
    assert response.json()["errors"][0]["rule"] == "30 DCMR 1603.19"
    listing = client.get(BASE).json()
    rows = listing["results"] if isinstance(listing, dict) else listing
    assert [row["name"] for row in rows] == ["API Hold'em"]


def test_play_a_hand_through_the_api_and_export_it():
    tournament, director = running(["Ana", "Ben"])
    dealer = member(tournament.license.organization, Role.DEALER)
    client = client_for(dealer)
    url = f"{BASE}{tournament.pk}/"
    state = client.post(url + "hands/", {"table": 1}, format="json").json()
    table = state["tables"][0]
    first = table["to_act"]
    response = client.post(url + "action/", {"table": 1, "seat": first, "action": "raise", "to": 10}, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["rule"].startswith("30 DCMR")
    table = client.post(url + "action/", {"table": 1, "seat": first, "action": "allin"}, format="json").json()[
        "tables"
    ][0]
    table = client.post(url + "action/", {"table": 1, "seat": table["to_act"], "action": "call"}, format="json").json()[
        "tables"
    ][0]
    assert table["needs_showdown"]
    other = next(seat for seat in table["showdown_seats"] if seat != first)
    state = client.post(
        url + "showdown/",
        {"table": 1, "board": BOARD, "shown": {str(first): WINNER, str(other): LOSERS[0]}},
        format="json",
    ).json()
    assert state["status"] == "finished"
    history = client.get(url + "hands/1/history/").json()
    assert replay(history)["stacks"] in ([20000, 0], [0, 20000])
    assert client.get(url + "hands/2/history/").status_code == 404
    # Dealers deal; only directors publish.
    assert client.post(url + "results/").status_code == 403
    published = client_for(director).post(url + "results/").json()
    assert published["status"] == "published"
    results = client.get(url + "results/").json()["results"]
    assert results[0]["place"] == 1 and results[0]["prize"] == "300.00"


def test_other_organization_is_404_and_anonymous_401():
    tournament, _ = running(["Ana", "Ben"])
    stranger = member(mcn_license().organization, Role.TOURNAMENT_DIRECTOR)
    client = client_for(stranger)
    assert client.get(f"{BASE}{tournament.pk}/").status_code == 404
    assert client.post(f"{BASE}{tournament.pk}/clock/", {"op": "pause"}, format="json").status_code == 404
    assert client.get(f"{BASE}{tournament.pk}/hands/1/history/").status_code == 404
    assert APIClient().get(BASE).status_code in (401, 403)


def test_clock_and_state():
    tournament, director = running(["Ana", "Ben", "Cy"])
    client = client_for(director)
    state = client.post(f"{BASE}{tournament.pk}/clock/", {"op": "pause"}, format="json").json()
    assert state["clock"]["running"] is False and state["clock"]["players_left"] == 3
    response = client.post(f"{BASE}{tournament.pk}/clock/", {"op": "pause"}, format="json")
    assert response.status_code == 400 and "errors" in response.json()


def test_another_organizations_license_reads_as_an_unknown_one():
    theirs = mcn_license()
    director = member(mcn_license().organization, Role.TOURNAMENT_DIRECTOR)
    client = client_for(director)
    body = {"name": "Mine", "date": DAY.isoformat(), "starts_at": "18:30", "ends_at": "22:00", "entry_fee": "25.00",
            "starting_chips": 10000, "max_per_table": 7, "finish_method": "last_player", "template": "turbo"}
    answers = []
    for license_id in (theirs.pk, 10**9):
        response = client.post(BASE, {**body, "license": license_id}, format="json")
        assert response.status_code == 400
        answers.append([(e["field"], e["code"]) for e in response.json()["errors"]])
    assert answers[0] == answers[1] == [("license", "does_not_exist")]
    # A dealer sees the organization's license but may not plan under it: 403.
    dealer = client_for(member(theirs.organization, Role.DEALER))
    assert dealer.post(BASE, {**body, "license": theirs.pk}, format="json").status_code == 403
