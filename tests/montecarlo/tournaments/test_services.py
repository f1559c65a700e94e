"""Tournament services: planning rules with their citations, registration, the seat draw, the
clock, play through the engine, misdeals, chip corrections, restart recovery and the log."""

import datetime as dt
import random
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from licensing.models import AuditEvent, Role
from licensing.models.choices import LicenseType
from montecarlo.models import Tournament, TournamentEvent, TournamentEventImmutableError
from montecarlo.tournaments import services
from montecarlo.tournaments.state import clock_position, load_engine
from tests.licensing.factories import LicenseFactory, member
from tests.montecarlo.factories import (
    ADULT,
    DAY,
    TournamentFactory,
    allin_hand,
    mcn_license,
    running,
)

pytestmark = pytest.mark.django_db
NINE = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy"]


def rules_of(error: ValidationError) -> set[str]:
    return {finding.rule for finding in getattr(error, "findings", [])}


@pytest.fixture
def license():
    return mcn_license()


@pytest.fixture
def director(license):
    return member(license.organization, Role.TOURNAMENT_DIRECTOR)


def test_plan_within_licensed_hours(director, license):
    tournament = TournamentFactory(actor=director, license=license)
    assert tournament.status == "registering" and tournament.levels and tournament.public_key
    assert tournament.prizes == ["300.00", "150.00", "50.00"]
    assert AuditEvent.objects.filter(event_type="montecarlo.tournament_created").count() == 1


@pytest.mark.parametrize("license_type,license_class", [(LicenseType.MONTECARLO, "1"), (LicenseType.BINGO, "B")])
def test_plan_needs_class_2_monte_carlo_license(license_type, license_class):
    license = LicenseFactory(
        application__license_type=license_type, application__license_class=license_class, number=f"X-{license_type}"
    )
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    with pytest.raises(ValidationError) as caught:
        TournamentFactory(actor=director, license=license)
    assert "30 DCMR 1204.16" in rules_of(caught.value)
    assert "1204.16" in str(caught.value)
    assert not Tournament.objects.exists()


def test_plan_outside_licensed_hours_is_refused(director, license):
    with pytest.raises(ValidationError) as caught:
        TournamentFactory(actor=director, license=license, ends_at=dt.time(23, 45))
    assert rules_of(caught.value) == {"30 DCMR 1603.19"}
    with pytest.raises(ValidationError) as caught:
        TournamentFactory(actor=director, license=license, date=DAY + dt.timedelta(days=1))
    assert "30 DCMR 1603.19" in rules_of(caught.value)


def test_plan_uses_the_application_event_window_without_a_schedule(director, license):
    license.schedule = []
    license.save(update_fields=["schedule"])
    application = license.application
    zone = timezone.get_current_timezone()
    application.event_starts_at = dt.datetime.combine(DAY, dt.time(17, 0), tzinfo=zone)
    application.event_ends_at = dt.datetime.combine(DAY, dt.time(22, 0), tzinfo=zone)
    application.save(update_fields=["event_starts_at", "event_ends_at"])
    assert TournamentFactory(actor=director, license=license, starts_at=dt.time(17, 30), ends_at=dt.time(21, 30)).pk
    with pytest.raises(ValidationError) as caught:
        TournamentFactory(actor=director, license=license, starts_at=dt.time(17, 30), ends_at=dt.time(22, 30))
    assert rules_of(caught.value) == {"30 DCMR 1603.19"}


@pytest.mark.parametrize(
    "overrides,rule",
    [
        ({"max_per_table": 8}, "30 DCMR 1603.23"),
        ({"prizes": ["500.01"]}, "30 DCMR 1603.26"),
        ({"finish_method": "time", "stop_at": None}, "30 DCMR 1603.25(b)"),
        (
            {"template": None, "levels": [{"small_blind": 100, "big_blind": 200, "ante": 150, "minutes": 20}]},
            "30 DCMR 1604.3(c)",
        ),
    ],
)
def test_plan_rules_with_citations(director, license, overrides, rule):
    with pytest.raises(ValidationError) as caught:
        TournamentFactory(actor=director, license=license, **overrides)
    assert rule in rules_of(caught.value)
    assert rule.removeprefix("30 DCMR ") in str(caught.value)


def test_dealer_may_not_plan_or_register(license, director):
    dealer = member(license.organization, Role.DEALER)
    with pytest.raises(PermissionDenied):
        TournamentFactory(actor=dealer, license=license)
    tournament = TournamentFactory(actor=director, license=license)
    with pytest.raises(PermissionDenied):
        services.player_register(actor=dealer, tournament=tournament, name="Ana", date_of_birth=ADULT)


def test_register_once_no_rebuys(director, license):
    tournament = TournamentFactory(actor=director, license=license)
    register = lambda name, born=ADULT: services.player_register(  # noqa: E731
        actor=director, tournament=tournament, name=name, date_of_birth=born)
    assert register("Ana") == "p1"
    with pytest.raises(ValidationError) as caught:
        register(" ana ")
    assert rules_of(caught.value) == {"30 DCMR 1603.30"}
    assert caught.value.findings[0].field == "name"
    assert register("Ana", ADULT.replace(year=1990)) == "p2"  # another Ana, born another day
    engine = load_engine(tournament)
    assert [p.chips for p in engine.players.values()] == [10000, 10000]


def test_seat_draw_nine_players_on_two_tables(director, license):
    tournament, _ = running(NINE, director=director, license=license)
    engine = load_engine(tournament)
    sizes = sorted(len(t.seats) for t in engine.tables.values())
    assert sizes == [4, 5]  # fewest tables of at most 7 (1603.23), spread evenly
    assert tournament.status == "running"
    seat_event = tournament.events.get(kind="seat")
    assert set(seat_event.payload["assignments"]) == {f"p{n}" for n in range(1, 10)}
    with pytest.raises(ValidationError):  # registration closed once seated
        services.player_register(actor=director, tournament=tournament, name="Late", date_of_birth=ADULT)


def test_hand_needs_the_clock_running(director, license):
    tournament = TournamentFactory(actor=director, license=license)
    for name in NINE[:3]:
        services.player_register(actor=director, tournament=tournament, name=name, date_of_birth=ADULT)
    services.seats_draw(actor=director, tournament=tournament, rng=random.Random(1))
    with pytest.raises(ValidationError):
        services.hand_start(actor=director, tournament=tournament, table=1)
    services.clock_control(actor=director, tournament=tournament, op="start")
    view = services.hand_start(actor=director, tournament=tournament, table=1)
    assert view["hand_no"] == 1 and view["small_blind"] == 25 and view["big_blind"] == 50


def test_clock_pause_resume_and_levels(director, license):
    tournament, _ = running(NINE[:2], director=director, license=license)
    start = tournament.clock_started_at
    later = start + dt.timedelta(minutes=25)
    services.clock_control(actor=director, tournament=tournament, op="pause", now=later)
    tournament.refresh_from_db()
    assert not tournament.clock_running and abs(tournament.clock_elapsed - 1500) < 1
    # Paused: the level does not move, whatever the wall clock says.
    assert clock_position(tournament, later + dt.timedelta(hours=2)) == (1, 900)
    with pytest.raises(ValidationError):
        services.clock_control(actor=director, tournament=tournament, op="pause", now=later)
    services.clock_control(
        actor=director, tournament=tournament, op="resume", now=later + dt.timedelta(hours=2)
    )
    tournament.refresh_from_db()
    assert clock_position(tournament, later + dt.timedelta(hours=2, minutes=15)) == (2, 1200)


def test_dealer_plays_a_hand_and_illegal_action_appends_nothing(license, director):
    tournament, _ = running(NINE[:3], director=director, license=license)
    dealer = member(license.organization, Role.DEALER)
    view = services.hand_start(actor=dealer, tournament=tournament, table=1)
    seat = view["to_act"]
    head = Tournament.objects.get(pk=tournament.pk).head_seq
    with pytest.raises(ValidationError) as caught:
        services.action_record(actor=dealer, tournament=tournament, table=1, seat=seat, action="check")
    assert any(rule.startswith("30 DCMR") for rule in rules_of(caught.value))
    assert Tournament.objects.get(pk=tournament.pk).head_seq == head
    view = services.action_record(actor=dealer, tournament=tournament, table=1, seat=seat, action="fold")
    assert view["to_act"] != seat


def test_all_in_showdown_awards_pots_and_conserves_chips(director, license):
    tournament, _ = running(NINE[:3], director=director, license=license)
    view = allin_hand(director, tournament, 1)
    engine = load_engine(tournament)
    assert view["hand_no"] is None and engine.hands
    assert engine.total_chips() == 3 * 10000
    assert engine.status == "finished" or engine.players_left() < 3


def test_misdeal_only_before_the_first_bet(director, license):
    tournament, _ = running(NINE[:3], director=director, license=license)
    view = services.hand_start(actor=director, tournament=tournament, table=1)
    again = services.misdeal_record(actor=director, tournament=tournament, table=1)
    assert again["hand_no"] == view["hand_no"] and again["button_seat"] == view["button_seat"]
    assert again["pot"] == view["pot"]  # same forced bets, none new (1604.3(cc))
    services.action_record(actor=director, tournament=tournament, table=1, seat=again["to_act"], action="call")
    with pytest.raises(ValidationError) as caught:
        services.misdeal_record(actor=director, tournament=tournament, table=1)
    assert "30 DCMR 1604.3(bb)" in rules_of(caught.value)


def test_chip_correction_needs_a_reason_and_is_audited(director, license):
    tournament, _ = running(NINE[:3], director=director, license=license)
    move = {"actor": director, "tournament": tournament, "from_player": "p1", "to_player": "p2", "chips": 1000}
    with pytest.raises(ValidationError):
        services.chip_correction(**move, reason=" ")
    services.chip_correction(**move, reason="A 1,000 chip counted in the wrong stack")
    engine = load_engine(tournament)
    assert (engine.players["p1"].chips, engine.players["p2"].chips, engine.total_chips()) == (9000, 11000, 30000)
    audit = AuditEvent.objects.get(event_type="montecarlo.chips_corrected")
    assert audit.payload["chips_before"] == {"p1": 10000, "p2": 10000}
    assert audit.payload["reason"] == "A 1,000 chip counted in the wrong stack"


def test_restart_recovery_mid_hand(director, license):
    tournament, _ = running(NINE, director=director, license=license)
    allin_hand(director, tournament, 2)
    view = services.hand_start(actor=director, tournament=tournament, table=1)
    view = services.action_record(
        actor=director, tournament=tournament, table=1, seat=view["to_act"], action="call"
    )
    before = load_engine(tournament)
    # A new process: nothing but the rows in the database.
    fresh = Tournament.objects.get(pk=tournament.pk)
    after = load_engine(fresh)
    assert after.table_view(1) == view == before.table_view(1)
    assert after.standings() == before.standings() and after.hands == before.hands
    # Play continues from the rebuilt state.
    services.action_record(actor=director, tournament=fresh, table=1, seat=view["to_act"], action="fold")


def test_event_log_is_chained_and_append_only(director, license):
    tournament, _ = running(NINE[:2], director=director, license=license)
    events = list(TournamentEvent.objects.filter(tournament=tournament).order_by("seq"))
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    assert all(e.prev_hash == p.hash for p, e in zip(events, events[1:], strict=False))
    assert all(e.compute_hash() == e.hash for e in events)
    tournament.refresh_from_db()
    assert (tournament.head_seq, tournament.head_hash) == (events[-1].seq, events[-1].hash)
    with pytest.raises(TournamentEventImmutableError):
        events[0].save()
    with pytest.raises(TournamentEventImmutableError):
        events[0].delete()
    with pytest.raises(TournamentEventImmutableError):
        TournamentEvent.objects.filter(pk=events[0].pk).update(kind="x")
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE montecarlo_tournamentevent SET kind = 'x' WHERE id = %s", [events[0].pk])


def test_time_method_stops_at_the_set_time_and_ranks_by_chips(director, license):
    tournament, _ = running(NINE[:3], director=director, license=license, finish_method="time", stop_at=dt.time(22, 0))
    services.chip_correction(
        actor=director, tournament=tournament, from_player="p1", to_player="p2", chips=2000, reason="Recount"
    )
    early = timezone.make_aware(dt.datetime.combine(DAY, dt.time(21, 0)))
    with pytest.raises(ValidationError) as caught:
        services.tournament_stop(actor=director, tournament=tournament, now=early)
    assert rules_of(caught.value) == {"30 DCMR 1603.25(b)"}
    services.tournament_stop(actor=director, tournament=tournament, now=early + dt.timedelta(hours=1))
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    results = load_engine(tournament).results()
    assert results[0]["name"] == "Ben" and results[0]["prize"] == Decimal("300")


def test_last_player_tournament_cannot_be_stopped(director, license):
    tournament, _ = running(NINE[:2], director=director, license=license)
    with pytest.raises(ValidationError) as caught:
        services.tournament_stop(actor=director, tournament=tournament)
    assert rules_of(caught.value) == {"30 DCMR 1603.25(a)"}


def test_cards_are_dealt_by_a_worker_of_the_night(director, license):
    """30 DCMR 1603.24: all cards are dealt by a worker of the Monte Carlo Night (a dealer or a director), and 1603.31:
    no player plays through a device - the member in charge reads the tournament but deals nothing."""
    tournament, _ = running(NINE[:3], director=director, license=license)
    reader = member(license.organization, Role.MEMBER_IN_CHARGE)
    with pytest.raises(PermissionDenied, match=r"dealt by a worker of the Monte Carlo Night.*30 DCMR 1603\.24"):
        services.hand_start(actor=reader, tournament=tournament, table=1)
    assert services.hand_start(actor=member(license.organization, Role.DEALER), tournament=tournament,
                               table=1)["hand_no"] == 1


def test_one_hand_per_player_per_round_nobody_moves_mid_hand(director, license):
    """30 DCMR 1603.27: a player bets on one hand per round: a move to another table waits for the hand's end."""
    from montecarlo.holdem.tournament.errors import TournamentError

    tournament, _ = running(NINE, director=director, license=license)
    services.hand_start(actor=director, tournament=tournament, table=1)
    engine = load_engine(tournament)
    player = next(iter(engine.tables[1].seats.values()))
    free = next(seat for seat in range(1, 8) if seat not in engine.tables[2].seats)
    with pytest.raises(TournamentError) as caught:
        engine.apply({"type": "move", "player": player, "table": 2, "seat": free})
    assert caught.value.rule == "30 DCMR 1603.27"
    with pytest.raises(ValidationError) as again:  # nor a second hand at the table while one is in progress
        services.hand_start(actor=director, tournament=tournament, table=1)
    assert "30 DCMR 1603.27" in rules_of(again.value)
