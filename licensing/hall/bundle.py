"""The bundle a hall sends back (format hall-bundle/1, docs/formats/hall-kit.md): the kit it ran, every row of every
log it wrote, and the heads the device signed. Rows travel as the chain hashes them (core.chain.stored_fields: every
stored field but the id and the hash, by column name, in the canonical text a round trip keeps) plus their hash, so
the Board rebuilds each row unsaved and walks the chain with the code that walks its own logs, keyed by the kit's
chain key."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterable

from django.apps import apps
from django.db import models

from core import chain, signing
from core.models import ChainedEvent
from licensing.audit.scopes import log_scope

FORMAT = "hall-bundle/1"
# The largest bundle the Board takes, in the portal's upload and the API's (a night's is about 4-5 MB of JSON;
# Django's DATA_UPLOAD_MAX_MEMORY_SIZE, 2.5 MB, stays the limit everywhere else).
MAX_BUNDLE_MB = 50
MAX_BUNDLE_BYTES = MAX_BUNDLE_MB * 1024 * 1024


def row_of(row: ChainedEvent) -> dict:
    return {**chain.stored_fields(row), "hash": row.hash}


def log_of(model: type[ChainedEvent], identity: str, rows: Iterable[ChainedEvent]) -> dict:
    return {"log": model.chain_label(), "identity": identity, "rows": [row_of(row) for row in rows]}


def logs_held(scope: str, event_id: int) -> list[tuple[type[ChainedEvent], str, list[ChainedEvent]]]:
    """Every log of the event (the log scope its kind names, licensing.audit.scopes) with its rows in order, as this
    database holds them; a log without rows (a game never started) is left out. What a kit carries of the Board's
    (a table's opening terms, the ledger of a participant registered ahead) and what a hall's bundle sends back."""
    found = []
    for model, identity in log_scope(scope).logs(event_id):
        rows = list(model.chain_rows(identity))
        if rows:
            found.append((model, identity, rows))
    return found


def bundle_of(*, kit: dict, records: list[dict], records_signature: str, logs: list[dict], heads: list[dict]) -> dict:
    return {"format": FORMAT, "kit": kit, "records": records, "records_signature": records_signature, "logs": logs,
            "heads": heads}


def bundle_digest(bundle) -> str:
    """What names a bundle whatever its spacing or the order of its members: the SHA-256 of its canonical JSON (the
    receipt's `digest`, so the hall can tell the Board kept exactly what it sent)."""
    return hashlib.sha256(signing.canonical(bundle)).hexdigest()


class BundleRowError(ValueError):
    """A row of the bundle that cannot be a row of its log (a field the log does not have, a value of the wrong
    shape)."""


def chained_model(label) -> type[ChainedEvent] | None:
    """The log model a bundle names ("bingo.gameevent"); None for anything that is not one of the chained logs."""
    if not isinstance(label, str) or label.count(".") != 1:
        return None
    try:
        model = apps.get_model(label)
    except (LookupError, ValueError):
        return None
    return model if issubclass(model, ChainedEvent) else None


def rebuilt(model: type[ChainedEvent], data) -> ChainedEvent:
    """The row, unsaved, from what the bundle carries: exactly the stored fields the hash covers."""
    if not isinstance(data, dict):
        raise BundleRowError("a row is a JSON object")
    fields = {field.attname: field for field in model._meta.concrete_fields if not field.primary_key}
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise BundleRowError(f"fields the log does not have: {', '.join(unknown)}")
    for name in ("seq", "prev_hash", "hash"):
        if name not in data:
            raise BundleRowError(f"no {name}")
    if not isinstance(data["seq"], int) or isinstance(data["seq"], bool):
        raise BundleRowError("seq is not a whole number")
    return model(**data)


def times_in_utc(row: ChainedEvent) -> ChainedEvent:
    """A rebuilt row made ready to store: a bundle (or a kit) writes its times as UTC without an offset
    (core.chain.stored_fields), which a database would otherwise read in the server's time zone."""
    for field in row._meta.concrete_fields:
        value = getattr(row, field.attname)
        if isinstance(field, models.DateTimeField) and isinstance(value, str):
            setattr(row, field.attname, dt.datetime.fromisoformat(value).replace(tzinfo=dt.UTC))
    return row
