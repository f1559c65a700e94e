"""The dealer's screen: one tap per action, the cards shown at showdown with the muck choice
(30 DCMR 1604.3(t)(2)), and the last hand as the table saw it."""

import re

import pytest
from django.urls import reverse

from licensing.models import Role
from montecarlo.tournaments.state import load_engine
from tests.licensing.factories import member
from tests.montecarlo.factories import BOARD, LOSERS, WINNER, running, to_showdown

pytestmark = pytest.mark.django_db
NINE = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy"]


def test_dealer_taps_actions_and_enters_showdown(client):
    tournament, _director = running(["Ana", "Ben"])
    dealer = member(tournament.license.organization, Role.DEALER)
    client.force_login(dealer)
    table_url = reverse("montecarlo:table_dealer", args=[tournament.pk, 1])
    do = lambda name: reverse("montecarlo:table_command", args=[tournament.pk, 1, name])  # noqa: E731
    client.post(do("start"))
    page = client.get(table_url).content.decode()
    assert 'data-action="fold"' in page and 'data-action="allin"' in page
    view = load_engine(tournament).table_view(1)
    first = view["to_act"]
    client.post(do("action"), {"seat": first, "action": "allin"})
    client.post(do("action"), {"seat": load_engine(tournament).table_view(1)["to_act"], "action": "call"})
    page = client.get(table_url).content.decode()
    assert "Award the pots" in page
    other = next(s for s in load_engine(tournament).table_view(1)["showdown_seats"] if s != first)
    data = {f"board{i}": card for i, card in enumerate(BOARD)}
    data.update({"seat": [first, other], f"card_{first}_0": WINNER[0], f"card_{first}_1": WINNER[1],
                 f"card_{other}_0": LOSERS[0][0].lower(), f"card_{other}_1": LOSERS[0][1]})
    response = client.post(do("showdown"), data, follow=True)
    assert "Pots awarded" in response.content.decode()
    engine = load_engine(tournament)
    assert engine.status == "finished" and sorted(p.chips for p in engine.players.values()) == [0, 20000]
    hand = client.get(reverse("montecarlo:hand_replay", args=[tournament.pk, 1])).content.decode()
    assert "three of a kind" in hand or "one pair" in hand
    export = client.get(reverse("montecarlo:hand_export", args=[tournament.pk, 1])).json()
    assert export["deck"] and export["actions"]


def test_the_dealer_page_offers_the_muck_choice_and_shows_the_last_hand(client):
    tournament, director = running(NINE[:3])
    view, first = to_showdown(tournament, director)
    others = [s for s in view["showdown_seats"] if s != first]
    client.force_login(member(tournament.license.organization, Role.DEALER))
    page = client.get(reverse("montecarlo:table_dealer", args=[tournament.pk, 1])).content.decode()
    assert f'name="choice_{first}"' in page and f'type="radio" name="choice_{first}"' not in page
    assert all(f'type="radio" name="choice_{seat}" value="muck"' in page for seat in others)
    assert "The player who made the last bet or raise of the hand shows" in page
    data = {f"board{i}": card for i, card in enumerate(BOARD)}
    data.update({"seat": [first, *others], f"choice_{first}": "show", f"card_{first}_0": WINNER[0],
                 f"card_{first}_1": WINNER[1], f"choice_{others[0]}": "muck", f"choice_{others[1]}": "show",
                 f"card_{others[1]}_0": LOSERS[0][0], f"card_{others[1]}_1": LOSERS[0][1]})
    page = client.post(reverse("montecarlo:table_command", args=[tournament.pk, 1, "showdown"]), data,
                       follow=True).content.decode()
    assert "Pots awarded." in page
    names = {s["seat"]: s["player"] for s in view["seats"]}
    engine = load_engine(tournament)
    winner = engine.players[names[first]].name
    text = " ".join(re.sub(r"<[^>]+>", "", page).split())
    assert f"Main pot 30000 → {winner} (seat {first}), one pair ({WINNER[0]} {WINNER[1]})" in text
    assert f"Mucked: {engine.players[names[others[0]]].name} (seat {others[0]})" in text
