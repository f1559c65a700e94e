"""What a kit holds, gathered from the Board's records: the license as it stands for the event's date, the Board's
numbers in force that day, the event's plan (from its app, licensing.hall.kinds) and the keys."""

from __future__ import annotations

import datetime as dt
import secrets
import uuid

from django.conf import settings
from django.utils import timezone

from core import signing
from core.sealing import board_public_key_now
from licensing.hall.document import FORMAT, signed
from licensing.hall.kinds import KitEvent
from licensing.hall.records import kit_records, license_rows
from licensing.licenses.live import license_in_force
from licensing.models import HallKit
from licensing.register import kinds, values
from licensing.register.catalog import BOND, CATALOG, FEE


def license_section(event: KitEvent) -> dict:
    license = event.license
    facts = license_in_force(license, event.date)
    return {"number": facts.number, "type": license.license_type, "class": license.license_class,
            "status": facts.status, "effective_on": facts.effective_on.isoformat(),
            "expires_on": facts.expires_on.isoformat(),
            "suspended_on": facts.suspended_on.isoformat() if facts.suspended_on else None,
            "organization": {"id": license.organization_id, "name": license.organization.name}}


def numbers_on(day: dt.date) -> dict:
    """Every number of the register in force on `day` that a rule at the hall may read (fees and bonds are paid at
    the Board, so they stay out), as the register writes it, with its citation and the day it took effect."""
    found = {}
    for key, known in CATALOG.items():
        if known.group in (FEE, BOND):
            continue
        span = values.span(key, day)
        if span is not None:
            found[key] = {"value": kinds.canonical(known.kind, span.value), "citation": span.citation,
                          "from": span.start.isoformat()}
    return found


def payouts_section(id_base: int) -> dict:
    """How the hall seals the winners' identities at its payout desk and numbers its Forms W-2G: the Board's public
    key for identities (core.sealing: the hall seals to it and cannot read back what it sealed) and the series of
    form numbers that is the kit's alone ("H" and the kit's number in the id spans), apart from the Board's own."""
    return {"identity_key": board_public_key_now(), "form_series": f"H{id_base // HallKit.ID_SPAN}"}


def kit_document(*, event: KitEvent, plan: dict, rows: list, logs: list[dict], id_base: int, device_public_key: str,
                 kit_id: uuid.UUID | None = None, issued_at: dt.datetime | None = None) -> dict:
    """The kit, signed with the Board's key. `chain_key` keys the hash chains of the logs the hall writes: the hall
    must hold it, so it protects nothing from the hall; it lets the Board walk those chains with the code that walks
    its own, while the device's signed heads and the replay are what prove the records (docs/features/hall-mode.md).
    `logs`: the event's logs the Board holds rows of already (a table's opening terms, the ledger of a participant
    registered ahead), as a bundle writes them: the hall installs them as they are and its rows go on from them."""
    board_private = settings.LOG_ANCHOR_SIGNING_KEY
    body = {
        "format": FORMAT,
        "kit": str(kit_id or uuid.uuid4()),
        "issued_at": (issued_at or timezone.now()).isoformat(),
        "event": {"kind": event.kind, "id": event.pk, "title": event.title, "date": event.date.isoformat(),
                  "starts_at": event.starts_at.isoformat(), "ends_at": event.ends_at.isoformat(),
                  "place": event.place, "training": event.training},
        "license": license_section(event),
        "numbers": numbers_on(event.date),
        "plan": plan,
        "records": kit_records([*license_rows(event.license, event.date), *rows]),
        "logs": logs,
        "ids": {"from": id_base, "to": id_base + HallKit.ID_SPAN - 1},
        "device": {"public_key": device_public_key},
        "chain_key": secrets.token_urlsafe(32),
        "payouts": payouts_section(id_base),
        "board_key": signing.public_key_of(board_private),
        "board_url": settings.PUBLIC_BASE_URL,
    }
    return signed(body, board_private)
