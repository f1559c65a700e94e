"""The director's, clock, results and hand pages: rendered, scoped, and driving the services through
their forms (the dealer's page: tests/montecarlo/tables/test_dealer.py)."""

import datetime as dt

import pytest
from django.urls import reverse

from licensing.models import Role
from montecarlo.tournaments import services
from montecarlo.tournaments.state import load_engine
from tests.licensing.factories import member
from tests.montecarlo.factories import DAY, TournamentFactory, allin_hand, mcn_license, running

pytestmark = pytest.mark.django_db


def test_director_registers_and_draws_through_the_page(client):
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    tournament = TournamentFactory(actor=director, license=license)
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
