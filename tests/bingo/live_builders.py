"""Builders for the live-game tests: an operation under an active bingo license, a game and
the organization's staff in the roles that run it."""

import datetime as dt
from decimal import Decimal

from bingo import services
from bingo.models import Game, Operation, Pattern
from licensing.models import Role
from tests.licensing.factories import MembershipFactory, UserFactory
from tests.licensing.factories_applications import LicenseFactory


def member(organization, role):
    return MembershipFactory(organization=organization, role=role, user=UserFactory()).user


def live_game(*, pattern_slug="any-line", prize=Decimal("100.00"), start=True):
    """A game (live unless start=False) and its organization's caller."""
    license = LicenseFactory()
    caller = member(license.organization, Role.CALLER)
    operation = Operation.objects.create(license=license, date=dt.date(2026, 12, 5), starts_at=dt.time(18, 0),
                                         ends_at=dt.time(22, 0), created_by=caller)
    game = Game.objects.create(operation=operation, number=1, pattern=Pattern.objects.get(slug=pattern_slug),
                               prize=prize, license_class=license.license_class)
    if start:
        game = services.game_start(actor=caller, game=game)
    return game, caller


def record_all(game, caller, numbers):
    for number in numbers:
        services.ball_record(actor=caller, game=game, number=number)
