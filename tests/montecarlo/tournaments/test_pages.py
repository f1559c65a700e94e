"""The director's, dealer's, clock, results and hand pages: rendered, scoped, and driving the
services through their forms."""

import datetime as dt

import pytest
from django.urls import reverse

from licensing.models import Role
from montecarlo.tournaments import services
from montecarlo.tournaments.state import load_engine
from tests.montecarlo.builders import (
    BOARD,
    DAY,
    LOSERS,
    WINNER,
    allin_hand,
    mcn_license,
    member,
    plan,
    running,
)

pytestmark = pytest.mark.django_db


def test_director_registers_and_draws_through_the_page(client):
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    tournament = plan(director, license)
    client.force_login(director)
    command = lambda name: reverse("montecarlo:tournament_command", args=[tournament.pk, name])  # noqa: E731
    for name in ["Ana", "Ben", "Cy", "Ana"]:
        response = client.post(command("register"), {"name": name, "date_of_birth": "1980-05-17"}, follow=True)
    assert "1603.30" in response.content.decode()
    client.post(command("draw"))
    client.post(command("clock-start"))
    page = client.get(reverse("montecarlo:tournament_detail", args=[tournament.pk])).content.decode()
    assert "Table 1" in page and "Pause the clock" in page and "Ben" in page
    assert load_engine(tournament).status == "running"


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


def test_pages_are_scoped(client):
    tournament, _ = running(["Ana", "Ben"])
    stranger = member(mcn_license().organization, Role.TOURNAMENT_DIRECTOR)
    client.force_login(stranger)
    for name, args in [("tournament_detail", [tournament.pk]), ("table_dealer", [tournament.pk, 1]),
                       ("results", [tournament.pk]), ("hand_list", [tournament.pk])]:
        assert client.get(reverse(f"montecarlo:{name}", args=args)).status_code == 404
    assert client.post(reverse("montecarlo:tournament_command", args=[tournament.pk, "clock-pause"])).status_code == 404
    client.logout()
    assert client.get(reverse("montecarlo:tournament_detail", args=[tournament.pk])).status_code == 302


def test_public_clock_screen_by_key(client):
    tournament, _ = running(["Ana", "Ben", "Cy"])
    page = client.get(reverse("montecarlo:clock_screen", args=[tournament.public_key]))
    assert page.status_code == 200
    body = page.content.decode()
    assert "clock-state" in body and "montecarlo/clock.js" in body and "$300.00" in body
    assert client.get(reverse("montecarlo:clock_screen", args=["wrong"])).status_code == 404


def test_results_page_and_pdf(client):
    tournament, director = running(["Ana", "Ben"], finish_method="time", stop_at=dt.time(22, 0))
    allin_hand(director, tournament, 1)
    client.force_login(director)
    assert client.get(reverse("montecarlo:results_pdf", args=[tournament.pk])).status_code == 404
    services.results_publish(actor=director, tournament=tournament)
    page = client.get(reverse("montecarlo:results", args=[tournament.pk])).content.decode()
    assert "$300.00" in page
    pdf = client.get(reverse("montecarlo:results_pdf", args=[tournament.pk]))
    assert pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    assert DAY


def test_create_page(client):
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    client.force_login(director)
    url = reverse("montecarlo:tournament_create")
    data = {"license": license.pk, "name": "Page Hold'em", "date": DAY.isoformat(), "starts_at": "18:30",
            "ends_at": "23:59", "entry_fee": "20", "starting_chips": 10000, "max_per_table": 7,
            "finish_method": "last_player", "template": "standard", "prizes": "300, 150"}
    response = client.post(url, data)
    assert response.status_code == 400 and "1603.19" in response.content.decode()
    response = client.post(url, {**data, "ends_at": "22:00"})
    assert response.status_code == 302
    dealer = member(license.organization, Role.DEALER)
    client.force_login(dealer)
    assert client.get(url).status_code == 404
