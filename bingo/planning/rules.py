"""Planning checks of a bingo operation, each a Finding with its 30 DCMR citation.

Pure functions over plain values: bingo.planning.services gathers the facts from the database
(bingo.planning.checks) and decides what blocks a write; the portal and the API show the rest."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, replace
from decimal import Decimal

from django.utils.translation import gettext as _

from bingo.models import GameType
from core.findings import Finding
from licensing.organizations.services import MINIMUM_WORKER_AGE, age_on

OPERATIONS_PER_PREMISES_PER_WEEK = 2  # 30 DCMR 1400.5
EARLY_BIRDS_PER_OPERATION = 6  # 30 DCMR 1405.19
CLASS_D = "D"

REGULAR, EXTRA_REGULAR, SPECIAL, EARLY_BIRD, MULTI_HALL = (
    "regular", "extra_regular", "special", "early_bird", "multi_hall")

# 30 DCMR 1402: the most a card may cost, by game type, for Class A/B/C and for Class D.
# The admission includes a regular card, so a regular game's card price is held to the admission cap.
# An early-bird game is played on a card sold for that game alone, so it is held to the special-game cap.
# Class D has no multi-hall games at all (1414), so it has no multi-hall price.
CARD_PRICE_CAPS: dict[str, tuple[Decimal, Decimal | None]] = {
    REGULAR: (Decimal("4.00"), Decimal("0.25")),
    EXTRA_REGULAR: (Decimal("2.00"), Decimal("0.15")),
    SPECIAL: (Decimal("1.00"), Decimal("0.15")),
    EARLY_BIRD: (Decimal("1.00"), Decimal("0.15")),
    MULTI_HALL: (Decimal("15.00"), None),
}
# The section that sets each cap, for Class A/B/C and for Class D: 1402.1/1402.2 the admission with its
# regular card, 1402.3/1402.4 each extra regular card, 1402.5/1402.6 each special (and multi-hall) game.
CARD_PRICE_RULES: dict[str, tuple[str, str]] = {
    REGULAR: ("30 DCMR 1402.1", "30 DCMR 1402.2"),
    EXTRA_REGULAR: ("30 DCMR 1402.3", "30 DCMR 1402.4"),
    SPECIAL: ("30 DCMR 1402.5", "30 DCMR 1402.6"),
    EARLY_BIRD: ("30 DCMR 1402.5", "30 DCMR 1402.6"),
    MULTI_HALL: ("30 DCMR 1402.5", "30 DCMR 1414"),
}
REGULAR_GAME_PRIZE_CAP = Decimal("2000.00")  # 30 DCMR 1408.1
REGULAR_OPERATION_PRIZE_CAP = Decimal("10000.00")  # 30 DCMR 1408.1, multi-hall games excepted
CLASS_D_GAME_PRIZE_CAP = Decimal("5.00")  # 30 DCMR 1408.3
CLASS_D_OPERATION_PRIZE_CAP = Decimal("50.00")  # 30 DCMR 1408.3


@dataclass(frozen=True)
class LicenseFacts:
    license_type: str
    status: str
    license_class: str
    period: str  # "regular" or "limited"
    effective_on: dt.date
    expires_on: dt.date
    premises_ids: frozenset[int]  # the premises on the license and on its schedule (1400.7)
    schedule: tuple[dict, ...]  # [{"date", "starts_at", "ends_at", "premises"}]


@dataclass(frozen=True)
class OperationFacts:
    date: dt.date
    starts_at: dt.time
    ends_at: dt.time
    premises_id: int | None


@dataclass(frozen=True)
class GamePlan:
    number: int
    game_type: str
    card_price: Decimal
    prize: Decimal


def money(amount: Decimal) -> str:
    return f"${amount:,.2f}"


def license_in_force(license: LicenseFacts, on: dt.date) -> list[Finding]:
    """30 DCMR 1200.1: no bingo without a bingo license in force on the day."""
    if license.license_type != "bingo":
        return [Finding("30 DCMR 1200.1", _("An operation is held only under a bingo license (30 DCMR 1200.1)."),
                        field="license")]
    if license.status != "active":
        return [Finding("30 DCMR 1200.1", _("The license is not active, so no bingo may be played under it "
                                            "(30 DCMR 1200.1)."), field="license")]
    if not license.effective_on <= on <= license.expires_on:
        return [Finding("30 DCMR 1200.1", _("The date %(date)s is outside the license's term, %(start)s to %(end)s "
                                            "(30 DCMR 1200.1).") % {
            "date": on.isoformat(), "start": license.effective_on.isoformat(), "end": license.expires_on.isoformat()},
            field="date")]
    return []


def premises_on_license(license: LicenseFacts, premises_id: int | None) -> list[Finding]:
    """30 DCMR 1400.7: bingo only at the premises named on the license."""
    if premises_id is None or premises_id not in license.premises_ids:
        return [Finding("30 DCMR 1400.7", _("The premises must be one named on the license (30 DCMR 1400.7)."),
                        field="premises")]
    return []


def _time(value) -> dt.time | None:
    if value in (None, ""):
        return None
    return value if isinstance(value, dt.time) else dt.time.fromisoformat(str(value))


def within_schedule(license: LicenseFacts, operation: OperationFacts) -> list[Finding]:
    """30 DCMR 1202.2(m): the license lists the date, hours and place of every operation."""
    for entry in license.schedule:
        starts, ends = _time(entry.get("starts_at")), _time(entry.get("ends_at"))
        if entry.get("date") != operation.date.isoformat() or starts is None or ends is None:
            continue
        if entry.get("premises") not in (None, operation.premises_id):
            continue
        if starts <= operation.starts_at and operation.ends_at <= ends and operation.starts_at < operation.ends_at:
            return []
    return [Finding("30 DCMR 1202.2(m)", _(
        "The date and hours (%(date)s, %(start)s-%(end)s) must fall within an operation on the license's schedule "
        "at these premises (30 DCMR 1202.2(m)).") % {
        "date": operation.date.isoformat(), "start": f"{operation.starts_at:%H:%M}",
        "end": f"{operation.ends_at:%H:%M}"}, field="date")]


def premises_weekly_limit(operation: OperationFacts, others_that_week: int) -> list[Finding]:
    """30 DCMR 1400.5: at most two bingo operations a week on one premises, whoever holds them."""
    if others_that_week + 1 > OPERATIONS_PER_PREMISES_PER_WEEK:
        year, week, _weekday = operation.date.isocalendar()
        return [Finding("30 DCMR 1400.5", _(
            "At most %(limit)s bingo operations a week on one premises; week %(week)s of %(year)s already has "
            "%(count)s there (30 DCMR 1400.5).") % {
            "limit": OPERATIONS_PER_PREMISES_PER_WEEK, "week": week, "year": year, "count": others_that_week},
            field="date")]
    return []


def card_price_cap(game_type: str, license_class: str) -> tuple[Decimal | None, str] | None:
    """30 DCMR 1402.1-1402.6: the most a card of this kind (a game type, or a card colour of the same name)
    may cost under the class, and the section that says so; None for a kind the caps do not name.
    The planning check of a game's card price and the check of every sale both read the caps here."""
    caps = CARD_PRICE_CAPS.get(game_type)
    if caps is None:
        return None
    class_d = license_class == CLASS_D
    return caps[1] if class_d else caps[0], CARD_PRICE_RULES[game_type][1 if class_d else 0]


def card_price(game: GamePlan, license_class: str) -> list[Finding]:
    """30 DCMR 1402.1-1402.6: card and admission prices by game type and class."""
    found = card_price_cap(game.game_type, license_class)
    if found is None or found[0] is None or game.card_price <= found[0]:
        return []
    cap, rule = found
    return [Finding(rule, _(
        "Game %(number)s: the card price %(price)s is over the %(cap)s a Class %(cls)s %(type)s game may charge "
        "(%(rule)s).") % {"number": game.number, "price": money(game.card_price), "cap": money(cap),
                          "cls": license_class, "type": _type_label(game.game_type), "rule": rule},
        field="card_price")]


def game_prize(game: GamePlan, license_class: str, period: str) -> list[Finding]:
    """30 DCMR 1408.1-1408.3: the prize of one game."""
    if license_class == CLASS_D:
        if game.prize > CLASS_D_GAME_PRIZE_CAP:
            return [Finding("30 DCMR 1408.3", _(
                "Game %(number)s: a Class D prize is at most %(cap)s per game, not %(prize)s (30 DCMR 1408.3).") % {
                "number": game.number, "cap": money(CLASS_D_GAME_PRIZE_CAP), "prize": money(game.prize)},
                field="prize")]
        return []
    if period == "limited" or game.game_type == MULTI_HALL:  # 1408.2 no limit; 1408.1 excepts multi-hall
        return []
    if game.prize > REGULAR_GAME_PRIZE_CAP:
        return [Finding("30 DCMR 1408.1", _(
            "Game %(number)s: a Class %(cls)s regular-period prize is at most %(cap)s per game, not %(prize)s "
            "(30 DCMR 1408.1).") % {"number": game.number, "cls": license_class, "cap": money(REGULAR_GAME_PRIZE_CAP),
                                    "prize": money(game.prize)}, field="prize")]
    return []


def operation_prizes(games: Iterable[GamePlan], license_class: str, period: str) -> list[Finding]:
    """30 DCMR 1408.1 / 1408.3: the prizes of the whole operation."""
    games = list(games)
    if license_class == CLASS_D:
        total, cap, rule = sum((g.prize for g in games), Decimal("0")), CLASS_D_OPERATION_PRIZE_CAP, "30 DCMR 1408.3"
    elif period == "limited":
        return []  # 30 DCMR 1408.2
    else:
        total = sum((g.prize for g in games if g.game_type != MULTI_HALL), Decimal("0"))
        cap, rule = REGULAR_OPERATION_PRIZE_CAP, "30 DCMR 1408.1"
    if total > cap:
        return [Finding(rule, _("The prizes of this operation total %(total)s; a Class %(cls)s operation may offer "
                                "at most %(cap)s (%(rule)s).") % {
            "total": money(total), "cls": license_class, "cap": money(cap), "rule": rule}, field="prize")]
    return []


def early_birds(games: Iterable[GamePlan]) -> list[Finding]:
    count = sum(1 for g in games if g.game_type == EARLY_BIRD)
    if count > EARLY_BIRDS_PER_OPERATION:
        return [Finding("30 DCMR 1405.19", _("At most %(limit)s early-bird games per operation; this one has "
                                             "%(count)s (30 DCMR 1405.19).") % {
            "limit": EARLY_BIRDS_PER_OPERATION, "count": count}, field="game_type")]
    return []


def multi_hall(games: Iterable[GamePlan], license_class: str, has_multihall_license: bool) -> list[Finding]:
    """30 DCMR 1414: multi-hall games need a multi-hall license on this bingo license; Class D has none."""
    if not any(g.game_type == MULTI_HALL for g in games):
        return []
    if license_class == CLASS_D:
        return [Finding("30 DCMR 1414", _("A Class D operation may not play multi-hall games (30 DCMR 1414)."),
                        field="game_type")]
    if not has_multihall_license:
        return [Finding("30 DCMR 1414", _("Multi-hall games need an active multi-hall license issued on this bingo "
                                          "license for the day (30 DCMR 1414)."), field="game_type")]
    return []


def checker_on_duty(checkers: int, *, blocking: bool) -> list[Finding]:
    """30 DCMR 1401.3: at least one checker on duty at every operation."""
    if checkers >= 1:
        return []
    return [Finding("30 DCMR 1401.3", _("At least one checker must be on duty before the first game starts "
                                        "(30 DCMR 1401.3)."), field="workers", blocking=blocking)]


# Duties on the worker list (bingo.models.WorkerDuty.Duty), as the duty rules read them.
CHECKER, SECURITY, MEMBER_IN_CHARGE, ALTERNATE = "checker", "security", "member_in_charge", "alternate"
IN_CHARGE_DUTIES = (MEMBER_IN_CHARGE, ALTERNATE)


@dataclass(frozen=True)
class WorkerFacts:
    name: str
    duty: str
    date_of_birth: dt.date | None
    # Named by the organization's records as its member in charge or alternate (a current responsible
    # person of that role, or a portal user holding it): only they can be in charge (30 DCMR 1301.5).
    may_be_in_charge: bool = False


def security_on_duty(workers: Iterable[WorkerFacts], *, blocking: bool) -> list[Finding]:
    """30 DCMR 1400.12: at least one security person at every operation."""
    if any(w.duty == SECURITY for w in workers):
        return []
    return [Finding("30 DCMR 1400.12", _("At least one security person (a police officer or a licensed security "
                                         "guard) must be on duty before the first game starts (30 DCMR 1400.12)."),
                    field="workers", blocking=blocking)]


def in_charge_on_duty(workers: Iterable[WorkerFacts], *, blocking: bool) -> list[Finding]:
    """30 DCMR 1301.5: the member in charge or the alternate is present throughout the operation."""
    workers = list(workers)
    if any(w.duty in IN_CHARGE_DUTIES and w.may_be_in_charge for w in workers):
        return []
    listed = [w.name for w in workers if w.duty in IN_CHARGE_DUTIES]
    if listed:
        message = _("%(names)s is not named in the organization's records as its member in charge or alternate: "
                    "one of them must be on duty throughout the operation (30 DCMR 1301.5).") % {
            "names": ", ".join(listed)}
    else:
        message = _("The member in charge or the alternate must be on duty throughout the operation: add them to "
                    "the workers on duty (30 DCMR 1301.5).")
    return [Finding("30 DCMR 1301.5", message, field="workers", blocking=blocking)]


def worker_age(name: str, born: dt.date | None, on: dt.date, *, blocking: bool = True) -> list[Finding]:
    """30 DCMR 1401.5: no worker under 18; without a date of birth nobody can tell."""
    if born is None:
        return [Finding("30 DCMR 1401.5", _("Record the date of birth of %(name)s: no worker may be under 18 "
                                            "(30 DCMR 1401.5).") % {"name": name},
                        field="date_of_birth", blocking=blocking)]
    if age_on(born, on) < MINIMUM_WORKER_AGE:  # an 18th birthday on the day counts
        return [Finding("30 DCMR 1401.5", _("%(name)s is under 18 on %(date)s: no worker may be under 18 "
                                            "(30 DCMR 1401.5).") % {"name": name, "date": on.isoformat()},
                        field="date_of_birth", blocking=blocking)]
    return []


def duty_findings(workers: Iterable[WorkerFacts], on: dt.date, *, blocking: bool) -> list[Finding]:
    """Who must be on duty before the first game, and who may not work it."""
    workers = list(workers)
    findings = checker_on_duty(sum(1 for w in workers if w.duty == CHECKER), blocking=blocking)
    findings += security_on_duty(workers, blocking=blocking)
    findings += in_charge_on_duty(workers, blocking=blocking)
    for worker in workers:
        findings += [replace(f, field="workers") for f in worker_age(worker.name, worker.date_of_birth, on,
                                                                     blocking=blocking)]
    return findings


@dataclass(frozen=True)
class PlannedOperation:
    """Another operation planned at the same premises on the same day."""

    pk: int
    starts_at: dt.time
    ends_at: dt.time
    same_organization: bool


def not_planned_twice(operation: OperationFacts, others_that_day: Iterable[PlannedOperation]) -> list[Finding]:
    """30 DCMR 1202.2(m): each operation on the license's schedule is one date, hours and place, so the
    same operation is not planned twice, and two cannot hold the same premises at the same hours."""
    for other in others_that_day:
        if other.starts_at < operation.ends_at and operation.starts_at < other.ends_at:
            values = {"pk": other.pk, "date": operation.date.isoformat(), "start": f"{other.starts_at:%H:%M}",
                      "end": f"{other.ends_at:%H:%M}"}
            if other.same_organization:
                message = _("Operation %(pk)s is already planned at these premises on %(date)s, %(start)s-%(end)s: "
                            "the same operation cannot be planned twice (30 DCMR 1202.2(m)).") % values
            else:
                message = _("Another organization's operation holds these premises on %(date)s, %(start)s-%(end)s: "
                            "choose other hours (30 DCMR 1202.2(m)).") % values
            return [Finding("30 DCMR 1202.2(m)", message, field="starts_at")]
    return []


def program_sheet_complete(*, member_in_charge: str, games: int) -> list[Finding]:
    """30 DCMR 1405.1: what the program sheet must show (warnings while planning)."""
    findings = []
    if not member_in_charge.strip():
        findings.append(Finding("30 DCMR 1405.1", _("The program sheet must name the member in charge "
                                                    "(30 DCMR 1405.1)."), field="member_in_charge", blocking=False))
    if games == 0:
        findings.append(Finding("30 DCMR 1405.1", _("The program sheet lists the games: add at least one "
                                                    "(30 DCMR 1405.1)."), field="games", blocking=False))
    return findings


def game_findings(games: list[GamePlan], license: LicenseFacts, has_multihall_license: bool) -> list[Finding]:
    """Every check of the game list: prices, prizes, early birds and multi-hall games."""
    findings = []
    for game in games:
        findings += card_price(game, license.license_class)
        findings += game_prize(game, license.license_class, license.period)
    findings += operation_prizes(games, license.license_class, license.period)
    findings += early_birds(games)
    findings += multi_hall(games, license.license_class, has_multihall_license)
    return findings


def _type_label(game_type: str) -> str:
    try:
        return str(GameType(game_type).label).lower()
    except ValueError:
        return game_type


def person_key(name: str) -> str:
    """A name as the duty list and the sales register compare it: case and spacing do not count."""
    return " ".join((name or "").split()).casefold()
