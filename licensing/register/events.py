"""The register's audit events, one typed function each (the Board's own trail)."""

from licensing.audit.events import audit_event_record
from licensing.models import User
from licensing.models.register import BoardNumber


def _row(number: BoardNumber) -> dict:
    return {"key": number.key, "value": number.value, "effective_from": number.effective_from.isoformat(),
            "effective_to": number.effective_to.isoformat() if number.effective_to else None,
            "citation": number.citation, "reason": number.reason, "status": number.status}


def number_proposed(*, actor: User | None, number: BoardNumber) -> None:
    audit_event_record(event_type="licensing.board_number_proposed", actor=actor, target=number, payload=_row(number))


def number_approved(*, actor: User | None, number: BoardNumber, replaced: list[int]) -> None:
    audit_event_record(event_type="licensing.board_number_approved", actor=actor, target=number,
                       payload={**_row(number), "proposed_by": number.proposed_by_id, "replaced": replaced,
                                "note": number.decision_note})


def number_refused(*, actor: User | None, number: BoardNumber) -> None:
    audit_event_record(event_type="licensing.board_number_refused", actor=actor, target=number,
                       payload={**_row(number), "note": number.decision_note})


def number_withdrawn(*, actor: User | None, number: BoardNumber) -> None:
    audit_event_record(event_type="licensing.board_number_withdrawn", actor=actor, target=number, payload=_row(number))


def pack_imported(*, actor: User | None, name: str, added: list[str], changed: list[str], source: str) -> None:
    audit_event_record(event_type="licensing.rule_pack_imported", actor=actor,
                       payload={"pack": name, "source": source, "added": added, "changed": changed})
