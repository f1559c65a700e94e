"""The raffle drawings' audit events, one typed function per step of a drawing's record: each mirrors the
record's new row (its `seq`) with what a reader of the trail needs, the tickets counted rather than listed."""

from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, RaffleDrawing, RaffleDrawingEvent, User


def _step(*, event_type: str, actor: User, drawing: RaffleDrawing, event: RaffleDrawingEvent,
          audit: dict) -> AuditEvent:
    return audit_event_record(event_type=event_type, actor=actor, organization=drawing.license.organization,
                              target=drawing, payload={"license": drawing.license.number, "seq": event.seq, **audit})


def raffle_drawing_scheduled(*, actor: User, drawing: RaffleDrawing, event: RaffleDrawingEvent) -> AuditEvent:
    return _step(event_type="licensing.raffle_drawing_scheduled", actor=actor, drawing=drawing, event=event,
                 audit={"prizes": event.payload["prizes"], "commitment": event.payload["commitment"]})


def raffle_drawing_sales_closed(*, actor: User, drawing: RaffleDrawing, event: RaffleDrawingEvent) -> AuditEvent:
    payload = event.payload
    return _step(event_type="licensing.raffle_drawing_sales_closed", actor=actor, drawing=drawing, event=event,
                 audit={"tickets": len(payload["tickets"]), "returned": len(payload["returned"]),
                        "tickets_hash": payload["tickets_hash"], "buyers_age_declared": True})


def raffle_drawing_witnessed(*, actor: User, drawing: RaffleDrawing, event: RaffleDrawingEvent) -> AuditEvent:
    payload = event.payload
    return _step(event_type="licensing.raffle_drawing_witnessed", actor=actor, drawing=drawing, event=event,
                 audit={"witness": payload["witness"], "witness_name": payload["witness_name"]})


def raffle_drawing_drawn(*, actor: User, drawing: RaffleDrawing, event: RaffleDrawingEvent) -> AuditEvent:
    payload = event.payload
    return _step(event_type="licensing.raffle_drawing_drawn", actor=actor, drawing=drawing, event=event,
                 audit={"seed": payload["seed"], "winners": payload["winners"], "in_charge": payload["in_charge"]})
