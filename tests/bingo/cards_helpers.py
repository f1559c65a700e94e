"""Builders for the card series and sales register tests: an operation with its games, a
series and the organization's people in the roles that sell and plan."""

import datetime as dt
from decimal import Decimal

from bingo.cards import sales
from bingo.models import CardSeries, Game, GameStatus, GameType, Operation, Pattern
from licensing.models import Role
from tests.bingo.live_builders import member
from tests.licensing.factories import LicenseFactory


def operation_with_games(*, regular=4, early_birds=0, special=0, license=None):
    """An operation whose games are numbered: early birds first, then regular, then special."""
    license = license or LicenseFactory()
    operation = Operation.objects.create(license=license, premises=license.premises, date=dt.date(2026, 12, 5),
                                         starts_at=dt.time(18, 0), ends_at=dt.time(22, 0))
    pattern = Pattern.objects.get(slug="any-line")
    kinds = [GameType.EARLY_BIRD] * early_birds + [GameType.REGULAR] * regular + [GameType.SPECIAL] * special
    for number, kind in enumerate(kinds, start=1):
        Game.objects.create(operation=operation, number=number, pattern=pattern, prize=Decimal("50.00"),
                            license_class=license.license_class, game_type=kind, card_price=Decimal("1.00"))
    return operation


def games(operation, game_type=None):
    queryset = operation.games.order_by("number")
    return list(queryset.filter(game_type=game_type) if game_type else queryset)


def close(*games_to_close):
    Game.objects.filter(pk__in=[g.pk for g in games_to_close]).update(status=GameStatus.CLOSED)


def series_for(organization, *, code="A", size=60, seed=20261205):
    """A small series with a fixed seed (a real one gets secrets.randbits(62))."""
    return CardSeries.objects.create(organization=organization, code=code, size=size, seed=seed)


def staff(organization):
    return {"planner": member(organization, Role.OFFICER), "checker": member(organization, Role.CHECKER),
            "caller": member(organization, Role.CALLER)}


def fresh_caches():
    sales.clear_caches()
