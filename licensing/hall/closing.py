"""Signed heads at close (docs/formats/hall-kit.md, hall-head/1): at the hall, closing a game, a night or a table
signs the head of each of its logs with the device's key, inside the close's own transaction, so a close and the
heads it shows the room are committed together or not at all. On the Board's server (no hall device) nothing is
signed: its logs are anchored instead (licensing.audit)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from core.models import ChainedEvent
from licensing.hall import events
from licensing.hall.device import HallDevice, hall_device
from licensing.hall.heads import head_sign
from licensing.models import HallHead, Organization, User


def _runs(device: HallDevice, *, kind: str, event_id: int) -> bool:
    """Whether the device vouches for this event: the installed kit's event, and the kit's device (a head signed
    with another key would not check at the Board)."""
    event = device.kit.get("event") or {}
    return (event.get("kind"), event.get("id")) == (kind, event_id) and (
        (device.kit.get("device") or {}).get("public_key") == device.public_key)


@transaction.atomic
def heads_sign_at_close(*, actor: User, organization: Organization, kind: str, event_id: int,
                        logs: Iterable[tuple[type[ChainedEvent], str]]) -> list[HallHead]:
    """Sign the current head of each log (`(model, identity)` pairs, as a log scope names them) of the event
    `kind`/`event_id` that just closed, and keep each as a HallHead. Nothing is signed on the Board's server, for an
    event that is not the installed kit's (the device vouches for its kit's event only), for a log with no row, or
    for a log whose head the device already signed (a table closed before its night: the night's close signs only
    what grew since)."""
    device = hall_device()
    if device is None or not _runs(device, kind=kind, event_id=event_id):
        return []
    now, signed = timezone.now(), []
    newest = {(row["log"], row["identity"]): row["newest"] for row in HallHead.objects.filter(kit=device.kit_id)
              .values("log", "identity").annotate(newest=Max("seq")).order_by()}
    for model, identity in logs:
        last = model.chain_rows(identity).only("seq", "hash").last()
        label = model.chain_label()
        if last is None or newest.get((label, identity), 0) >= last.seq:
            continue
        head = head_sign(private_key=device.private_key, kit=device.kit_id, log=label, identity=identity,
                         seq=last.seq, hash=last.hash, at=now)
        signed.append(HallHead.objects.create(kit=device.kit_id, log=label, identity=identity, seq=last.seq,
                                              hash=last.hash, signed_at=now, signature=head["signature"], head=head))
    if signed:
        events.hall_heads_signed(actor=actor, organization=organization, kit=device.kit_id, heads=signed)
    return signed
