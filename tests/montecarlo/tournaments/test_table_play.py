"""The table through the portal and the API: the showdown with mucks (30 DCMR 1604.3(t)(2)), chip
corrections that only move chips at one table (1603.20, 1603.30) and the hand replay by the seat
numbers the table uses (the dealer's page: tests/montecarlo/tables/test_dealer.py)."""

import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from licensing.models import Role
from montecarlo.tournaments import services
from montecarlo.tournaments.state import load_engine
from tests.licensing.factories import member
from tests.montecarlo.factories import BOARD, LOSERS, WINNER, running, to_showdown

pytestmark = pytest.mark.django_db
API = "/api/v1/montecarlo/tournaments/"
NINE = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy"]


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_api_takes_mucks_and_refuses_a_muck_by_the_last_raiser():
    tournament, director = running(NINE[:3])
    view, first = to_showdown(tournament, director)
    assert view["must_show"] == [first]
    others = [s for s in view["showdown_seats"] if s != first]
    client = api(member(tournament.license.organization, Role.DEALER))
    url = f"{API}{tournament.pk}/showdown/"
    body = {"table": 1, "board": BOARD, "shown": {str(others[0]): LOSERS[0]}, "mucked": [first, others[1]]}
    response = client.post(url, body, format="json")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert (error["field"], error["rule"]) == ("mucked", "30 DCMR 1604.3(t)(2)(A)")
    assert f"seat {first} made the last bet or raise of the hand and must show" in error["message"]
    body = {"table": 1, "board": BOARD, "shown": {str(first): LOSERS[1], str(others[0]): LOSERS[0]},
            "mucked": [others[1]]}
    response = client.post(url, body, format="json")
    assert response.status_code == 200
    last = response.json()["tables"][0]["last_result"]
    assert [m["seat"] for m in last["mucked"]] == [others[1]]
    assert {w["seat"] for pot in last["pots"] for w in pot["winners"]} <= {first, others[0]}


def test_the_api_chip_correction_moves_chips_and_refuses_a_count():
    tournament, director = running(NINE)
    client = api(director)
    url = f"{API}{tournament.pk}/chip-corrections/"
    response = client.post(url, {"player": "p1", "chips": 50000, "reason": "recount"}, format="json")
    assert response.status_code == 400
    assert {e["field"] for e in response.json()["errors"]} == {"from_player", "to_player"}
    engine = load_engine(tournament)
    table_of = {pid: p.table for pid, p in engine.players.items()}
    same = next(p for p in engine.players if p != "p1" and table_of[p] == table_of["p1"])
    other = next(p for p in engine.players if table_of[p] != table_of["p1"])
    response = client.post(url, {"from_player": "p1", "to_player": other, "chips": 100, "reason": "recount"},
                           format="json")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert (error["field"], error["rule"]) == ("to_player", "30 DCMR 1603.20")
    response = client.post(url, {"from_player": "p1", "to_player": same, "chips": 0, "reason": "recount"},
                           format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "chips"
    response = client.post(url, {"from_player": "p1", "to_player": same, "chips": 10001, "reason": "recount"},
                           format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["rule"] == "30 DCMR 1603.20"
    response = client.post(url, {"from_player": "p1", "to_player": same, "chips": 10000, "reason": "recount"},
                           format="json")
    assert response.status_code == 200
    engine = load_engine(tournament)
    assert (engine.players["p1"].chips, engine.players[same].chips, engine.total_chips()) == (0, 20000, 90000)


def test_the_page_chip_correction(client):
    tournament, director = running(NINE[:3])
    client.force_login(director)
    url = reverse("montecarlo:tournament_command", args=[tournament.pk, "chips"])
    page = client.get(reverse("montecarlo:tournament_detail", args=[tournament.pk])).content.decode()
    assert 'name="from_player"' in page and 'name="to_player"' in page and "the chips in play never change" in page
    page = client.post(url, {"from_player": "p1", "to_player": "p1", "chips": "5", "reason": "x"},
                       follow=True).content.decode()
    assert "also the player the chips come from" in page and "30 DCMR 1603.20" in page
    page = client.post(url, {"from_player": "p1", "to_player": "p2", "chips": "", "reason": "x"},
                       follow=True).content.decode()
    assert "Chips to move: This field is required." in page
    client.post(url, {"from_player": "p1", "to_player": "p2", "chips": "250", "reason": "miscount"})
    engine = load_engine(tournament)
    assert (engine.players["p1"].chips, engine.players["p2"].chips) == (9750, 10250)


def test_the_hand_replay_numbers_the_seats_as_the_table_does(client):
    tournament, director = running(NINE[:3], rng_seed=11)
    view, first = to_showdown(tournament, director)
    seats = [s["seat"] for s in view["seats"]]
    others = [s for s in view["showdown_seats"] if s != first]
    services.showdown_record(actor=director, tournament=tournament, table=1, board=BOARD,
                             shown={str(first): WINNER, str(others[0]): LOSERS[0]}, mucked=[others[1]])
    hand = load_engine(tournament).hands[0]
    assert hand["seats"] == seats and seats != [1, 2, 3]  # seats drawn at random, as the table has them
    client.force_login(director)
    page = client.get(reverse("montecarlo:hand_replay", args=[tournament.pk, 1])).content.decode()
    rows = re.findall(r'<tr data-seat="(\d+)"><td>(\d+)', page)
    assert [(int(a), int(b)) for a, b in rows] == [(s, s) for s in seats]
    names = {s["seat"]: s["name"] for s in view["seats"]}
    assert f"seat {first} ({names[first]}): goes all in" in page  # the engine's "allin" in words
    assert f"→ {names[first]} (seat {first})" in page
    mucked_row = page[page.index(f'<tr data-seat="{others[1]}">'):].split("</tr>")[0]
    assert "mucked" in mucked_row and LOSERS[1][0] not in mucked_row
    # The export stays the hand-history format: seats are indexes into its clockwise seat list.
    export = client.get(reverse("montecarlo:hand_export", args=[tournament.pk, 1])).json()
    assert export["actions"][0] == {"seat": seats.index(first), "action": "allin"}
    assert [s["name"] for s in export["seats"]] == [names[s] for s in seats]
    spanish = client.get(reverse("montecarlo:hand_replay", args=[tournament.pk, 1]),
                         headers={"Accept-Language": "es"}).content.decode()
    assert f"asiento {first} ({names[first]}): va con todo" in spanish and "(asiento" in spanish
