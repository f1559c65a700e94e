"""Tonight's bingo in the demo world (`manage.py seed_demo`, after the world's accounts): the parish's
bingo license for today, its caller and checker, an operation planned for tonight with its games,
its workers on duty (checker, caller, the member in charge and a security guard, all adults), a card
series and cards sold. Everything goes through the same services a
person would use (the application is filed, submitted and voted on by the demo Board), and every
object is looked up by a stable name first, so running it again creates nothing.

Tonight's games start only in their licensed hours, 18:00-22:00 (30 DCMR 1202.2(m)). So that the demo
can be played at any hour, it also holds a training operation under the same license (bingo.live.training):
the same games for no prize, no cards sold, nothing reported, marked as training on every screen.

No app imports this module: the demo app depends on bingo and licensing, never the other way."""

from __future__ import annotations

import datetime as dt
import secrets
from decimal import Decimal

from django.urls import reverse
from django.utils import timezone

from bingo.cards import services as cards
from bingo.live import training
from bingo.models import CardColour, CardSale, CardSeries, GameType, Operation, Pattern, WorkerDuty
from bingo.planning import checks as planning_checks
from bingo.planning import rules
from bingo.planning import services as planning
from demo import world
from demo.helpers import Created, build_and_report, license_issue, person
from licensing.applications.services import (
    premises_get_or_create,
)
from licensing.models import License, Organization, Role, User
from licensing.models.choices import LicenseStatus, LicenseType

ORGANIZATION = "St. Augustine Catholic Parish"
HALL = {"name": "St. Augustine Parish Hall", "street_address": "1419 V Street NW", "postal_code": "20009",
        "certificate_of_occupancy": "CO-2019-04417"}  # the same hall as the parish's application in seed_demo
PURPOSE = "Scholarships for the parish school (tonight's bingo, demo)"  # marks the demo's own license
STARTS, ENDS = dt.time(18, 0), dt.time(22, 0)
SERIES_CODE = "SA-DEMO"
SERIES_SIZE = 900
HOUSE_RULES = "Claims are called aloud and checked at the table; the caller's decision on a claim is final."
# (game type, standard pattern, card price, prize) within the caps of 30 DCMR 1402 and 1408.1.
GAMES = [
    (GameType.EARLY_BIRD, "four-corners", "0.50", "50.00"),
    (GameType.EARLY_BIRD, "small-frame", "0.50", "75.00"),
    (GameType.REGULAR, "any-line", "2.00", "100.00"),
    (GameType.REGULAR, "two-lines", "2.00", "150.00"),
    (GameType.REGULAR, "letter-t", "2.00", "250.00"),
    (GameType.REGULAR, "blackout", "2.00", "1000.00"),
    (GameType.SPECIAL, "wagon-wheel", "1.00", "500.00"),
]
# (colour, first face, last face, price each): regular cards play the regular games, special
# cards the early-bird and special games (bingo.cards.services.default_games). Each sale is one
# player's packet of PACKET faces: a player's winning faces share one prize (30 DCMR 1406.2).
PACKET = 10
SALES = [(colour, first, first + PACKET - 1, price)
         for colour, start, end, price in ((CardColour.REGULAR, 1, 200, "3.00"), (CardColour.SPECIAL, 201, 300, "1.00"))
         for first in range(start, end + 1, PACKET)]
# Dates of birth of the people on duty (30 DCMR 1401.5: 18 or older); the member in charge is on duty
# throughout (1301.5) and a security guard is there (1400.12).
BORN = {Role.CHECKER: dt.date(1979, 4, 12), Role.CALLER: dt.date(1968, 9, 3),
        Role.MEMBER_IN_CHARGE: dt.date(1971, 2, 20)}
SECURITY = ("Kevin Brooks (licensed security guard)", dt.date(1985, 11, 7))


def _tonight(license: License, premises_id: int, today: dt.date) -> bool:
    facts = planning_checks.license_facts(license)
    operation = rules.OperationFacts(date=today, starts_at=STARTS, ends_at=ENDS, premises_id=premises_id)
    return not rules.license_in_force(facts, today) and not rules.within_schedule(facts, operation)


def bingo_license(*, officer: User, organization: Organization, premises, today: dt.date, created: Created) -> License:
    """The demo's active bingo license whose schedule has tonight at the hall; issued when missing."""
    for license in License.objects.filter(organization=organization, license_type=LicenseType.BINGO,
                                          status=LicenseStatus.ACTIVE, application__lawful_purpose=PURPOSE):
        if _tonight(license, premises.pk, today):
            return license
    license = license_issue(officer=officer, organization=organization, license_type=LicenseType.BINGO,
                            license_class="B", premises=premises, purpose=PURPOSE,
                            occasions=[{"date": today, "starts_at": STARTS, "ends_at": ENDS}])
    created.things.append(f"bingo license {license.number} (Class B, tonight {STARTS:%H:%M}-{ENDS:%H:%M})")
    return license


def _operation(*, officer: User, license: License, premises, today: dt.date, created: Created) -> Operation:
    operation = Operation.objects.filter(license=license, date=today, premises=premises).first()
    if operation is None:
        operation = planning.operation_create(
            actor=officer, license=license, premises=premises, date=today, starts_at=STARTS, ends_at=ENDS,
            house_rules=HOUSE_RULES, door_prizes_value=Decimal("40.00"), member_in_charge=officer.full_name,
            caller_visible=True, cash_prizes_only=True)  # declared before play (30 DCMR 1405.15, 1408.4)
        created.things.append(f"operation of {today.isoformat()} at {premises.name}")
    if not operation.games.exists():
        for game_type, slug, price, prize in GAMES:
            planning.game_add(actor=officer, operation=operation, pattern=Pattern.objects.get(slug=slug),
                              game_type=game_type, card_price=Decimal(price), prize=Decimal(prize))
        created.things.append(f"{len(GAMES)} games (2 early birds, 4 regular, 1 special)")
    return operation


def _training(*, officer: User, license: License, premises, today: dt.date, created: Created) -> Operation:
    """The training operation: tonight's games for no prize, no card price; no sales (bingo.live.training)."""
    operation = Operation.objects.filter(license=license, is_training=True).first()
    if operation is None:
        operation = training.training_operation_create(actor=officer, license=license, premises=premises, date=today,
                                                       member_in_charge=officer.full_name)
        created.things.append("training operation (any hour; no sales, no prizes, nothing reported)")
    if not operation.games.exists():
        for game_type, slug, _price, _prize in GAMES:
            planning.game_add(actor=officer, operation=operation, pattern=Pattern.objects.get(slug=slug),
                              game_type=game_type, card_price=Decimal("0.00"), prize=Decimal("0.00"))
        created.things.append(f"{len(GAMES)} training games")
    return operation


def _workers(*, officer: User, operation: Operation, on_duty: dict[str, tuple[User, str]],
             created: Created) -> None:
    """on_duty: the demo person's role -> (the person, the duty they work tonight)."""
    for role, (user, duty) in on_duty.items():
        if not operation.workers.filter(user=user, duty=duty).exists():
            planning.worker_add(actor=officer, operation=operation, name=user.full_name, duty=duty, user=user,
                                date_of_birth=BORN[role])
            where = " (training)" if operation.is_training else ""
            created.things.append(f"{user.full_name} on duty as {WorkerDuty.Duty(duty).label.lower()}{where}")
    name, born = SECURITY
    if not operation.workers.filter(name=name, duty=WorkerDuty.Duty.SECURITY).exists():
        planning.worker_add(actor=officer, operation=operation, name=name, duty=WorkerDuty.Duty.SECURITY,
                            date_of_birth=born)
        created.things.append(f"{name} on duty as security{' (training)' if operation.is_training else ''}")


def _series(*, officer: User, organization: Organization) -> CardSeries:
    """The demo's series, bought from the demo vendor when its license is in force (30 DCMR 1403.1). Without
    one (the bingo demo seeded alone) the row is written as a series entered before sources were recorded."""
    today = timezone.localdate()
    vendor = (License.objects.filter(license_type=LicenseType.VENDOR, status=LicenseStatus.ACTIVE,
                                     effective_on__lte=today, expires_on__gte=today).order_by("number").first())
    if vendor is not None:
        return cards.series_create(actor=officer, organization=organization, code=SERIES_CODE, size=SERIES_SIZE,
                                   seller_license_number=vendor.number, invoice_number="INV-DEMO-1",
                                   invoice_date=today)
    return CardSeries.objects.create(organization=organization, code=SERIES_CODE, size=SERIES_SIZE,
                                     seed=secrets.randbits(62), created_by=officer)


def _cards(*, officer: User, operation: Operation, checker: User, created: Created) -> CardSeries:
    organization = operation.license.organization
    series = CardSeries.objects.filter(organization=organization, code=SERIES_CODE).first()
    if series is None:
        series = _series(officer=officer, organization=organization)
        created.things.append(f"card series {SERIES_CODE} ({SERIES_SIZE} faces)")
    sold_now = {}
    for colour, first, last, price in SALES:
        sold = CardSale.objects.filter(operation=operation, series=series, first_face=first, last_face=last,
                                       colour=colour, voided_at__isnull=True)
        if not sold.exists():
            # 30 DCMR 1401.4: the checker sells the cards.
            cards.sale_record(
                age_declared=True, actor=checker, operation=operation, series=series, first_face=first, last_face=last,
                              colour=colour, price_each=Decimal(price))
            sold_now.setdefault(colour, []).append((first, last))
    for colour, packets in sold_now.items():
        created.things.append(f"{CardColour(colour).label.lower()} cards {packets[0][0]}-{packets[-1][1]} sold "
                              f"({len(packets)} packets of {PACKET})")
    return series


def build(*, today: dt.date | None = None) -> tuple[Operation, Operation, Created]:
    """Tonight's operation of the parish and its training operation, with everything they need to be
    played; see the module doc."""
    today = today or timezone.localdate()
    created = Created()
    organization = Organization.objects.get(name=ORGANIZATION)
    admin = User.objects.get(email=world.ADMIN[0])
    officer = person(organization=organization, role=Role.OFFICER, admin=admin, created=created)
    caller = person(organization=organization, role=Role.CALLER, admin=admin, created=created)
    checker = person(organization=organization, role=Role.CHECKER, admin=admin, created=created)
    in_charge = person(organization=organization, role=Role.MEMBER_IN_CHARGE, admin=admin, created=created)
    premises = premises_get_or_create(**HALL)
    license = bingo_license(officer=officer, organization=organization, premises=premises, today=today,
                            created=created)
    operation = _operation(officer=officer, license=license, premises=premises, today=today, created=created)
    on_duty = {Role.CHECKER: (checker, WorkerDuty.Duty.CHECKER), Role.CALLER: (caller, WorkerDuty.Duty.CALLER),
               Role.MEMBER_IN_CHARGE: (in_charge, WorkerDuty.Duty.MEMBER_IN_CHARGE)}
    _workers(officer=officer, operation=operation, created=created, on_duty=on_duty)
    _cards(officer=officer, operation=operation, checker=checker, created=created)
    practice = _training(officer=officer, license=license, premises=premises, today=today, created=created)
    _workers(officer=officer, operation=practice, created=created, on_duty=on_duty)
    return operation, practice, created


def seed(command, *, base: str) -> None:
    """Build tonight's bingo (once) and print what was made and the pages to try."""
    operation, practice = build_and_report(command, organization=ORGANIZATION, who="parish", build=build,
                                           nothing="Demo bingo already present; nothing changed.")
    first = operation.games.order_by("number").first()
    hall = operation.halls.get(is_drawing_location=True)
    caller = operation.workers.filter(duty="caller").select_related("user").first()
    command.stdout.write(command.style.SUCCESS(
        f"Tonight's bingo: {operation.license.organization.name}, {operation.date.isoformat()} "
        f"{operation.starts_at:%H:%M}-{operation.ends_at:%H:%M}, license {operation.license.number}"))
    command.stdout.write(f"  Operation (sign in as {operation.created_by.email}): "
                         f"{base}{reverse('bingo:operation_detail', args=[operation.pk])}")
    who = f" (sign in as {caller.user.email})" if caller and caller.user else ""
    command.stdout.write(f"  Console of game 1{who}, licensed play: games start only "
                         f"{operation.starts_at:%H:%M}-{operation.ends_at:%H:%M} (30 DCMR 1202.2(m)): "
                         f"{base}{reverse('bingo:console', args=[first.pk])}")
    command.stdout.write(f"  Flashboard of the hall (public): {base}{reverse('bingo:flashboard', args=[hall.key])}")
    training_first = practice.games.order_by("number").first()
    training_hall = practice.halls.get(is_drawing_location=True)
    command.stdout.write(command.style.SUCCESS(
        "Training game, playable at any hour: no cards sold, no prizes, nothing reported"))
    command.stdout.write(f"  Console of training game 1{who}: "
                         f"{base}{reverse('bingo:console', args=[training_first.pk])}")
    command.stdout.write(f"  Training flashboard (public): "
                         f"{base}{reverse('bingo:flashboard', args=[training_hall.key])}")
