"""Planning checks of a bingo operation, each a Finding with its 30 DCMR citation.

Pure functions over plain values: bingo.planning.services gathers the facts from the database
(bingo.planning.checks) and decides what blocks a write; the portal and the API show the rest.
The caps themselves (1402, 1405.19, 1408, 1400.5) and the checks of card prices and prizes are licensing's
(licensing.licenses.limits, which the financial reports check against too), read here under their old names."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, replace

from django.utils.translation import gettext as _

from core.findings import Finding
from licensing.licenses.limits import (  # noqa: F401  (re-exported: the caps are licensing's, bingo reads them here)
    CARD_PRICE_CAPS,
    CARD_PRICE_RULES,
    CLASS_D,
    CLASS_D_GAME_PRIZE_CAP,
    CLASS_D_OPERATION_PRIZE_CAP,
    EARLY_BIRD,
    EARLY_BIRDS_PER_OPERATION,
    EXTRA_REGULAR,
    MULTI_HALL,
    OPERATIONS_PER_PREMISES_PER_WEEK,
    REGULAR,
    REGULAR_GAME_PRIZE_CAP,
    REGULAR_OPERATION_PRIZE_CAP,
    SPECIAL,
    GamePlan,
    card_price,
    card_price_cap,
    early_birds,
    game_prize,
    money,
    operation_prizes,
)
from licensing.licenses.limits import game_type_label as _type_label  # noqa: F401
from licensing.organizations.services import MINIMUM_WORKER_AGE, age_on


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
    findings += early_birds(games, license.period)
    findings += multi_hall(games, license.license_class, has_multihall_license)
    return findings


def person_key(name: str) -> str:
    """A name as the duty list and the sales register compare it: case and spacing do not count."""
    return " ".join((name or "").split()).casefold()
