"""Planning writes: the operation, its halls, its games in order, its workers on duty and the
organization's custom patterns (bingo.patterns.services). Every service checks the planner's role and the rules
(bingo.planning.rules, cited) before it writes, in one transaction, with an audit event.

Removals: a game that never started (status planned, no event, no card sold for it) may be
removed, and the games after it close up; a started game never. A worker may be taken off
the duty list only while no game of the operation has started, because from then on the
posted list (30 DCMR 1401.1) is part of the operation's record; the audit event keeps who
was removed."""

from __future__ import annotations

import datetime as dt
import secrets
from decimal import Decimal

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from bingo.models import Game, GameStatus, GameType, Hall, Operation, Pattern, WorkerDuty
from bingo.planning import checks, events, rules
from bingo.selectors import PLANNER_ROLES
from core.findings import Finding, RuleViolation
from core.money import parse_money
from licensing.models import License, Premises
from licensing.models.choices import LicenseStatus, LicenseType
from licensing.selectors import has_role


def _require_planner(actor, organization_id: int) -> None:
    if not has_role(user=actor, organization_id=organization_id, roles=PLANNER_ROLES):
        raise PermissionDenied(_("Only the organization's officers and members in charge may plan its operations."))


def _raise_blocking(findings: list[Finding]) -> None:
    blocking = [f for f in findings if f.blocking]
    if blocking:
        raise RuleViolation(blocking)


def _require_not_started(operation: Operation, what: str) -> None:
    if operation.games.exclude(status=GameStatus.PLANNED).exists():
        raise ValidationError(_("A game of this operation has started: %(what)s can no longer change.")
                              % {"what": what}, code="started")


def _new_hall_key() -> str:
    return secrets.token_urlsafe(16)[:22]


# --- The operation ---

@transaction.atomic
def operation_create(*, actor, license: License, premises: Premises | None, date: dt.date, starts_at: dt.time,
                     ends_at: dt.time, house_rules: str = "", door_prizes_value=Decimal("0"),
                     member_in_charge: str = "", rooms: int = 1, caller_in_largest_room: bool = False,
                     caller_visible: bool = False, cash_prizes_only: bool = False) -> Operation:
    _require_planner(actor, license.organization_id)
    door_prizes_value = parse_money(door_prizes_value, field="door_prizes_value")
    if premises is not None:
        # The premises row lock serializes every organization's planning there (30 DCMR 1400.5).
        premises = Premises.objects.select_for_update().get(pk=premises.pk)
    facts = rules.OperationFacts(date=date, starts_at=starts_at, ends_at=ends_at,
                                 premises_id=premises.pk if premises else None)
    _raise_blocking(checks.operation_findings(license=license, facts=facts))
    if isinstance(rooms, bool) or not isinstance(rooms, int) or not 1 <= rooms <= MAX_ROOMS:
        raise ValidationError({"rooms": _("Give the rooms used for play, 1 to %(max)s (30 DCMR 1405.12).")
                               % {"max": MAX_ROOMS}}, code="invalid")
    operation = Operation.objects.create(
        license=license, premises=premises, date=date, starts_at=starts_at, ends_at=ends_at,
        house_rules=house_rules.strip(), door_prizes_value=door_prizes_value,
        member_in_charge=member_in_charge.strip(), created_by=actor, rooms=rooms,
        caller_in_largest_room=bool(caller_in_largest_room), caller_visible=bool(caller_visible),
        cash_prizes_only=bool(cash_prizes_only),
    )
    # The drawing location's hall: its flashboard shows every call (30 DCMR 1405.9, 1405.13).
    Hall.objects.create(operation=operation, premises=premises, name=premises.name, is_drawing_location=True,
                        key=_new_hall_key())
    events.operation_created(actor=actor, license=license, operation=operation, premises=premises, date=date)
    return operation


MAX_ROOMS = 50
# The declarations (rooms .. cash_prizes_only) are checked before the first game (checks.operation_ready).
EDITABLE = ("premises", "date", "starts_at", "ends_at", "house_rules", "door_prizes_value", "member_in_charge",
            "rooms", "caller_in_largest_room", "caller_visible", "cash_prizes_only")


@transaction.atomic
def operation_update(*, actor, operation: Operation, **changes) -> Operation:
    _require_planner(actor, operation.license.organization_id)
    unknown = set(changes) - set(EDITABLE)
    if unknown:
        raise ValidationError(_("Unknown fields: %(names)s") % {"names": ", ".join(sorted(unknown))})
    operation = Operation.objects.select_for_update().select_related("license").get(pk=operation.pk)
    _require_not_started(operation, _("the operation"))
    rooms = changes.get("rooms", 1)
    if isinstance(rooms, bool) or not isinstance(rooms, int) or not 1 <= rooms <= MAX_ROOMS:
        raise ValidationError({"rooms": _("Give the rooms used for play, 1 to %(max)s (30 DCMR 1405.12).")
                               % {"max": MAX_ROOMS}}, code="invalid")
    if "door_prizes_value" in changes:
        changes["door_prizes_value"] = parse_money(changes["door_prizes_value"], field="door_prizes_value")
    for name in ("house_rules", "member_in_charge"):
        if name in changes:
            changes[name] = (changes[name] or "").strip()
    before = {name: str(getattr(operation, name)) for name in changes}
    for name, value in changes.items():
        setattr(operation, name, value)
    if "premises" in changes and operation.premises is not None:
        Premises.objects.select_for_update().get(pk=operation.premises.pk)
    _raise_blocking(checks.operation_findings(license=operation.license, facts=checks.facts_of(operation),
                                              exclude_pk=operation.pk))
    operation.save()
    if "premises" in changes:
        hall = operation.halls.get(is_drawing_location=True)
        if operation.halls.filter(premises=operation.premises, is_drawing_location=False).exists():
            raise ValidationError({"premises": _("These premises are already a participating hall.")})
        hall.premises, hall.name = operation.premises, operation.premises.name
        hall.save(update_fields=["premises", "name"])
    events.operation_updated(actor=actor, operation=operation, before=before, changes=changes)
    return operation


# --- Halls (30 DCMR 1405.13, 1414) ---

def _licensed_premises(premises: Premises) -> bool:
    """Premises on some active bingo or multi-hall license, whichever organization holds it."""
    active = License.objects.filter(status=LicenseStatus.ACTIVE,
                                    license_type__in=[LicenseType.BINGO, LicenseType.MULTIHALL])
    if active.filter(premises=premises).exists():
        return True
    return any(premises.pk in checks.licensed_premises_ids(lic) for lic in active.exclude(schedule=[]))


@transaction.atomic
def hall_add(*, actor, operation: Operation, premises: Premises, name: str = "") -> Hall:
    _require_planner(actor, operation.license.organization_id)
    if checks.multihall_license(operation.license, operation.date) is None:
        raise RuleViolation(Finding("30 DCMR 1414", _("Participating halls are for multi-hall games, which need an "
                                                      "active multi-hall license on this bingo license (30 DCMR "
                                                      "1414)."), field="premises"))
    if not _licensed_premises(premises):
        raise RuleViolation(Finding("30 DCMR 1405.13", _("A participating hall must be licensed premises "
                                                         "(30 DCMR 1405.13)."), field="premises"))
    if operation.halls.filter(premises=premises).exists():
        raise ValidationError({"premises": _("These premises are already a hall of this operation.")},
                              code="duplicate")
    hall = Hall.objects.create(operation=operation, premises=premises, name=(name or premises.name).strip(),
                               is_drawing_location=False, key=_new_hall_key())
    events.hall_added(actor=actor, operation=operation, hall=hall, premises=premises)
    return hall


# --- Workers on duty (30 DCMR 1301.5, 1400.12, 1401.1-1401.5) ---

def _birth_date(operation: Operation, name: str, date_of_birth: dt.date | None) -> dt.date | None:
    """The date typed, else the one the organization's member records give for the name."""
    if date_of_birth is not None:
        if not isinstance(date_of_birth, dt.date):
            raise ValidationError({"date_of_birth": _("Enter a date.")}, code="invalid")
        return date_of_birth
    recorded = checks.recorded_birth_dates(organization_id=operation.license.organization_id, name=name)
    if len(recorded) > 1:
        raise ValidationError({"date_of_birth": _(
            "The organization's records give %(name)s more than one date of birth: type the right one "
            "(30 DCMR 1401.5).") % {"name": name}}, code="ambiguous")
    return next(iter(recorded), None)


def _worker_findings(operation: Operation, *, name: str, duty: str, user, born: dt.date | None) -> list[Finding]:
    findings = rules.worker_age(name, born, operation.date)
    if duty in rules.IN_CHARGE_DUTIES and not checks.may_be_in_charge(
            organization_id=operation.license.organization_id, name=name, user_id=getattr(user, "pk", None)):
        findings.append(Finding("30 DCMR 1301.5", _(
            "%(name)s is not named in the organization's records as its member in charge or alternate, so cannot "
            "be on duty as either (30 DCMR 1301.5).") % {"name": name}, field="duty"))
    key = rules.person_key(name)
    sales = operation.card_sales.filter(voided_at__isnull=True).exclude(buyer="")
    if any(rules.person_key(sale.buyer) == key for sale in sales):
        findings.append(Finding("30 DCMR 1401.2", _(
            "%(name)s bought cards at this operation: a player may not work it, since a worker on duty may not "
            "play (30 DCMR 1401.2).") % {"name": name}, field="name"))
    findings += checks.worker_tie_findings(operation, name=name, born=born, duty=duty)
    return findings


@transaction.atomic
def worker_add(*, actor, operation: Operation, name: str, duty: str, user=None,
               date_of_birth: dt.date | None = None) -> WorkerDuty:
    """Put a worker on the duty list: 18 or older on the day (the date of birth typed, or taken from the
    organization's member records), the member in charge and the alternate only if the records name them
    so, nobody who bought cards at the operation, and nobody tied by ownership to a vendor (30 DCMR 1401.13:
    a possible match is put on the list and warns on the operation's checks until Board staff decide it)."""
    _require_planner(actor, operation.license.organization_id)
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": _("Give the worker's name (30 DCMR 1401.1).")}, code="required")
    if duty not in WorkerDuty.Duty.values:
        raise ValidationError({"duty": _("Choose a duty.")}, code="invalid")
    born = _birth_date(operation, name, date_of_birth)
    _raise_blocking(_worker_findings(operation, name=name, duty=duty, user=user, born=born))
    worker = WorkerDuty.objects.create(operation=operation, name=name, duty=duty, user=user, date_of_birth=born)
    # The date of birth is personal data: it stays on the duty, out of the audit trail.
    events.worker_added(actor=actor, operation=operation, worker=worker, name=name, duty=duty)
    return worker


@transaction.atomic
def worker_remove(*, actor, worker: WorkerDuty) -> None:
    operation = worker.operation
    _require_planner(actor, operation.license.organization_id)
    _require_not_started(operation, _("the posted worker list (30 DCMR 1401.1)"))
    events.worker_removed(actor=actor, operation=operation, worker=worker)
    worker.delete()


# --- Games in order (30 DCMR 1405.1) ---

GAME_TYPES = {choice.value for choice in GameType}


def _game_input(*, operation: Operation, pattern: Pattern, game_type: str, card_price, prize) -> dict:
    if game_type not in GAME_TYPES:
        raise ValidationError({"game_type": _("Choose a game type.")}, code="invalid")
    if pattern.organization_id not in (None, operation.license.organization_id):
        raise ValidationError({"pattern": _("Choose a standard pattern or one of your organization's.")},
                              code="invalid")
    return {"pattern": pattern, "game_type": game_type, "card_price": parse_money(card_price, field="card_price"),
            "prize": parse_money(prize, field="prize")}


def _lock_operation(operation: Operation) -> Operation:
    # The operation row lock serializes game numbering and the whole-operation prize checks.
    return Operation.objects.select_for_update(of=("self",)).select_related("license__organization").get(
        pk=operation.pk)


def _check_games(operation: Operation, plans: list[rules.GamePlan]) -> None:
    findings = rules.license_in_force(checks.license_facts(operation.license), operation.date)
    _raise_blocking(findings + checks.games_findings(operation, plans))


@transaction.atomic
def game_add(*, actor, operation: Operation, pattern: Pattern, game_type: str = GameType.REGULAR,
             card_price=Decimal("0"), prize=Decimal("0")) -> Game:
    operation = _lock_operation(operation)
    _require_planner(actor, operation.license.organization_id)
    data = _game_input(operation=operation, pattern=pattern, game_type=game_type, card_price=card_price,
                       prize=prize)
    number = (operation.games.aggregate(top=Max("number"))["top"] or 0) + 1
    plans = checks.game_plans(operation) + [rules.GamePlan(number=number, game_type=data["game_type"],
                                                           card_price=data["card_price"], prize=data["prize"])]
    _check_games(operation, plans)
    game = Game.objects.create(operation=operation, number=number, license_class=operation.license.license_class,
                               **data)
    events.game_added(actor=actor, operation=operation, game=game, number=number, game_type=game_type, pattern=pattern,
                      data=data)
    return game


def _require_planned(game: Game) -> None:
    if game.status != GameStatus.PLANNED or game.head_seq or game.events.exists():
        raise ValidationError(_("Game %(number)s has started: it can no longer change.") % {"number": game.number},
                              code="started")


@transaction.atomic
def game_update(*, actor, game: Game, **changes) -> Game:
    operation = _lock_operation(game.operation)
    _require_planner(actor, operation.license.organization_id)
    game = Game.objects.select_related("pattern").get(pk=game.pk)
    _require_planned(game)
    unknown = set(changes) - {"pattern", "game_type", "card_price", "prize"}
    if unknown:
        raise ValidationError(_("Unknown fields: %(names)s") % {"names": ", ".join(sorted(unknown))})
    current = {"pattern": game.pattern, "game_type": game.game_type, "card_price": game.card_price,
               "prize": game.prize}
    data = _game_input(operation=operation, **{**current, **changes})
    plans = [rules.GamePlan(number=game.number, game_type=data["game_type"], card_price=data["card_price"],
                            prize=data["prize"]) if plan.number == game.number else plan
             for plan in checks.game_plans(operation)]
    _check_games(operation, plans)
    if game.annuity_years is not None:  # 30 DCMR 1408.6: the annuity planned must still fit the game
        _raise_blocking(rules.annuity_plan(rules.AnnuityPlan(
            game_type=data["game_type"], prize=data["prize"], years=game.annuity_years, amount=game.annuity_amount,
            insurer=game.annuity_insurer, insurer_dc_licensed=game.annuity_insurer_dc_licensed), operation.date))
    before = {name: str(getattr(value, "slug", value)) for name, value in current.items()}
    for name, value in data.items():
        setattr(game, name, value)
    game.save(update_fields=[*data])
    events.game_updated(actor=actor, operation=operation, game=game, before=before, data=data)
    return game


def _renumber(games: list[Game]) -> None:
    """Give `games` the numbers 1..n in list order; a parking pass first keeps numbers unique."""
    offset = max([g.number for g in games] + [len(games)]) + 1
    for index, game in enumerate(games):
        Game.objects.filter(pk=game.pk).update(number=offset + index)
    for index, game in enumerate(games, start=1):
        Game.objects.filter(pk=game.pk).update(number=index)
        game.number = index


@transaction.atomic
def game_reorder(*, actor, operation: Operation, order: list[int]) -> list[Game]:
    """Put the games in the order of `order` (game ids). A game that has started keeps its place."""
    operation = _lock_operation(operation)
    _require_planner(actor, operation.license.organization_id)
    games = list(operation.games.order_by("number"))
    by_id = {g.pk: g for g in games}
    if sorted(order) != sorted(by_id) or len(set(order)) != len(order):
        raise ValidationError({"order": _("List every game of the operation once.")}, code="invalid")
    for position, pk in enumerate(order, start=1):
        game = by_id[pk]
        if game.status != GameStatus.PLANNED and game.number != position:
            raise ValidationError({"order": _("Game %(number)s has started: it keeps its place.")
                                   % {"number": game.number}}, code="started")
    before = [g.pk for g in games]
    new = [by_id[pk] for pk in order]
    _renumber(new)
    events.games_reordered(actor=actor, operation=operation, before=before, order=order)
    return new


@transaction.atomic
def game_remove(*, actor, game: Game) -> None:
    """Remove a game that never started; the games after it move up one place."""
    operation = _lock_operation(game.operation)
    _require_planner(actor, operation.license.organization_id)
    game = Game.objects.get(pk=game.pk)
    _require_planned(game)
    if game.card_sales.exists():
        raise RuleViolation(Finding("30 DCMR 1404.1(h)", _("Cards were sold for game %(number)s: it stays on the "
                                                           "record of cards sold (30 DCMR 1404.1(h)).")
                                    % {"number": game.number}, field="game"))
    later = list(operation.games.filter(number__gt=game.number).order_by("number"))
    if any(g.status != GameStatus.PLANNED for g in later):
        raise ValidationError(_("A later game has started: game %(number)s can no longer be removed.")
                              % {"number": game.number}, code="started")
    events.game_removed(actor=actor, operation=operation, game=game)
    game.delete()
    earlier = list(operation.games.filter(number__lt=game.number).order_by("number"))
    _renumber(earlier + later)
