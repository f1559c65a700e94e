"""Builders for the Django tournament tests: an active Class 2 Monte Carlo Night license with
licensed hours, its tournament director and dealer, and a tournament planned under it."""

import datetime as dt
import random
from decimal import Decimal

from django.utils import timezone

from licensing.models import Role
from licensing.models.choices import LicenseType
from montecarlo import services_tournament as services
from montecarlo.models import Tournament
from tests.licensing.factories import MembershipFactory, UserFactory
from tests.licensing.factories_applications import LicenseFactory

DAY = timezone.localdate() + dt.timedelta(days=10)


def member(organization, role):
    return MembershipFactory(organization=organization, role=role, user=UserFactory()).user


def mcn_license(*, license_class="2", date=DAY, starts="18:00", ends="23:30", organization=None, **kwargs):
    extra = {"application__organization": organization} if organization is not None else {}
    license = LicenseFactory(
        application__license_type=LicenseType.MONTECARLO, application__license_class=license_class,
        number=f"MC-{random.randint(10**6, 10**7)}", **extra, **kwargs)
    license.schedule = [{"date": date.isoformat(), "starts_at": starts, "ends_at": ends,
                         "premises": license.premises_id}]
    license.save(update_fields=["schedule"])
    return license


def plan(director, license, **overrides) -> Tournament:
    values = {"name": "Spring Hold'em", "date": DAY, "starts_at": dt.time(18, 30), "ends_at": dt.time(23, 0),
                  "entry_fee": Decimal("40.00"), "starting_chips": 10000, "max_per_table": 7, "template": "standard",
                  "prizes": ["300", "150", "50"]}
    values.update(overrides)
    return services.tournament_create(actor=director, license=license, **values)


def running(names, *, director=None, license=None, rng_seed=7, **overrides):
    """A tournament with the players registered and seated, the clock started."""
    license = license or mcn_license()
    director = director or member(license.organization, Role.TOURNAMENT_DIRECTOR)
    tournament = plan(director, license, **overrides)
    for name in names:
        services.player_register(actor=director, tournament=tournament, name=name)
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
    from montecarlo import services_play

    view = services_play.hand_start(actor=actor, tournament=tournament, table=table)
    first = view["to_act"]
    while view["legal"]:
        legal, seat = view["legal"], view["to_act"]
        action = "allin" if seat == first and legal["allin"] else ("call" if legal["call"] else "check")
        view = services_play.action_record(actor=actor, tournament=tournament, table=table, seat=seat, action=action)
    if view["needs_showdown"]:
        winner = winner_seat if winner_seat is not None else first
        losers = iter(LOSERS)
        shown = {str(seat): (WINNER if seat == winner else next(losers)) for seat in view["showdown_seats"]}
        view = services_play.showdown_record(actor=actor, tournament=tournament, table=table, board=BOARD, shown=shown)
    return view


def play_to_one(director, tournament):
    """All-in hands at table 1 until one player is left (three players, one table)."""
    from montecarlo.services_state import load_engine

    for _ in range(10):
        if load_engine(tournament).status == "finished":
            return
        allin_hand(director, tournament, 1)
    raise AssertionError("the tournament did not finish")
