"""The bingo tests' factories (factory_boy) and the worlds built from them: cards written as they are
printed (no database), an operation planned under a bingo license through the planning services and its
crew, an operation with its games and card series for the sales register, and a live game ready to play
(drawing hall, workers on duty, a series with faces sold for the game, its caller and checker).

Live play happens only inside the operation's licensed hours (bingo.live.live_play): the live builders put
the Board's clock at this evening (tests/clock.py), inside the 18:00-22:00 they plan."""

from __future__ import annotations

import datetime as dt
import random
import secrets
from dataclasses import dataclass, field
from decimal import Decimal
from types import SimpleNamespace

import factory
import pytest
from django.utils import timezone

from bingo.cards.sales import clear_caches, series_faces
from bingo.engine import Card, column_range, patterns
from bingo.live import services as live_services
from bingo.live import training
from bingo.models import (
    CardSale,
    CardSeries,
    Game,
    GameStatus,
    GameType,
    Hall,
    MultiHallAgreement,
    Operation,
    Pattern,
    WorkerDuty,
)
from bingo.planning import services as planning_services
from licensing.models import Role
from licensing.models.choices import LicenseType, Period
from tests.clock import this_evening
from tests.licensing.factories import LicenseFactory, OrganizationFactory, PremisesFactory, license_for, member

ADULT = dt.date(1980, 1, 1)  # a worker's date of birth, well over 18 (30 DCMR 1401.5)


@pytest.fixture(autouse=True)
def fresh_caches():
    """The sales register caches banks by game id and sales version; test databases reuse ids,
    so each test starts with empty caches (production never reuses an id). Autouse wherever it is
    imported: tests/bingo/conftest.py imports it for every bingo test."""
    clear_caches()
    yield
    clear_caches()


# --- Model factories ---


class OperationFactory(factory.django.DjangoModelFactory):
    """An operation written straight to the table (`plan` goes through the planning service): today,
    18:00-22:00, at the license's premises."""

    class Meta:
        model = Operation

    license = factory.SubFactory(LicenseFactory)
    premises = factory.SelfAttribute("license.premises")
    date = factory.LazyFunction(timezone.localdate)
    starts_at = dt.time(18, 0)
    ends_at = dt.time(22, 0)
    caller_visible = True  # declared before play (30 DCMR 1405.15)
    cash_prizes_only = True  # 30 DCMR 1408.4


class GameFactory(factory.django.DjangoModelFactory):
    """A planned game of the operation, of the license's class."""

    class Meta:
        model = Game

    operation = factory.SubFactory(OperationFactory)
    number = 1
    pattern = factory.LazyFunction(lambda: Pattern.objects.get(slug="any-line"))
    prize = Decimal("100.00")
    license_class = factory.SelfAttribute("operation.license.license_class")


class HallFactory(factory.django.DjangoModelFactory):
    """A hall of the operation with its unguessable flashboard key."""

    class Meta:
        model = Hall

    operation = factory.SubFactory(OperationFactory)
    premises = factory.SelfAttribute("operation.premises")
    name = "Main hall"
    key = factory.LazyFunction(lambda: secrets.token_urlsafe(16)[:22])


class WorkerDutyFactory(factory.django.DjangoModelFactory):
    """A worker on duty, an adult (30 DCMR 1401.5)."""

    class Meta:
        model = WorkerDuty

    operation = factory.SubFactory(OperationFactory)
    name = "Checker"
    duty = WorkerDuty.Duty.CHECKER
    date_of_birth = ADULT


class CardSeriesFactory(factory.django.DjangoModelFactory):
    """A small series with a fixed seed (a real one gets secrets.randbits(62))."""

    class Meta:
        model = CardSeries

    organization = factory.SubFactory(OrganizationFactory)
    code = "A"
    size = 60
    seed = 20261205


# --- Cards as they are printed (no database) ---


def random_card(rng: random.Random) -> Card:
    columns = [rng.sample(column_range(col), 5) for col in range(5)]
    columns[2][2] = 0
    return Card(columns)


def card_from_rows(rows: list[list[int]]) -> Card:
    """A card written as it is printed: five rows, B to O."""
    return Card([[rows[r][c] for r in range(5)] for c in range(5)])


# Printed row by row; the centre is the FREE space.
SAMPLE = card_from_rows([
    [1, 16, 31, 46, 61],
    [2, 17, 32, 47, 62],
    [3, 18, 0, 48, 63],
    [4, 19, 34, 49, 64],
    [5, 20, 35, 50, 65],
])


# --- People ---


def planner(organization):
    return member(organization, Role.OFFICER)


def staff(organization):
    return {"planner": member(organization, Role.OFFICER), "checker": member(organization, Role.CHECKER),
            "caller": member(organization, Role.CALLER)}


# --- Planning: a bingo license with a schedule, operations planned through the services ---


def monday(weeks_ahead: int = 3) -> dt.date:
    today = timezone.localdate()
    return today + dt.timedelta(days=7 * weeks_ahead - today.weekday())


def bingo_license(*, license_class="B", period=Period.REGULAR, dates=None, **fields):
    """An active bingo license, Class B of the regular period unless told, licensed 18:00-22:00 (license_for)
    on the Monday three weeks ahead or on each of `dates`."""
    return license_for(license_type=LicenseType.BINGO, license_class=license_class, period=period,
                       dates=dates or [monday()], **fields)


def multihall_license(base, *, agreement=True, **extra):
    """The multi-hall add-on license, and (unless `agreement` is False) the Agency-approved service agreement with
    its audit clause that a multi-hall game needs (30 DCMR 1401.8)."""
    if agreement:
        approved_agreement(base.organization)
    return license_for(license_type=LicenseType.MULTIHALL, license_class=base.license_class,
                       organization=base.organization, premises=base.premises, parent=base, **extra)


def approved_agreement(organization, **fields):
    """A multi-hall service agreement, approved by the Agency, with its audit clause (30 DCMR 1401.8)."""
    values = {"provider": "Capitol Link Services", "services": "Advertising and the prize account",
              "signed_on": timezone.localdate() - dt.timedelta(days=400), "audit_clause": True,
              "approved_at": timezone.now()}
    return MultiHallAgreement.objects.create(organization=organization, **{**values, **fields})


def plan(license, *, actor=None, date=None, starts=dt.time(18, 0), ends=dt.time(22, 0), premises=None, **extra):
    return planning_services.operation_create(
        actor=actor or planner(license.organization), license=license, premises=premises or license.premises,
        date=date or dt.date.fromisoformat(license.schedule[0]["date"]), starts_at=starts, ends_at=ends,
        member_in_charge=extra.pop("member_in_charge", "Ana Gómez"), **{**DECLARED, **extra})


# What an operation declares before play (30 DCMR 1405.12, 1405.15, 1408.4): one room, the caller in view, cash prizes.
DECLARED = {"caller_visible": True, "cash_prizes_only": True}


def pattern(slug="any-line"):
    return Pattern.objects.get(slug=slug)


def standard_pattern(slug: str) -> Pattern:
    """The library row (a transactional test flushes the rows the data migration loaded)."""
    engine = patterns.get(slug)
    return Pattern.objects.get_or_create(slug=slug, organization=None, defaults={
        "name_en": engine.name_en, "name_es": engine.name_es, "masks": list(engine.masks), "is_standard": True})[0]


def add_game(operation, actor, *, game_type="regular", card_price="1.00", prize="100.00", slug="any-line"):
    return planning_services.game_add(actor=actor, operation=operation, pattern=pattern(slug), game_type=game_type,
                                      card_price=Decimal(card_price), prize=Decimal(prize))


def crew(operation, actor) -> dict:
    """The workers a game needs on duty before it starts, all adults (30 DCMR 1401.5), through the service:
    a checker (1401.3), a security person (1400.12) and the member in charge (1301.5), a user in that role."""
    in_charge = member(operation.license.organization, Role.MEMBER_IN_CHARGE)
    people = {"checker": ("Luis Checker", WorkerDuty.Duty.CHECKER, None),
              "security": ("Sam Guard", WorkerDuty.Duty.SECURITY, None),
              "in_charge": (in_charge.full_name, WorkerDuty.Duty.MEMBER_IN_CHARGE, in_charge)}
    return {key: planning_services.worker_add(actor=actor, operation=operation, name=name, duty=duty, user=user,
                                              date_of_birth=ADULT)
            for key, (name, duty, user) in people.items()}


def staff_on_duty(operation, *, checker=None) -> None:
    """Who must be on duty before a game starts, all of them adults (30 DCMR 1401.5): a checker (1401.3),
    a security person (1400.12) and the member in charge (1301.5), a user holding that role."""
    in_charge = member(operation.license.organization, Role.MEMBER_IN_CHARGE)
    for name, duty, user in (("Checker", WorkerDuty.Duty.CHECKER, checker), ("Guard", WorkerDuty.Duty.SECURITY, None),
                             (in_charge.full_name, WorkerDuty.Duty.MEMBER_IN_CHARGE, in_charge)):
        WorkerDutyFactory(operation=operation, name=name, duty=duty, user=user)


# --- Cards: an operation with its games, for the series and the sales register ---


def operation_with_games(*, regular=4, early_birds=0, special=0, license=None):
    """An operation whose games are numbered: early birds first, then regular, then special."""
    license = license or LicenseFactory()
    operation = OperationFactory(license=license, date=dt.date(2026, 12, 5))
    any_line = pattern("any-line")
    kinds = [GameType.EARLY_BIRD] * early_birds + [GameType.REGULAR] * regular + [GameType.SPECIAL] * special
    for number, kind in enumerate(kinds, start=1):
        GameFactory(operation=operation, number=number, pattern=any_line, prize=Decimal("50.00"), game_type=kind,
                    card_price=Decimal("1.00"))
    return operation


def games(operation, game_type=None):
    queryset = operation.games.order_by("number")
    return list(queryset.filter(game_type=game_type) if game_type else queryset)


def close(*games_to_close):
    Game.objects.filter(pk__in=[g.pk for g in games_to_close]).update(status=GameStatus.CLOSED)


# --- Live: a game under way ---


def live_game(*, pattern_slug="any-line", prize=Decimal("100.00"), start=True):
    """A game (live unless start=False) and its organization's caller."""
    this_evening()
    license = LicenseFactory()
    caller = member(license.organization, Role.CALLER)
    # Today: the license is in force from the day the test runs (30 DCMR 1200.1).
    operation = OperationFactory(license=license, created_by=caller)
    staff_on_duty(operation)  # no game starts without them
    game = GameFactory(operation=operation, pattern=Pattern.objects.get(slug=pattern_slug), prize=prize)
    if start:
        game = live_services.game_start(actor=caller, game=game)
    return game, caller


def record_all(game, caller, numbers):
    for number in numbers:
        live_services.ball_record(actor=caller, game=game, number=number)


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


def live_world(*, pattern_slug="any-line", prize=Decimal("100.00"), license_class="B", start=True,
               game_type=GameType.REGULAR, sold=(1, 60), series_size=120, extra_halls=0, number=1,
               seed=None, sale_per_face=False) -> World:
    """A game (live unless start=False) in the drawing hall (and `extra_halls` more) of an operation tonight,
    its workers on duty (staff_on_duty), a series of `series_size` faces with `sold` faces sold for it."""
    this_evening()
    license = LicenseFactory(application__license_class=license_class)
    organization = license.organization
    caller = member(organization, Role.CALLER)
    checker = member(organization, Role.CHECKER)
    operation = OperationFactory(license=license, created_by=caller)
    hall = HallFactory(operation=operation, is_drawing_location=True)
    others = [HallFactory(operation=operation, premises=PremisesFactory(), name=f"Hall {i + 2}")
              for i in range(extra_halls)]
    staff_on_duty(operation, checker=checker)
    if game_type == GameType.MULTI_HALL:
        approved_agreement(organization)
    game = GameFactory(operation=operation, number=number, pattern=standard_pattern(pattern_slug), prize=prize,
                       game_type=game_type)
    series = CardSeriesFactory(organization=organization, code=f"S{secrets.randbelow(10**6)}",
                               seed=secrets.randbelow(2**40) if seed is None else seed, size=series_size)
    # One sale is one buyer (bingo.live.state.GameState.winning_players): `sale_per_face` sells every face to
    # its own player, so faces winning together are different players'.
    ranges = [(n, n) for n in range(sold[0], sold[1] + 1)] if sold and sale_per_face else [sold] if sold else []
    for first, last in ranges:
        sale = CardSale.objects.create(operation=operation, series=series, first_face=first, last_face=last,
                                       hall=hall)
        sale.games.add(game)
    if start:
        game = live_services.game_start(actor=caller, game=game)
    return World(game=game, caller=caller, checker=checker, series=series, hall=hall, other_halls=others)


def bingo_calls(card, *, row: int = 0) -> list[int]:
    """The calls that complete row `row` of a face (the free centre needs no call)."""
    return [n for n in card.squares[row * 5:(row + 1) * 5] if n]


def record(world: World, numbers) -> None:
    record_all(world.game, world.caller, numbers)


def vendor_license(*, number: str = "VD-2026-00501", **fields):
    """A vendor's license in force (the seller of bingo paper, 30 DCMR 1403.1)."""
    today = timezone.localdate()
    defaults = {"effective_on": today - dt.timedelta(days=100), "expires_on": today + dt.timedelta(days=265)}
    return LicenseFactory(application__license_type="vendor", application__license_class="", number=number,
                          **{**defaults, **fields})


def bought(license=None) -> dict:
    """The source of a series bought from a licensed vendor today (series_create's keywords)."""
    license = license or vendor_license()
    return {"seller_license_number": license.number, "invoice_number": "INV-1", "invoice_date": timezone.localdate()}


def training_game(*, prize: str = "0.00", code: str = "TR", seed: int = 42, size: int = 50) -> SimpleNamespace:
    """A training game (it plays at any hour, on the real clock too: what the cluster's tests and drills need) of a
    fresh license, not started, with its caller, checker and officer and a card series to claim from (nothing sold)."""
    license = bingo_license()
    officer = member(license.organization, Role.OFFICER)
    operation = training.training_operation_create(actor=officer, license=license)
    caller, checker = member(license.organization, Role.CALLER), member(license.organization, Role.CHECKER)
    staff_on_duty(operation, checker=checker)  # practice needs the same people on duty as the real thing
    game = Game.objects.create(operation=operation, number=1, pattern=standard_pattern("any-line"),
                               prize=Decimal(prize), license_class=license.license_class)
    series = CardSeries.objects.create(organization=license.organization, code=code, seed=seed, size=size)
    return SimpleNamespace(game=game, hall=operation.halls.get(), series=series, caller=caller, checker=checker,
                           officer=officer)
