"""Builders for the live-game tests: an operation under an active bingo license, a game and
the organization's staff in the roles that run it."""

import datetime as dt
from decimal import Decimal

from django.utils import timezone

from bingo.live import services
from bingo.models import Game, Operation, Pattern, WorkerDuty
from licensing.models import Role
from tests.clock import this_evening
from tests.licensing.factories import LicenseFactory, MembershipFactory, UserFactory


def member(organization, role):
    return MembershipFactory(organization=organization, role=role, user=UserFactory()).user


ADULT = dt.date(1980, 1, 1)


def staff_on_duty(operation, *, checker=None) -> None:
    """Who must be on duty before a game starts, all of them adults (30 DCMR 1401.5): a checker (1401.3),
    a security person (1400.12) and the member in charge (1301.5), a user holding that role."""
    in_charge = member(operation.license.organization, Role.MEMBER_IN_CHARGE)
    for name, duty, user in (("Checker", WorkerDuty.Duty.CHECKER, checker), ("Guard", WorkerDuty.Duty.SECURITY, None),
                             (in_charge.full_name, WorkerDuty.Duty.MEMBER_IN_CHARGE, in_charge)):
        WorkerDuty.objects.create(operation=operation, name=name, duty=duty, user=user, date_of_birth=ADULT)


def live_game(*, pattern_slug="any-line", prize=Decimal("100.00"), start=True):
    """A game (live unless start=False) and its organization's caller."""
    # Live play happens only inside the operation's licensed hours (bingo.live.live_play): this evening.
    this_evening()
    license = LicenseFactory()
    caller = member(license.organization, Role.CALLER)
    # Today: the license is in force from the day the test runs (30 DCMR 1200.1).
    operation = Operation.objects.create(license=license, premises=license.premises, date=timezone.localdate(),
                                         starts_at=dt.time(18, 0), ends_at=dt.time(22, 0), created_by=caller)
    staff_on_duty(operation)  # no game starts without them
    game = Game.objects.create(operation=operation, number=1, pattern=Pattern.objects.get(slug=pattern_slug),
                               prize=prize, license_class=license.license_class)
    if start:
        game = services.game_start(actor=caller, game=game)
    return game, caller


def record_all(game, caller, numbers):
    for number in numbers:
        services.ball_record(actor=caller, game=game, number=number)
