"""The facts the planning rules need, read from the database, and the checks of a whole
operation: `operation_check` for the portal and API, `operation_ready` for the game start."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from bingo import rules
from bingo.models import Game, Operation, WorkerDuty
from licensing.findings import Finding
from licensing.models import License
from licensing.models.choices import LicenseStatus, LicenseType


def licensed_premises_ids(license: License) -> frozenset[int]:
    """The premises named on the license and on its schedule (30 DCMR 1400.7)."""
    ids = {row.get("premises") for row in license.schedule or [] if isinstance(row, dict) and row.get("premises")}
    if license.premises_id:
        ids.add(license.premises_id)
    return frozenset(ids)


def license_facts(license: License) -> rules.LicenseFacts:
    return rules.LicenseFacts(
        license_type=license.license_type, status=license.status, license_class=license.license_class,
        period=license.period, effective_on=license.effective_on, expires_on=license.expires_on,
        premises_ids=licensed_premises_ids(license),
        schedule=tuple(row for row in license.schedule or [] if isinstance(row, dict)),
    )


def multihall_license(license: License, on: dt.date) -> License | None:
    """The active multi-hall add-on of this bingo license in force on the day (30 DCMR 1414)."""
    return License.objects.filter(
        license_type=LicenseType.MULTIHALL, parent=license, status=LicenseStatus.ACTIVE,
        effective_on__lte=on, expires_on__gte=on,
    ).first()


def operations_that_week(*, premises_id: int | None, on: dt.date, exclude_pk: int | None = None) -> int:
    """Every organization's operations on the premises in the ISO week of `on` (30 DCMR 1400.5)."""
    if premises_id is None:
        return 0
    monday = on - dt.timedelta(days=on.weekday())
    queryset = Operation.objects.filter(premises_id=premises_id, date__range=(monday, monday + dt.timedelta(days=6)),
                                        is_training=False)  # training is no bingo operation (bingo.training)
    if exclude_pk is not None:
        queryset = queryset.exclude(pk=exclude_pk)
    return queryset.count()


def operation_findings(*, license: License, facts: rules.OperationFacts,
                       exclude_pk: int | None = None) -> list[Finding]:
    """The checks of the operation itself: license, premises, schedule, weekly limit."""
    lf = license_facts(license)
    findings = rules.license_in_force(lf, facts.date)
    findings += rules.premises_on_license(lf, facts.premises_id)
    if not lf.effective_on <= facts.date <= lf.expires_on:
        # A date outside the license's term is refused above, and the checks below mean nothing for it
        # (the week of a date such as 9999-12-31 does not even exist in the calendar arithmetic).
        return findings
    findings += rules.within_schedule(lf, facts)
    others = operations_that_week(premises_id=facts.premises_id, on=facts.date, exclude_pk=exclude_pk)
    findings += rules.premises_weekly_limit(facts, others)
    return findings


def game_plans(operation: Operation) -> list[rules.GamePlan]:
    return [plan_of(game) for game in Game.objects.filter(operation=operation).order_by("number")]


def plan_of(game: Game) -> rules.GamePlan:
    return rules.GamePlan(number=game.number, game_type=game.game_type, card_price=Decimal(game.card_price),
                          prize=Decimal(game.prize))


def games_findings(operation: Operation, plans: list[rules.GamePlan]) -> list[Finding]:
    license = operation.license
    has_multihall = any(p.game_type == rules.MULTI_HALL for p in plans) and (
        multihall_license(license, operation.date) is not None)
    return rules.game_findings(plans, license_facts(license), has_multihall)


def facts_of(operation: Operation) -> rules.OperationFacts:
    return rules.OperationFacts(date=operation.date, starts_at=operation.starts_at, ends_at=operation.ends_at,
                                premises_id=operation.premises_id)


def checkers(operation: Operation) -> int:
    return WorkerDuty.objects.filter(operation=operation, duty=WorkerDuty.Duty.CHECKER).count()


def operation_check(operation: Operation) -> list[Finding]:
    """Every finding of the plan, blocking or not, in the order a planner fixes them."""
    plans = game_plans(operation)
    findings = operation_findings(license=operation.license, facts=facts_of(operation), exclude_pk=operation.pk)
    findings += games_findings(operation, plans)
    findings += rules.checker_on_duty(checkers(operation), blocking=False)
    findings += rules.program_sheet_complete(member_in_charge=operation.member_in_charge, games=len(plans))
    return findings


def operation_ready(operation: Operation) -> list[Finding]:
    """What stops a game from starting now: the license in force on the day (30 DCMR 1200.1) and a
    checker on duty (30 DCMR 1401.3). The live console calls this at each game start; an empty list
    means the game may start."""
    findings = rules.license_in_force(license_facts(operation.license), operation.date)
    findings += rules.checker_on_duty(checkers(operation), blocking=True)
    return findings
