"""The montecarlo tests' factories (factory_boy) and the scenes built from them: an active Class 2
Monte Carlo Night license with licensed hours, its tournament director and dealer, a tournament planned
under it through the service, a running one, hands played to the end, and the Board's clock frozen
inside those hours (`board_clock`): hands are dealt only within the licensed hours (30 DCMR 1603.19),
so a test that plays must not depend on the hour the suite runs at."""

import datetime as dt
import itertools
import random
from decimal import Decimal
from zoneinfo import ZoneInfo

import factory
import pytest
import time_machine
from django.conf import settings
from django.utils import timezone

from licensing.models import Role
from licensing.models.choices import LicenseType
from montecarlo.models import Tournament
from montecarlo.tournaments import services
from montecarlo.tournaments.state import load_engine
from tests.licensing.factories import license_for, member

DAY = timezone.localdate() + dt.timedelta(days=10)
ADULT = dt.date(1980, 5, 17)  # a player's date of birth, well over 18 (30 DCMR 1702.1)
# 19:00 on DAY on the Board's clock: inside the licensed 18:00-23:30 and the planned 18:30-23:00.
LIVE_AT = dt.datetime.combine(DAY, dt.time(19, 0), tzinfo=ZoneInfo(settings.TIME_ZONE))


# Unique license numbers even where a test seeds `random` (hypothesis does, example by example).
LICENSE_NUMBERS = itertools.count(random.SystemRandom().randrange(10**6, 9 * 10**6))


@pytest.fixture
def board_clock():
    """Travel to LIVE_AT, the clock running on from there (time-machine): licenses the factories make
    start that day and every deal falls inside the licensed hours."""
    with time_machine.travel(LIVE_AT, tick=True) as traveller:
        yield traveller


def at(day: dt.date, hour: int, minute: int = 0, second: int = 0) -> dt.datetime:
    """A moment on the Board's clock (America/New_York)."""
    return dt.datetime.combine(day, dt.time(hour, minute, second), tzinfo=ZoneInfo(settings.TIME_ZONE))


def mcn_license(*, date=DAY, starts="18:00", ends="23:30", license_class="2", **fields):
    """An active Monte Carlo Night license, Class 2 unless said (30 DCMR 1204.16), licensed on `date` from `starts`
    to `ends` (license_for)."""
    fields.setdefault("number", f"MC-{next(LICENSE_NUMBERS)}")
    return license_for(license_type=LicenseType.MONTECARLO, license_class=license_class, dates=[date], starts=starts,
                       ends=ends, **fields)


class TournamentFactory(factory.Factory):
    """A tournament planned by `actor` under `license` through the service (tournament_create), so its
    log opens with the config event like any planned tournament's."""

    class Meta:
        model = Tournament

    name = "Spring Hold'em"
    date = DAY
    starts_at = dt.time(18, 30)
    ends_at = dt.time(23, 0)
    entry_fee = Decimal("40.00")
    starting_chips = 10000
    max_per_table = 7
    template = "standard"
    prizes = factory.LazyFunction(lambda: ["300", "150", "50"])

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        return services.tournament_create(**kwargs)


def running(names, *, director=None, license=None, rng_seed=7, **overrides):
    """A tournament with the players registered and seated, the clock started (inside the licensed
    hours: use the `board_clock` fixture)."""
    if timezone.localdate() != DAY:
        raise AssertionError("running() plays live: freeze the clock with the board_clock fixture (1603.19)")
    license = license or mcn_license()
    director = director or member(license.organization, Role.TOURNAMENT_DIRECTOR)
    tournament = TournamentFactory(actor=director, license=license, **overrides)
    for entry in names:  # a name, or (name, date of birth[, board player id])
        name, born, *board_id = entry if isinstance(entry, tuple) else (entry, ADULT)
        services.player_register(actor=director, tournament=tournament, name=name, date_of_birth=born,
                                 board_player_id=board_id[0] if board_id else "")
    services.seats_draw(actor=director, tournament=tournament, rng=random.Random(rng_seed))
    services.clock_control(actor=director, tournament=tournament, op="start")
    tournament.refresh_from_db()
    return tournament, director


BOARD = ["2c", "7d", "9h", "Js", "3s"]
WINNER = ["As", "Ah"]
LOSERS = [["Kc", "Qd"], ["Kd", "Qh"], ["Ks", "Qc"], ["Kh", "Qs"], ["8c", "6d"], ["8d", "6h"]]


def allin_hand(actor, tournament, table: int, *, winner_seat: int | None = None) -> dict:
    """Deal a hand where the first to act goes all in and everyone calls; the showdown gives
    `winner_seat` (default: the first to act) aces. Returns the table view after the hand."""
    view = services.hand_start(actor=actor, tournament=tournament, table=table)
    first = view["to_act"]
    while view["legal"]:
        legal, seat = view["legal"], view["to_act"]
        action = "allin" if seat == first and legal["allin"] else ("call" if legal["call"] else "check")
        view = services.action_record(actor=actor, tournament=tournament, table=table, seat=seat, action=action)
    if view["needs_showdown"]:
        winner = winner_seat if winner_seat is not None else first
        losers = iter(LOSERS)
        shown = {str(seat): (WINNER if seat == winner else next(losers)) for seat in view["showdown_seats"]}
        view = services.showdown_record(actor=actor, tournament=tournament, table=table, board=BOARD, shown=shown)
    return view


def play_to_one(director, tournament):
    """All-in hands at table 1 until one player is left (three players, one table)."""
    for _ in range(10):
        if load_engine(tournament).status == "finished":
            return
        allin_hand(director, tournament, 1)
    raise AssertionError("the tournament did not finish")


def to_showdown(tournament, director, table=1):
    """First to act raises all in, everyone calls: the raiser must show, the others may muck."""
    view = services.hand_start(actor=director, tournament=tournament, table=table)
    first = view["to_act"]
    while view["legal"]:
        action = "allin" if view["to_act"] == first else "call"
        view = services.action_record(actor=director, tournament=tournament, table=table, seat=view["to_act"],
                                      action=action)
    return view, first


# --- Monte Carlo Nights: the night, its participants and tables ---


def night_for(*, license=None, director=None, name="Casino Night", starts=dt.time(18, 30), ends=dt.time(23, 0),
              admission="25.00", chips=1000, prize_method="ranking", prizes=None, house_rules="Be kind.",
              training=False, day=DAY, license_class="2"):
    """A night planned through the service under an active Monte Carlo Night license (licensed 18:00-23:30 on
    DAY), and its director."""
    from montecarlo.nights import services as night_services

    if license is None:
        license = mcn_license(date=day, license_class=license_class)
    director = director or member(license.organization, Role.TOURNAMENT_DIRECTOR)
    prizes = prizes if prizes is not None else ([] if training else [
        {"description": "Dinner for two", "value": "80.00"}, {"description": "Gift basket", "value": "40.00"}])
    night = night_services.night_create(
        actor=director, license=license, name=name, date=day, starts_at=starts, ends_at=ends,
        admission_price=Decimal(admission), starting_chips=chips, prize_method=prize_method, prizes=prizes,
        house_rules=house_rules, training=training, in_charge=None if training else in_charge_of(license))
    return night, director


def in_charge_of(license, role="member_in_charge"):
    """The organization's current member in charge (or alternate), made if missing (30 DCMR 1202.2(j), 1301.5)."""
    from licensing.models import ResponsiblePerson
    from tests.licensing.factories import ResponsiblePersonFactory

    found = ResponsiblePerson.objects.filter(organization=license.organization, role=role, is_current=True).first()
    return found or ResponsiblePersonFactory(organization=license.organization, role=role)


def admit(night, director, count=2, **fields):
    from montecarlo.nights import services as night_services

    return [night_services.participant_register(actor=director, night=night, admission_paid=night.admission_price,
                                                age_declared=True, **fields) for _ in range(count)]


def table_for(night, director, game, *, min_bet=10, max_bet=500, approve=True, **settings):
    """A table of `game` set up through the service; an other approved game's house rules approved by Board
    staff (30 DCMR 1602.1) unless approve=False."""
    from montecarlo.models import GameApproval
    from montecarlo.nights import services as night_services
    from montecarlo.tables import services as table_services
    from tests.licensing.factories import board_staff

    table = table_services.table_create(actor=director, night=night, game=game, min_bet=min_bet, max_bet=max_bet,
                                        settings=settings)
    if approve:
        for approval in GameApproval.objects.filter(night=night, status="pending"):
            night_services.approval_decide(actor=board_staff(), approval=approval, approve=True)
    return table


def caribbean_round(actor, table, *, participant: int, ante: int, dealer: list[str], hand: list[str],
                    jackpot: int = 0) -> dict:
    """A round of Caribbean poker for one participant who raises: the ante (and the jackpot's side bet, if any), the
    raise, then the dealer's cards and the participant's. The table's view after it."""
    from montecarlo.tables import services as table_services

    side_bet = [{"type": "bet", "participant": participant, "kind": "jackpot", "amount": jackpot}] if jackpot else []
    for event in ({"type": "open"}, {"type": "bet", "participant": participant, "kind": "ante", "amount": ante},
                  *side_bet, {"type": "decision", "participant": participant, "choice": "raise"}):
        table_services.table_play(actor=actor, table=table, event=event)
    return table_services.table_play(actor=actor, table=table, event={
        "type": "outcome", "dealer": dealer, "hands": {str(participant): hand}})
