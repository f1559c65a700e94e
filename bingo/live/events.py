"""The live games' audit events: each event of a game's log mirrored in the trail (its type by its kind), the
operation sent to its financial report, a training operation made."""

from bingo.models import EventKind, Game, GameEvent, Operation
from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, License, Premises, Report, User


def operation_report_sent(
    *, actor: User, operation: Operation, report: Report, operations: list[Operation], recorded: dict
) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.operation_report_sent",
        actor=actor,
        organization=operation.license.organization,
        target=operation,
        payload={
            "report": report.pk,
            "event_date": operation.date.isoformat(),
            "operations": [o.pk for o in operations],
            "games": len(recorded["games"]),
            "faces": sum(row["count"] for row in recorded["card_sales"]),
        },
    )


def training_operation_created(
    *, actor: User, license: License, operation: Operation, premises: Premises | None
) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.training_operation_created",
        actor=actor,
        organization=license.organization,
        target=operation,
        payload={"license": license.number, "date": operation.date.isoformat(), "premises": premises.pk},
    )


# Each log event's audit type (licensing.audit.types lists them with their labels).
AUDIT_TYPES = {
    EventKind.START: "bingo.game_started",
    EventKind.CALL: "bingo.ball_called",
    EventKind.UNDO: "bingo.call_undone",
    EventKind.CLAIM: "bingo.claim_checked",
    EventKind.VOID: "bingo.claim_voided",
    EventKind.CLOSE: "bingo.game_closed",
}


def game_event_logged(*, actor: User, game: Game, event: GameEvent) -> AuditEvent:
    """The one writer of the AUDIT_TYPES: the log's new row (`event`, its payload and `seq`) in the trail."""
    return audit_event_record(
        event_type=AUDIT_TYPES[event.kind], actor=actor,
        organization=game.operation.license.organization, target=game, payload={"seq": event.seq, **event.payload},
    )
