"""A tournament plays by the Board's figures in force on its date (30 DCMR 1603.23, 1603.26): the register's prize
cap and seats a table, recorded with the tournament when it is planned and passed to the engine, so a county whose
pack allows $750 and 9 players a table plans and plays such a tournament; a tournament planned before keeps the
figures it recorded, and the logs recorded before the figures were columns ("prize_cap": "500", no seat limit)
still verify."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from core.chain import rechain
from licensing.models import Role
from montecarlo.models import Tournament, TournamentEvent, changed_terms
from montecarlo.tournaments import services
from montecarlo.tournaments.state import load_engine
from tests.core.tamper import triggers_off
from tests.licensing.factories import board_number, member
from tests.montecarlo.factories import DAY, TournamentFactory, mcn_license, running

pytestmark = pytest.mark.django_db
NINE = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy"]


def verify(tournament) -> None:
    call_command("verify_logs", "--tournament", str(tournament.pk))


def test_a_tournament_plays_by_the_countys_cap_and_seats():
    board_number("holdem.prize_cap_per_player_day", "750.00")
    board_number("holdem.players_per_table", 9)
    tournament, director = running(NINE, prizes=["700", "50"], max_per_table=9)
    assert (tournament.prize_cap, tournament.seats_limit, tournament.max_per_table) == (Decimal("750.00"), 9, 9)
    engine = tournament.events.get(seq=1).payload["engine"]
    assert (engine["prize_cap"], engine["seats_limit"], engine["prizes"]) == ("750", 9, ["700.00", "50.00"])
    state = load_engine(tournament)
    assert (state.prize_cap, state.seats_limit) == (Decimal("750"), 9)
    assert [len(table.seats) for table in state.tables.values()] == [9]  # one table of nine
    # A hand: the first to act goes all in and the eight others fold.
    view = services.hand_start(actor=director, tournament=tournament, table=1)
    first = view["to_act"]
    view = services.action_record(actor=director, tournament=tournament, table=1, seat=first, action="allin")
    while view["legal"]:
        view = services.action_record(actor=director, tournament=tournament, table=1, seat=view["to_act"],
                                      action="fold")
    assert len(load_engine(tournament).hands) == 1
    verify(tournament)


def test_the_countys_figures_still_bound_a_tournament():
    board_number("holdem.prize_cap_per_player_day", "750.00")
    board_number("holdem.players_per_table", 9)
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    with pytest.raises(Exception, match="1603.23"):
        TournamentFactory(actor=director, license=license, max_per_table=10)
    with pytest.raises(Exception, match="1603.26"):
        TournamentFactory(actor=director, license=license, prizes=["750.01"])
    assert not Tournament.objects.exists()


def _as_recorded_before_the_figures(tournament) -> None:
    """Rewrite the tournament's config event as tournament_create wrote it before the figures were columns (no seat
    limit in the engine's configuration) and re-chain its log, as the events of such a tournament stand."""
    first = tournament.events.get(seq=1)
    payload = dict(first.payload)
    payload["engine"] = {key: value for key, value in payload["engine"].items() if key != "seats_limit"}
    with triggers_off("montecarlo_tournamentevent"):
        TournamentEvent._base_manager.filter(pk=first.pk).update(payload=payload)
        head = rechain(list(TournamentEvent._base_manager.filter(tournament=tournament).order_by("seq")),
                       "montecarlo.tournamentevent", str(tournament.pk))
    Tournament.objects.filter(pk=tournament.pk).update(head_seq=head.seq, head_hash=head.hash)
    tournament.refresh_from_db()


def test_a_tournament_planned_under_dcs_figures_keeps_its_old_terms():
    tournament, _director = running(["Ana", "Ben", "Cy"])
    assert (tournament.prize_cap, tournament.seats_limit) == (Decimal("500.00"), 7)
    assert tournament.engine_config()["prize_cap"] == "500"  # as every config event before the column says
    _as_recorded_before_the_figures(tournament)
    recorded = tournament.events.get(seq=1).payload
    assert "seats_limit" not in recorded["engine"] and recorded["engine"]["prize_cap"] == "500"
    assert changed_terms(recorded, tournament) == []
    verify(tournament)
    # An old log is read as played under 7 a table: a row that says otherwise no longer matches it.
    Tournament.objects.filter(pk=tournament.pk).update(seats_limit=9)
    with pytest.raises(CommandError, match="tournament"):
        verify(tournament)


def test_a_row_whose_cap_is_changed_no_longer_matches_its_log():
    board_number("holdem.prize_cap_per_player_day", "750.00")
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    tournament = TournamentFactory(actor=director, license=license, prizes=["700"])
    verify(tournament)
    tournament.prize_cap = Decimal("800.00")
    assert changed_terms(tournament.events.get(seq=1).payload, tournament) == ["engine"]


def test_a_tournament_dated_before_a_cap_change_keeps_its_recorded_cap():
    change = DAY + dt.timedelta(days=1)
    before_license, after_license = mcn_license(), mcn_license(date=change)
    before = TournamentFactory(actor=member(before_license.organization, Role.TOURNAMENT_DIRECTOR),
                               license=before_license, prizes=["500"])
    board_number("holdem.prize_cap_per_player_day", "750.00", since=change)
    board_number("holdem.players_per_table", 9, since=change)
    after = TournamentFactory(actor=member(after_license.organization, Role.TOURNAMENT_DIRECTOR),
                              license=after_license, date=change, prizes=["700"], max_per_table=9)
    before.refresh_from_db()
    assert (before.prize_cap, before.seats_limit) == (Decimal("500.00"), 7)
    assert (after.prize_cap, after.seats_limit) == (Decimal("750.00"), 9)
    # A change approved later that reaches back over the tournament's date does not change what it recorded.
    board_number("holdem.prize_cap_per_player_day", "600.00", since=DAY - dt.timedelta(days=1))
    assert load_engine(before).prize_cap == Decimal("500")
    verify(before)
    verify(after)


def test_the_pages_say_the_figures_of_the_register_and_of_the_tournament(client):
    board_number("holdem.prize_cap_per_player_day", "750.00")
    board_number("holdem.players_per_table", 9)
    tournament, director = running(["Ana", "Ben"], prizes=["700"], max_per_table=9)
    client.force_login(director)
    page = client.get(reverse("montecarlo:tournament_create")).content.decode()
    assert "tables of at most 9 players (1603.23); prizes of at most $750 per player per day" in page
    page = client.get(reverse("montecarlo:results", args=[tournament.pk])).content.decode()
    assert "30 DCMR 1603.26: at most $750 per player per day." in page
    # A later change of the register does not change what the tournament was played for.
    board_number("holdem.prize_cap_per_player_day", "600.00", since=dt.date(2001, 1, 1))
    page = client.get(reverse("montecarlo:results", args=[tournament.pk])).content.decode()
    assert "at most $750 per player per day." in page
