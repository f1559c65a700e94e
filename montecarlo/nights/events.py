"""The audit events of montecarlo/nights, one typed function each."""

import datetime as dt
from decimal import Decimal

from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, License, ResponsiblePerson, User
from montecarlo.models import GameApproval, Night, Participant
from montecarlo.nights.ledger import Balance


def night_created(
    *, actor: User, license: License, night: Night, name: str, in_charge: ResponsiblePerson | None, date: dt.date
) -> AuditEvent:
    return audit_event_record(
        event_type="montecarlo.night_created",
        actor=actor,
        organization=license.organization,
        target=night,
        payload={
            "name": name,
            "date": date.isoformat(),
            "license": license.number,
            "training": night.training,
            "commitment": night.drawing_commitment,
            "in_charge": in_charge.full_name if in_charge else "",
        },
    )


def night_in_charge_recorded(*, actor: User, night: Night, before: str, person: ResponsiblePerson) -> AuditEvent:
    return audit_event_record(
        event_type="montecarlo.night_in_charge_recorded",
        actor=actor,
        organization=night.license.organization,
        target=night,
        payload={"in_charge": person.full_name, "role": person.role, "before": before},
    )


def night_updated(*, actor: User, night: Night, changed: dict) -> AuditEvent:
    return audit_event_record(
        event_type="montecarlo.night_updated",
        actor=actor,
        organization=night.license.organization,
        target=night,
        payload=changed,
    )


def participant_admitted(
    *, actor: User, night: Night, participant: Participant, number: int, paid: Decimal
) -> AuditEvent:
    return audit_event_record(
        event_type="montecarlo.participant_admitted",
        actor=actor,
        organization=night.license.organization,
        target=participant,
        payload={"night": night.pk, "number": number, "chips": night.starting_chips, "admission_paid": str(paid)},
    )


def night_counted(*, actor: User, night: Night, participants: list[Participant], balance: Balance) -> AuditEvent:
    return audit_event_record(
        event_type="montecarlo.night_counted",
        actor=actor,
        organization=night.license.organization,
        target=night,
        payload={
            "participants": len(participants),
            "issued": balance.issued,
            "held": balance.held,
            "house_won": balance.house_won,
            "house_paid": balance.house_paid,
        },
    )


def prizes_awarded(*, actor: User, night: Night, awards: list[dict]) -> AuditEvent:
    return audit_event_record(
        event_type="montecarlo.prizes_awarded",
        actor=actor,
        organization=night.license.organization,
        target=night,
        payload={
            "method": night.prize_method,
            "awards": [{k: award[k] for k in ("place", "participant", "value")} for award in awards],
        },
    )


def house_rules_decided(*, actor: User, approval: GameApproval, note: str) -> AuditEvent:
    return audit_event_record(
        event_type="montecarlo.house_rules_decided",
        actor=actor,
        organization=approval.night.license.organization,
        target=approval,
        payload={"night": approval.night_id, "game": approval.game.code, "status": approval.status, "note": note},
    )
