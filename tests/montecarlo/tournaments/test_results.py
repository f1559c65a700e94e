"""Scoping (role x own/other organization x board x anonymous), playing down to one player,
publishing with the $500-per-player-per-day cap (30 DCMR 1603.26), and the results PDF."""

import datetime as dt
import subprocess
from decimal import Decimal
from io import BytesIO

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404

from licensing.models import Role
from montecarlo.models import Tournament
from montecarlo.tournaments import selectors, services
from montecarlo.tournaments.pdf import results_pdf
from tests.licensing.factories import UserFactory, board_member, board_staff, member
from tests.montecarlo.factories import ADULT, DAY, at, mcn_license, play_to_one, running

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "role,sees",
    [
        (Role.TOURNAMENT_DIRECTOR, True),
        (Role.DEALER, True),
        (Role.OFFICER, True),
        (Role.CALLER, False),
    ],
)
def test_own_organization_roles(role, sees):
    tournament, _ = running(["Ana", "Ben"])
    user = member(tournament.license.organization, role)
    assert (tournament in selectors.tournament_list(user=user)) is sees
    if not sees:
        with pytest.raises(Http404):
            selectors.tournament_get(user=user, pk=tournament.pk)


def test_other_organization_board_and_anonymous():
    tournament, _ = running(["Ana", "Ben"])
    other = mcn_license()
    stranger = member(other.organization, Role.TOURNAMENT_DIRECTOR)
    with pytest.raises(Http404):
        selectors.tournament_get(user=stranger, pk=tournament.pk)
    with pytest.raises(PermissionDenied):
        services.player_register(actor=stranger, tournament=tournament, name="X", date_of_birth=ADULT)
    for board in (board_staff(), board_member()):
        assert selectors.tournament_get(user=board, pk=tournament.pk) == tournament
        with pytest.raises(PermissionDenied):  # the Board reads; it does not direct
            services.clock_control(actor=board, tournament=tournament, op="pause")
    assert not selectors.tournament_list(user=AnonymousUser()).exists()
    assert not selectors.tournament_list(user=UserFactory()).exists()
    assert selectors.tournament_by_key(key=tournament.public_key) == tournament


def test_play_down_to_one_and_publish():
    tournament, director = running(["Ana", "Ben", "Cy"])
    play_to_one(director, tournament)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    tournament = services.results_publish(actor=director, tournament=tournament)
    assert tournament.status == "published"
    places = [row["place"] for row in tournament.results]
    assert places[0] == 1 and len(places) == 3
    assert sum(Decimal(row["prize"]) for row in tournament.results) == Decimal("500.00")
    with pytest.raises(ValidationError):
        services.results_publish(actor=director, tournament=tournament)


def test_publish_before_the_end_is_refused():
    tournament, director = running(["Ana", "Ben"])
    with pytest.raises(ValidationError) as caught:
        services.results_publish(actor=director, tournament=tournament)
    assert "1603.25" in str(caught.value)


def _finished(license, director, names, *, winner_prize="300", **overrides):
    tournament, _ = running(
        names,
        license=license,
        director=director,
        finish_method="time",
        stop_at=dt.time(22, 0),
        prizes=[winner_prize, "100"],
        **overrides,
    )
    # The first-registered player leads on chips, so wins when the clock stops.
    services.chip_correction(
        actor=director, tournament=tournament, from_player="p2", to_player="p1", chips=5000, reason="Chip race"
    )
    services.tournament_stop(actor=director, tournament=tournament, now=at(DAY, 22, 30))
    tournament.refresh_from_db()
    return tournament


def test_day_prize_cap_across_tournaments_of_the_organization():
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    first = _finished(license, director, ["Ana", "Ben"])
    services.results_publish(actor=director, tournament=first)
    second = _finished(license, director, ["ANA", "Cy"], name="Evening Hold'em")
    with pytest.raises(ValidationError) as caught:
        services.results_publish(actor=director, tournament=second)
    assert [f.rule for f in caught.value.findings] == ["30 DCMR 1603.26"]
    assert "ANA" in str(caught.value) and "600.00" in str(caught.value)
    second.refresh_from_db()
    assert second.status == "finished" and second.results == []
    # A $200 first prize keeps Ana at $500 for the day: allowed.
    third = _finished(license, director, ["Ana", "Dee"], winner_prize="200", name="Late Hold'em")
    assert services.results_publish(actor=director, tournament=third).status == "published"


@pytest.fixture
def ana_won_300():
    """Ana (born 1980-05-17) won $300 today at one organization's tournament."""
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    services.results_publish(actor=director, tournament=_finished(license, director, ["Ana", "Ben"]))
    return license, director


def elsewhere(names, **overrides):
    """A finished tournament of another organization, today, and its director."""
    other = mcn_license()
    director = member(other.organization, Role.TOURNAMENT_DIRECTOR)
    return _finished(other, director, names, **overrides), director


def test_day_prize_cap_counts_every_organization_of_the_day(ana_won_300):
    tournament, director = elsewhere(["Ana", "Cy"])  # the same Ana: name and date of birth
    with pytest.raises(ValidationError) as caught:
        services.results_publish(actor=director, tournament=tournament)
    assert [(f.rule, f.field) for f in caught.value.findings] == [("30 DCMR 1603.26", "prizes")]
    assert str(caught.value.findings[0].message) == (
        "Ana would win $600.00 today across the day's tournaments (of any organization); a player may win "
        "at most $500 per day (30 DCMR 1603.26).")


def test_day_prize_cap_boundary_is_exact(ana_won_300):
    over, director = elsewhere(["Ana", "Cy"], winner_prize="200.01")
    with pytest.raises(ValidationError, match=r"\$500\.01 today"):
        services.results_publish(actor=director, tournament=over)
    at_cap, director = elsewhere(["Ana", "Dee"], winner_prize="200.00")
    assert services.results_publish(actor=director, tournament=at_cap).status == "published"


def test_a_name_alone_is_not_a_person(ana_won_300):
    namesake, director = elsewhere([("Ana", dt.date(1999, 2, 3)), "Cy"])  # another Ana
    assert services.results_publish(actor=director, tournament=namesake).status == "published"


def test_a_board_player_id_is_the_same_person_under_any_name():
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    first = _finished(license, director, [("Ana Diaz", dt.date(1980, 1, 1), "DC-7"), "Ben"])
    services.results_publish(actor=director, tournament=first)
    second, director = elsewhere([("Ana D. Diaz", dt.date(1980, 1, 1), "dc-7"), "Cy"])
    with pytest.raises(ValidationError, match=r"Ana D\. Diaz would win \$600\.00"):
        services.results_publish(actor=director, tournament=second)


def test_another_day_does_not_count():
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    first = services.results_publish(actor=director, tournament=_finished(license, director, ["Ana", "B"]))
    # As if the first had been played the day before (only the row's date moves, for this check).
    Tournament.objects.filter(pk=first.pk).update(date=DAY - dt.timedelta(days=1))
    second = _finished(license, director, ["Ana", "Cy"], name="Evening Hold'em")
    assert services.results_publish(actor=director, tournament=second).status == "published"


def test_results_pdf_names_the_winner(tmp_path):
    from pypdf import PdfReader

    tournament, director = running(["Zelda Winner", "Ben"], finish_method="time", stop_at=dt.time(22, 0))
    services.chip_correction(
        actor=director, tournament=tournament, from_player="p2", to_player="p1", chips=5000, reason="Chip race"
    )
    services.tournament_stop(actor=director, tournament=tournament, now=at(DAY, 22, 30))
    tournament = services.results_publish(actor=director, tournament=tournament)
    pdf = results_pdf(tournament)
    text = "".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)
    assert "Zelda Winner" in text and "300.00" in text
    path = tmp_path / "results.pdf"
    path.write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-r", "30", "-f", "1", "-l", "1", "-gray", str(path), str(tmp_path / "page")], check=True
    )
    image = next(tmp_path.glob("page*.pgm")).read_bytes()
    pixels = image.split(b"\n", 3)[3]  # P5 header: magic, size, maxval
    assert min(pixels) < 128 < max(pixels)  # ink on paper, not a blank page


def test_the_clock_stops_at_the_end_and_the_dealer_deals_no_more(client):
    """Journey 5: a tournament that has ended stops its clock where it stood, the clock screen shows the result
    (1603.25) and the dealer's screen offers no next hand."""
    import time_machine
    from django.urls import reverse

    from montecarlo.tournaments.state import clock_elapsed, clock_state, load_engine

    tournament, director = running(["Ana", "Ben", "Cy"])
    play_to_one(director, tournament)
    tournament.refresh_from_db()
    assert tournament.status == "finished" and tournament.clock_running is False
    stopped = clock_elapsed(tournament)
    with time_machine.travel(at(DAY, 22, 30), tick=False):
        assert clock_elapsed(tournament) == stopped  # half an hour later: the clock has not moved
        state = clock_state(tournament, load_engine(tournament))
    assert state["finished"] is True and state["running"] is False
    winner = load_engine(tournament).results()[0]["name"]
    assert [row["name"] for row in state["result"]][0] == winner and len(state["result"]) == 3
    screen = client.get(reverse("montecarlo:clock_screen", args=[tournament.public_key])).content.decode()
    assert "Finished" in screen and f"<li>{winner}</li>" in screen
    client.force_login(member(tournament.license.organization, Role.DEALER))
    dealer = client.get(reverse("montecarlo:table_dealer", args=[tournament.pk, 1])).content.decode()
    assert "Deal the next hand" not in dealer and "The tournament is over: no more hands." in dealer
    assert f"Winner: {winner}." in dealer
