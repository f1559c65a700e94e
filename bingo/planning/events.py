"""The audit events of bingo/planning, one typed function each."""

import datetime as dt
from decimal import Decimal

from bingo.models import Game, Hall, MultiHallAgreement, Operation, Pattern, WorkerDuty
from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, License, Organization, Premises, User


def operation_created(
    *, actor: User, license: License, operation: Operation, premises: Premises | None, date: dt.date
) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.operation_created",
        actor=actor,
        organization=license.organization,
        target=operation,
        payload={"license": license.number, "date": date.isoformat(), "premises": premises.pk},
    )


def operation_updated(*, actor: User, operation: Operation, before: dict, changes: list[str]) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.operation_updated",
        actor=actor,
        organization=operation.license.organization,
        target=operation,
        payload={"before": before, "after": {n: str(getattr(operation, n)) for n in changes}},
    )


def hall_added(*, actor: User, operation: Operation, hall: Hall, premises: Premises) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.hall_added",
        actor=actor,
        organization=operation.license.organization,
        target=hall,
        payload={"operation": operation.pk, "premises": premises.pk},
    )


def worker_added(*, actor: User, operation: Operation, worker: WorkerDuty, name: str, duty: str) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.worker_added",
        actor=actor,
        organization=operation.license.organization,
        target=worker,
        payload={"operation": operation.pk, "name": name, "duty": duty},
    )


def worker_removed(*, actor: User, operation: Operation, worker: WorkerDuty) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.worker_removed",
        actor=actor,
        organization=operation.license.organization,
        target=worker,
        payload={"operation": operation.pk, "name": worker.name, "duty": worker.duty},
    )


def game_added(
    *, actor: User, operation: Operation, game: Game, number: int, game_type: str, pattern: Pattern, data: dict
) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.game_added",
        actor=actor,
        organization=operation.license.organization,
        target=game,
        payload={
            "number": number,
            "pattern": pattern.slug,
            "game_type": game_type,
            "card_price": str(data["card_price"]),
            "prize": str(data["prize"]),
        },
    )


def game_updated(*, actor: User, operation: Operation, game: Game, before: dict, data: dict) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.game_updated",
        actor=actor,
        organization=operation.license.organization,
        target=game,
        payload={"before": before, "after": {n: str(getattr(v, "slug", v)) for n, v in data.items()}},
    )


def games_reordered(*, actor: User, operation: Operation, before: list[int], order: list[int]) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.games_reordered",
        actor=actor,
        organization=operation.license.organization,
        target=operation,
        payload={"before": before, "after": list(order)},
    )


def game_removed(*, actor: User, operation: Operation, game: Game) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.game_removed",
        actor=actor,
        organization=operation.license.organization,
        target=game,
        payload={
            "number": game.number,
            "pattern": game.pattern_id,
            "prize": str(game.prize),
            "game_type": game.game_type,
        },
    )


def multihall_agreement_recorded(
    *, actor: User, organization: Organization, agreement: MultiHallAgreement, signed_on: dt.date
) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.multihall_agreement_recorded",
        actor=actor,
        organization=organization,
        target=agreement,
        payload={
            "provider": agreement.provider,
            "audit_clause": agreement.audit_clause,
            "signed_on": signed_on.isoformat(),
        },
    )


def multihall_agreement_approved(*, actor: User, agreement: MultiHallAgreement) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.multihall_agreement_approved",
        actor=actor,
        organization=agreement.organization,
        target=agreement,
        payload={"provider": agreement.provider},
    )


def annuity_planned(*, actor: User, game: Game, years: int | None, insurer: str, amount: Decimal | None) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.annuity_planned",
        actor=actor,
        organization=game.operation.license.organization,
        target=game,
        payload={"years": years, "amount": str(amount) if amount is not None else None, "insurer": insurer},
    )


def annuity_purchased(*, actor: User, game: Game, purchased_on: dt.date, won_on: dt.date) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.annuity_purchased",
        actor=actor,
        organization=game.operation.license.organization,
        target=game,
        payload={
            "purchased_on": purchased_on.isoformat(),
            "contract": game.annuity_contract,
            "insurer": game.annuity_insurer,
            "won_on": won_on.isoformat(),
        },
    )
