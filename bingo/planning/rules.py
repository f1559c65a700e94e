"""Planning checks of a bingo operation, each a Finding with its 30 DCMR citation.

Pure functions over plain values: bingo.planning.services gathers the facts from the database
(bingo.planning.checks) and decides what blocks a write; the portal and the API show the rest.
The checks of card prices and prizes (1402, 1405.19, 1408, 1400.5) are licensing's (licensing.licenses.limits, which
the financial reports check against too), read here under their old names. Every figure is the Board's register's
(licensing.register.values), read for the operation's date: a plan is judged by the figures in force on its day."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, replace
from decimal import Decimal

from django.utils.translation import gettext as _

from core.findings import Finding
from licensing.licenses.limits import (  # noqa: F401  (re-exported: the checks are licensing's, bingo reads them here)
    CLASS_D,
    EARLY_BIRD,
    EXTRA_REGULAR,
    GAME_TYPES,
    MULTI_HALL,
    REGULAR,
    SPECIAL,
    GamePlan,
    card_price,
    card_price_cap,
    early_birds,
    game_prize,
    game_prize_cap,
    money,
    operation_prize_cap,
    operation_prizes,
    operations_per_week,
)
from licensing.licenses.limits import game_type_label as _type_label  # noqa: F401
from licensing.organizations.services import age_on
from licensing.register.values import value


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


def premises_weekly_limit(operation: OperationFacts, others_that_week: int, own_that_week: int = 0) -> list[Finding]:
    """30 DCMR 1400.5: at most two bingo operations a week on one premises, whoever holds them; 30 DCMR 1400.6: a
    licensed organization holds at most two a week on one premises (`own_that_week` of the others are its own).
    The limit is the one in force on the operation's date."""
    year, week, _weekday = operation.date.isocalendar()
    limit = operations_per_week(operation.date)
    if own_that_week + 1 > limit:
        return [Finding("30 DCMR 1400.6", _(
            "The organization may hold at most %(limit)s bingo operations a week on one premises; it already holds "
            "%(count)s there in week %(week)s of %(year)s (30 DCMR 1400.6).") % {
            "limit": limit, "week": week, "year": year, "count": own_that_week},
            field="date")]
    if others_that_week + 1 > limit:
        return [Finding("30 DCMR 1400.5", _(
            "At most %(limit)s bingo operations a week on one premises; week %(week)s of %(year)s already has "
            "%(count)s there (30 DCMR 1400.5).") % {
            "limit": limit, "week": week, "year": year, "count": others_that_week},
            field="date")]
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
    """30 DCMR 1401.5: no worker under the register's age in force on `on`; without a date of birth nobody can
    tell."""
    minimum = value("worker.minimum_age", on)
    if born is None:
        return [Finding("30 DCMR 1401.5", _("Record the date of birth of %(name)s: no worker may be under %(age)s "
                                            "(30 DCMR 1401.5).") % {"name": name, "age": minimum},
                        field="date_of_birth", blocking=blocking)]
    if age_on(born, on) < minimum:  # the birthday of that age on the day counts
        return [Finding("30 DCMR 1401.5", _("%(name)s is under %(age)s on %(date)s: no worker may be under %(age)s "
                                            "(30 DCMR 1401.5).") % {"name": name, "date": on.isoformat(),
                                                                    "age": minimum},
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


@dataclass(frozen=True)
class Declarations:
    """What the organization declares of the operation's room and prizes (bingo.models.Operation)."""

    rooms: int
    caller_in_largest_room: bool
    caller_visible: bool
    cash_prizes_only: bool


def declaration_findings(declared: Declarations, *, class_c_multi_hall_only: bool, blocking: bool) -> list[Finding]:
    """Checked before the first game, declared on the plan (the program sheet):
    - 30 DCMR 1405.12: with more than one room, the receptacle, the caller and any helper are in the room with the
      most players, and every number is called clearly audible in each room;
    - 30 DCMR 1405.15: the receptacle and the caller are visible to most players at all times, except at a Class C
      multi-hall game;
    - 30 DCMR 1408.4: every prize is cash (a multi-hall prize may be paid as 1408.6 allows, a door prize may be
      merchandise, 1408.11)."""
    findings = []
    if declared.rooms > 1 and not declared.caller_in_largest_room:
        findings.append(Finding("30 DCMR 1405.12", _(
            "Play uses %(rooms)s rooms: declare that the receptacle and the caller are in the room with the most "
            "players and that every call is clearly audible in each room (30 DCMR 1405.12).")
            % {"rooms": declared.rooms},
            field="caller_in_largest_room", blocking=blocking))
    if not declared.caller_visible and not class_c_multi_hall_only:
        findings.append(Finding("30 DCMR 1405.15", _(
            "Declare that the receptacle and the caller are visible to most of the players at all times "
            "(30 DCMR 1405.15)."), field="caller_visible", blocking=blocking))
    if not declared.cash_prizes_only:
        findings.append(Finding("30 DCMR 1408.4", _(
            "Declare that every game prize is paid in cash; only door prizes may be merchandise (30 DCMR 1408.4)."),
            field="cash_prizes_only", blocking=blocking))
    return findings


def game_findings(games: list[GamePlan], license: LicenseFacts, has_multihall_license: bool,
                  on: dt.date | None = None) -> list[Finding]:
    """Every check of the game list: prices, prizes, early birds and multi-hall games, by the figures in force on
    `on`, the operation's date."""
    findings = []
    for game in games:
        findings += card_price(game, license.license_class, on)
        findings += game_prize(game, license.license_class, license.period, on)
    findings += operation_prizes(games, license.license_class, license.period, on)
    findings += early_birds(games, license.period, on)
    findings += multi_hall(games, license.license_class, has_multihall_license)
    return findings


def person_key(name: str) -> str:
    """A name as the duty list and the sales register compare it: case and spacing do not count."""
    return " ".join((name or "").split()).casefold()


# --- 30 DCMR 1401.7-1401.11: the written agreement of a multi-hall game's service providers ---


@dataclass(frozen=True)
class AgreementFacts:
    provider: str
    approved: bool
    audit_clause: bool
    signed_on: dt.date
    ends_on: dt.date | None


def multi_hall_agreement(games: Iterable[GamePlan], agreements: Iterable[AgreementFacts], on: dt.date, *,
                         blocking: bool = True) -> list[Finding]:
    """30 DCMR 1401.8: the services of a multi-hall game (1401.7) are given under a written agreement approved by the
    Agency, which lets it review, inspect and audit the books, records and operations of the organization and the
    provider. A multi-hall game is planned or played only with such an agreement in force on the day; breaking it
    is a ground for denial, suspension or revocation (1401.11)."""
    if not any(g.game_type == MULTI_HALL for g in games):
        return []
    in_force = [a for a in agreements if a.signed_on <= on and (a.ends_on is None or on <= a.ends_on)]
    if any(a.approved and a.audit_clause for a in in_force):
        return []
    if any(a.approved for a in in_force):
        message = _("The multi-hall service agreement in force has no clause letting the Agency review, inspect and "
                    "audit the books, records and operations of the organization and the provider (30 DCMR 1401.8).")
    elif in_force:
        message = _("The multi-hall service agreement of %(provider)s is not yet approved by the Agency: a multi-hall "
                    "game needs an approved written agreement (30 DCMR 1401.8).") % {"provider": in_force[0].provider}
    else:
        message = _("A multi-hall game needs a written agreement with its service providers, approved by the Agency "
                    "and in force on %(date)s (30 DCMR 1401.7, 1401.8).") % {"date": on.isoformat()}
    return [Finding("30 DCMR 1401.8", message, field="game_type", blocking=blocking)]


# --- 30 DCMR 1408.6-1408.9: a multi-hall prize paid by annuity ---

# The floor and the longest term (1408.6) and the days to buy it (1408.7) are the register's
# (bingo.annuity_prize_floor, bingo.annuity_max_years, bingo.annuity_purchase_days), in force on the game's day.


@dataclass(frozen=True)
class AnnuityPlan:
    game_type: str
    prize: Decimal
    years: int | None
    amount: Decimal | None
    insurer: str
    insurer_dc_licensed: bool


def annuity_plan(plan: AnnuityPlan, on: dt.date | None = None) -> list[Finding]:
    """30 DCMR 1408.6: only a multi-hall prize of $10,000 or more may be paid, in whole or in part, by an annuity, of at
    most 25 years; 1408.8: bought from a nationally recognized insurer licensed to operate in DC. The rest is paid in
    cash or by check (1408.9). The floor and the term are the ones in force on `on`, the game's day."""
    if plan.years is None:
        return []
    findings = []
    floor, max_years = value("bingo.annuity_prize_floor", on), value("bingo.annuity_max_years", on)
    if plan.game_type != MULTI_HALL or plan.prize < floor:
        findings.append(Finding("30 DCMR 1408.6", _(
            "Only a multi-hall prize of %(floor)s or more may be paid by an annuity (30 DCMR 1408.6); every other "
            "prize is paid in cash (30 DCMR 1408.4).") % {"floor": money(floor)},
            field="annuity_years"))
    if not 1 <= plan.years <= max_years:
        findings.append(Finding("30 DCMR 1408.6", _(
            "An annuity runs at most %(max)s years, not %(years)s (30 DCMR 1408.6).") % {
            "max": max_years, "years": plan.years}, field="annuity_years"))
    if plan.amount is None or not Decimal("0") < plan.amount <= plan.prize:
        findings.append(Finding("30 DCMR 1408.6", _(
            "Give the part of the prize paid by the annuity, more than $0.00 and at most the prize; the rest is paid "
            "in cash or by check (30 DCMR 1408.6, 1408.9)."), field="annuity_amount"))
    if not plan.insurer.strip() or not plan.insurer_dc_licensed:
        findings.append(Finding("30 DCMR 1408.8", _(
            "Name the insurer the annuity is bought from: a nationally recognized insurer licensed to operate in DC "
            "(30 DCMR 1408.8)."), field="annuity_insurer"))
    return findings


def annuity_purchase(*, won_on: dt.date, purchased_on: dt.date, today: dt.date) -> list[Finding]:
    """30 DCMR 1408.7: the annuity contract is bought within 30 days of the win, for the winner (the days in force on
    the day of the win)."""
    days = value("bingo.annuity_purchase_days", won_on)
    if purchased_on > today:
        return [Finding("30 DCMR 1408.7", _("The purchase date is in the future."), field="annuity_purchased_on")]
    if purchased_on < won_on or (purchased_on - won_on).days > days:
        return [Finding("30 DCMR 1408.7", _(
            "The annuity must be bought within %(days)s days of the win on %(won)s, not on %(date)s "
            "(30 DCMR 1408.7).") % {"days": days, "won": won_on.isoformat(),
                                    "date": purchased_on.isoformat()}, field="annuity_purchased_on")]
    return []
