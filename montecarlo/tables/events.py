"""The dealer's tables' audit events: a table set up and closed, bets moved, and each engine event of a table's log
mirrored in the trail (its type by its kind)."""

from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, User
from montecarlo.models import GameTable, Night, TableEvent
from montecarlo.tablegames.base import Posting


def table_created(*, actor: User, night: Night, table: GameTable, number: int, game: str, settings: dict) -> AuditEvent:
    return audit_event_record(
        event_type="montecarlo.table_created",
        actor=actor,
        organization=night.license.organization,
        target=table,
        payload={"night": night.pk, "number": number, "game": game, "settings": settings},
    )


def table_closed(*, actor: User, table: GameTable, reason: str) -> AuditEvent:
    return audit_event_record(
        event_type="montecarlo.table_closed",
        actor=actor,
        organization=table.night.license.organization,
        target=table,
        payload={"number": table.number, "reason": reason},
    )


def bets_moved(*, actor: User, source: GameTable, reason: str, target: GameTable, bets: list) -> AuditEvent:
    return audit_event_record(
        event_type="montecarlo.bets_moved",
        actor=actor,
        organization=source.night.license.organization,
        target=source,
        payload={"from": source.number, "to": target.number, "reason": reason, "bets": [bet.as_dict() for bet in bets]},
    )


# Each engine event's audit type (licensing.audit.types lists them with their labels).
AUDIT_TYPES = {
    "open": "montecarlo.round_opened",
    "bet": "montecarlo.bet_placed",
    "decision": "montecarlo.decision_recorded",
    "remove": "montecarlo.bet_removed",
    "outcome": "montecarlo.round_settled",
    "void_outcome": "montecarlo.outcome_voided",
    "void_hand": "montecarlo.hand_voided",
    "void_round": "montecarlo.round_voided",
}


def table_event_logged(
    *, actor: User, table: GameTable, row: TableEvent, round_number: int, postings: list[Posting]
) -> AuditEvent:
    """The one writer of the AUDIT_TYPES: the log's new row (the event as the dealer sent it) in the trail."""
    return audit_event_record(
        event_type=AUDIT_TYPES[row.kind],
        actor=actor,
        organization=table.night.license.organization,
        target=table,
        payload={
            "seq": row.seq,
            "round": round_number,
            "event": row.payload,
            "postings": [p.as_dict() for p in postings],
        },
    )
