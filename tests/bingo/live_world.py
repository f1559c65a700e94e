"""Builders for the live console tests: an operation ready to play (drawing hall, its workers on
duty: tests.bingo.live_builders.staff_on_duty), its game, a card series with faces sold for the game, and staff."""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass, field
from decimal import Decimal

import pytest
from django.utils import timezone

from bingo.cards.sales import clear_caches, series_faces
from bingo.engine import patterns
from bingo.live import services
from bingo.models import CardSale, CardSeries, Game, GameType, Hall, Operation, Pattern
from licensing.models import Role
from tests.bingo.live_builders import member, staff_on_duty
from tests.clock import this_evening
from tests.licensing.factories import LicenseFactory, PremisesFactory


@dataclass
class World:
    game: Game
    caller: object
    checker: object
    series: CardSeries
    hall: Hall
    other_halls: list[Hall] = field(default_factory=list)

    @property
    def organization(self):
        return self.game.operation.license.organization

    def face(self, number: int):
        return series_faces(self.series)[number - 1]


def standard_pattern(slug: str) -> Pattern:
    """The library row (a transactional test flushes the rows the data migration loaded)."""
    engine = patterns.get(slug)
    return Pattern.objects.get_or_create(slug=slug, organization=None, defaults={
        "name_en": engine.name_en, "name_es": engine.name_es, "masks": list(engine.masks), "is_standard": True})[0]


def live_world(*, pattern_slug="any-line", prize=Decimal("100.00"), license_class="B", start=True,
               game_type=GameType.REGULAR, sold=(1, 60), series_size=120, extra_halls=0, number=1,
               seed=None, sale_per_face=False) -> World:
    # Live play happens only inside the operation's licensed hours (bingo.live.live_play): this evening.
    this_evening()
    license = LicenseFactory(application__license_class=license_class)
    organization = license.organization
    caller = member(organization, Role.CALLER)
    checker = member(organization, Role.CHECKER)
    operation = Operation.objects.create(license=license, premises=license.premises, date=timezone.localdate(),
                                         starts_at=dt.time(18, 0), ends_at=dt.time(22, 0), created_by=caller)
    hall = Hall.objects.create(operation=operation, premises=license.premises, name="Main hall",
                               is_drawing_location=True, key=secrets.token_urlsafe(16)[:22])
    others = [Hall.objects.create(operation=operation, premises=PremisesFactory(), name=f"Hall {i + 2}",
                                  key=secrets.token_urlsafe(16)[:22]) for i in range(extra_halls)]
    staff_on_duty(operation, checker=checker)
    game = Game.objects.create(operation=operation, number=number, pattern=standard_pattern(pattern_slug),
                               prize=prize, license_class=license.license_class, game_type=game_type)
    series = CardSeries.objects.create(organization=organization, code=f"S{secrets.randbelow(10**6)}",
                                       seed=secrets.randbelow(2**40) if seed is None else seed,
                                       size=series_size)
    # One sale is one buyer (bingo.live.state.GameState.winning_players): `sale_per_face` sells every face to
    # its own player, so faces winning together are different players'.
    ranges = [(n, n) for n in range(sold[0], sold[1] + 1)] if sold and sale_per_face else [sold] if sold else []
    for first, last in ranges:
        sale = CardSale.objects.create(operation=operation, series=series, first_face=first, last_face=last,
                                       hall=hall)
        sale.games.add(game)
    if start:
        game = services.game_start(actor=caller, game=game)
    return World(game=game, caller=caller, checker=checker, series=series, hall=hall, other_halls=others)


def bingo_calls(card, *, row: int = 0) -> list[int]:
    """The calls that complete row `row` of a face (the free centre needs no call)."""
    return [n for n in card.squares[row * 5:(row + 1) * 5] if n]


def record(world: World, numbers) -> None:
    for number in numbers:
        services.ball_record(actor=world.caller, game=world.game, number=number)


def unsold_number(world: World, avoid) -> int:
    """A ball not yet called."""
    return next(n for n in range(75, 0, -1) if n not in avoid)


@pytest.fixture(autouse=True)
def fresh_caches():
    """The sales register caches banks by game id and sales version; test databases reuse ids,
    so each test starts with empty caches (production never reuses an id)."""
    clear_caches()
    yield
    clear_caches()
