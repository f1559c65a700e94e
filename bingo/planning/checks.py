"""The facts the planning rules need, read from the database, and the checks of a whole
operation: `operation_check` for the portal and API, `operation_ready` for the game start.

The workers on duty at operations still to be held are also bingo's side of the supply-trade ties (30 DCMR
1401.13): `workers_on_duty_people` is registered with licensing's registry by BingoConfig.ready, and the duty list is
checked against the vendors' owners when a worker is put on it and again before each game starts."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext as _

from bingo.models import Game, MultiHallAgreement, Operation, WorkerDuty
from bingo.planning import rules
from bingo.planning.rules import person_key
from core.findings import Finding
from licensing.models import License, LicenseeKind, Membership, OrganizationMember, ResponsiblePerson, Role
from licensing.models.choices import LicenseStatus, LicenseType, ResponsibleRole
from licensing.organizations.supply_ties import OwnerRecord, PersonRecord, person_tie_findings, supply_owners


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


def operations_that_week(*, premises_id: int | None, on: dt.date, exclude_pk: int | None = None,
                         organization_id: int | None = None) -> int:
    """Every organization's operations on the premises in the ISO week of `on` (30 DCMR 1400.5); with
    `organization_id`, that organization's only (1400.6)."""
    if premises_id is None:
        return 0
    monday = on - dt.timedelta(days=on.weekday())
    queryset = Operation.objects.filter(premises_id=premises_id, date__range=(monday, monday + dt.timedelta(days=6)),
                                        is_training=False)  # training is no bingo operation (bingo.live.training)
    if exclude_pk is not None:
        queryset = queryset.exclude(pk=exclude_pk)
    if organization_id is not None:
        queryset = queryset.filter(license__organization_id=organization_id)
    return queryset.count()


def operations_that_day(*, license: License, facts: rules.OperationFacts,
                        exclude_pk: int | None = None) -> list[rules.PlannedOperation]:
    """Every organization's operations on the premises that day (30 DCMR 1202.2(m)); a training
    operation holds no licensed hours (bingo.live.training), so it is never in the way."""
    if facts.premises_id is None:
        return []
    queryset = (Operation.objects.filter(premises_id=facts.premises_id, date=facts.date, is_training=False)
                .exclude(pk=exclude_pk).select_related("license").order_by("starts_at", "pk"))
    return [rules.PlannedOperation(pk=o.pk, starts_at=o.starts_at, ends_at=o.ends_at,
                                   same_organization=o.license.organization_id == license.organization_id)
            for o in queryset]


def operation_findings(*, license: License, facts: rules.OperationFacts,
                       exclude_pk: int | None = None) -> list[Finding]:
    """The checks of the operation itself: license, premises, schedule, planned once, weekly limit."""
    lf = license_facts(license)
    findings = rules.license_in_force(lf, facts.date)
    findings += rules.premises_on_license(lf, facts.premises_id)
    if not lf.effective_on <= facts.date <= lf.expires_on:
        # A date outside the license's term is refused above, and the checks below mean nothing for it
        # (the week of a date such as 9999-12-31 does not even exist in the calendar arithmetic).
        return findings
    findings += rules.within_schedule(lf, facts)
    findings += rules.not_planned_twice(facts, operations_that_day(license=license, facts=facts,
                                                                   exclude_pk=exclude_pk))
    others = operations_that_week(premises_id=facts.premises_id, on=facts.date, exclude_pk=exclude_pk)
    own = operations_that_week(premises_id=facts.premises_id, on=facts.date, exclude_pk=exclude_pk,
                               organization_id=license.organization_id) if others else 0
    findings += rules.premises_weekly_limit(facts, others, own)
    return findings


def game_plans(operation: Operation) -> list[rules.GamePlan]:
    return [plan_of(game) for game in Game.objects.filter(operation=operation).order_by("number")]


def plan_of(game: Game) -> rules.GamePlan:
    return rules.GamePlan(number=game.number, game_type=game.game_type, card_price=Decimal(game.card_price),
                          prize=Decimal(game.prize))


def agreement_facts(organization_id: int) -> list[rules.AgreementFacts]:
    """The organization's multi-hall service agreements (30 DCMR 1401.8)."""
    return [rules.AgreementFacts(provider=a.provider, approved=a.approved_at is not None, audit_clause=a.audit_clause,
                                 signed_on=a.signed_on, ends_on=a.ends_on)
            for a in MultiHallAgreement.objects.filter(organization_id=organization_id)]


def agreement_findings(operation: Operation, plans: list[rules.GamePlan], *, blocking: bool = True) -> list[Finding]:
    if not any(p.game_type == rules.MULTI_HALL for p in plans):
        return []
    return rules.multi_hall_agreement(plans, agreement_facts(operation.license.organization_id), operation.date,
                                      blocking=blocking)


def games_findings(operation: Operation, plans: list[rules.GamePlan]) -> list[Finding]:
    license = operation.license
    has_multihall = any(p.game_type == rules.MULTI_HALL for p in plans) and (
        multihall_license(license, operation.date) is not None)
    findings = rules.game_findings(plans, license_facts(license), has_multihall, operation.date)
    if has_multihall:  # 30 DCMR 1401.8: the service agreement, once the multi-hall license is there
        findings += agreement_findings(operation, plans)
    return findings


def facts_of(operation: Operation) -> rules.OperationFacts:
    return rules.OperationFacts(date=operation.date, starts_at=operation.starts_at, ends_at=operation.ends_at,
                                premises_id=operation.premises_id)


IN_CHARGE_ROLES = (ResponsibleRole.MEMBER_IN_CHARGE, ResponsibleRole.ALTERNATE)


def in_charge_people(organization_id: int) -> tuple[frozenset[str], frozenset[int]]:
    """Who the organization's records name as member in charge or alternate (30 DCMR 1202.2(j), 1301.5):
    the names of its current responsible people in those roles and of the portal users holding them, and
    those users' ids."""
    people = ResponsiblePerson.objects.filter(organization_id=organization_id, is_current=True,
                                              role__in=IN_CHARGE_ROLES).values_list("full_name", flat=True)
    holders = Membership.objects.filter(organization_id=organization_id, is_active=True,
                                        role__in=[Role.MEMBER_IN_CHARGE, Role.ALTERNATE]).select_related("user")
    names = {person_key(name) for name in people} | {person_key(m.user.full_name) for m in holders}
    return frozenset(names - {""}), frozenset(m.user_id for m in holders)


def may_be_in_charge(*, organization_id: int, name: str, user_id: int | None) -> bool:
    names, user_ids = in_charge_people(organization_id)
    return person_key(name) in names or (user_id is not None and user_id in user_ids)


def recorded_birth_dates(*, organization_id: int, name: str) -> set[dt.date]:
    """The dates of birth the organization's member records give for the name (its members and its
    responsible people): a worker's age is taken from there when the planner does not type it."""
    key = person_key(name)
    members = OrganizationMember.objects.filter(organization_id=organization_id, is_active=True,
                                                date_of_birth__isnull=False).values_list("full_name", "date_of_birth")
    responsible = ResponsiblePerson.objects.filter(organization_id=organization_id, is_current=True).values_list(
        "full_name", "date_of_birth")
    return {born for full_name, born in [*members, *responsible] if person_key(full_name) == key}


def worker_facts(operation: Operation) -> list[rules.WorkerFacts]:
    names, user_ids = in_charge_people(operation.license.organization_id)
    return [rules.WorkerFacts(name=w.name, duty=w.duty, date_of_birth=w.date_of_birth,
                              may_be_in_charge=person_key(w.name) in names or w.user_id in user_ids)
            for w in WorkerDuty.objects.filter(operation=operation).order_by("duty", "name")]


# --- Ties to the supply trade (30 DCMR 1401.13, 1401.14) ---

def worker_ref(pk: int) -> str:
    return f"bingo.workerduty:{pk}"


def duty_doing(duty: str) -> str:
    """1401.13(a), (b): working at the operation, in whatever duty."""
    return _("on duty as %(duty)s") % {"duty": WorkerDuty.Duty(duty).label.lower()}


def worker_tie_findings(operation: Operation, *, name: str, born: dt.date | None, duty: str, field: str = "name",
                        worker: WorkerDuty | None = None, owners: list[OwnerRecord] | None = None) -> list[Finding]:
    """Whether the worker owns a share of a vendor or works for one (an agent, servant or employee, whatever their
    share: 30 DCMR 1401.13): a match (or a match Board staff confirmed) blocks, a name alone warns until staff
    decide it (licensing.matches)."""
    return person_tie_findings(name=name, born=born, doing=duty_doing(duty), field=field,
                               person_ref=worker_ref(worker.pk) if worker is not None else None,
                               organization_id=operation.license.organization_id, owners=owners)


def workers_tie_findings(operation: Operation) -> list[Finding]:
    """The duty list as it stands: a vendor may have recorded a worker as its owner after they were put on it."""
    owners = supply_owners()
    if not owners:
        return []
    return [finding for worker in WorkerDuty.objects.filter(operation=operation).order_by("duty", "name", "pk")
            for finding in worker_tie_findings(operation, name=worker.name, born=worker.date_of_birth,
                                               duty=worker.duty, field="workers", worker=worker, owners=owners)]


def workers_on_duty_people() -> list[PersonRecord]:
    """Every worker on duty at an operation still to be held (today or later), for licensing's registry."""
    workers = (WorkerDuty.objects.filter(operation__date__gte=timezone.localdate(),
                                         operation__license__organization__kind=LicenseeKind.ORGANIZATION)
               .select_related("operation__license__organization").order_by("operation__date", "operation_id", "pk"))
    return [PersonRecord(ref=worker_ref(worker.pk), name=worker.name, born=worker.date_of_birth,
                         doing=duty_doing(worker.duty), organization_id=worker.operation.license.organization_id,
                         organization_name=worker.operation.license.organization.name,
                         role=_("%(duty)s on duty at the bingo operation of %(date)s") % {
                             "duty": worker.get_duty_display(), "date": worker.operation.date.isoformat()})
            for worker in workers]


def operation_check(operation: Operation) -> list[Finding]:
    """Every finding of the plan, blocking or not, in the order a planner fixes them."""
    plans = game_plans(operation)
    findings = operation_findings(license=operation.license, facts=facts_of(operation), exclude_pk=operation.pk)
    findings += games_findings(operation, plans)
    findings += rules.duty_findings(worker_facts(operation), operation.date, blocking=False)
    findings += workers_tie_findings(operation)
    findings += rules.program_sheet_complete(member_in_charge=operation.member_in_charge, games=len(plans))
    findings += declarations_findings(operation, blocking=False)
    return findings


def declarations_findings(operation: Operation, *, blocking: bool) -> list[Finding]:
    """The operation's declarations (30 DCMR 1405.12, 1405.15, 1408.4); a training operation has no players."""
    if operation.is_training:
        return []
    games = list(operation.games.values_list("game_type", flat=True))
    class_c_multi_hall_only = (operation.license.license_class == "C" and bool(games)
                               and all(game_type == rules.MULTI_HALL for game_type in games))
    declared = rules.Declarations(rooms=operation.rooms, caller_in_largest_room=operation.caller_in_largest_room,
                                  caller_visible=operation.caller_visible, cash_prizes_only=operation.cash_prizes_only)
    return rules.declaration_findings(declared, class_c_multi_hall_only=class_c_multi_hall_only, blocking=blocking)


def operation_ready(operation: Operation) -> list[Finding]:
    """What stops a game from starting now: the license in force on the day (30 DCMR 1200.1) and the
    workers on duty: a checker (1401.3), a security person (1400.12), the member in charge or the
    alternate (1301.5), nobody under 18 (1401.5), nobody tied by ownership to a vendor (1401.13: a match or a
    possible match staff confirmed; one still to decide warns on `operation_check`), and the declarations of the
    rooms, the caller's place and the prizes (1405.12, 1405.15, 1408.4). The live console calls this
    at each game start; an empty list means the game may start."""
    findings = rules.license_in_force(license_facts(operation.license), operation.date)
    findings += rules.duty_findings(worker_facts(operation), operation.date, blocking=True)
    findings += declarations_findings(operation, blocking=True)
    if not operation.is_training:
        findings += agreement_findings(operation, game_plans(operation))  # 30 DCMR 1401.8, when the game is played
    findings += [finding for finding in workers_tie_findings(operation) if finding.blocking]
    return findings
