"""Hall mode's writes: preparing an event kit (the Board signs it at once)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from core import signing
from core.findings import RuleViolation
from licensing.hall import events
from licensing.hall.contents import kit_document
from licensing.hall.kinds import KitEvent, kit_kind
from licensing.hall.rules import prepare_findings
from licensing.licenses.live import license_in_force
from licensing.models import HallKit, User


def device_key_problem(text: str) -> str | None:
    try:
        signing.public_key_bytes(text)
    except signing.SigningKeyError as error:
        return str(error)
    return None


@transaction.atomic
def kit_prepare(*, actor: User, event: KitEvent, device_public_key: str) -> HallKit:
    """Sign a kit for `event` (found through its kind's selector, so within the actor's scope and role) and the
    device that will run it. Refuses, before writing anything, an event already past, a license not in force on
    the event's date, or a key that is no Ed25519 public key."""
    device_public_key = (device_public_key or "").strip()
    findings = prepare_findings(event_date=event.date, today=timezone.localdate(),
                                license=license_in_force(event.license, event.date),
                                device_key_problem=device_key_problem(device_public_key))
    if findings:
        raise RuleViolation(findings)
    document = kit_document(event=event, plan=kit_kind(event.kind).plan(event), device_public_key=device_public_key)
    kit = HallKit.objects.create(
        kit_id=document["kit"], organization=event.license.organization, license=event.license, kind=event.kind,
        event_id=event.pk, event_date=event.date, title=event.title[:300], device_public_key=device_public_key,
        document=document, prepared_by=actor)
    events.hall_kit_prepared(actor=actor, kit=kit)
    return kit
