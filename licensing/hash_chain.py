"""The hash of one row of an append-only, hash-chained event log (bingo game events,
tournament events): each row stores the hash of the one before it, so an edited or removed
row breaks the chain."""

from __future__ import annotations

import datetime as dt
import hashlib
import json

GENESIS = ""  # the first event of a game chains to nothing


def _canonical_time(value: dt.datetime) -> str:
    # Always UTC, always with microseconds, so the text is the same before and after a DB round trip.
    if value.tzinfo is not None:
        value = value.astimezone(dt.UTC)
    return value.strftime("%Y-%m-%dT%H:%M:%S.%f")


def event_hash(prev_hash: str, seq: int, kind: str, payload: dict, actor_id: int | None,
               created_at: dt.datetime) -> str:
    """sha256 hex of the previous hash + the canonical JSON of the row's content."""
    body = json.dumps(
        {"seq": seq, "kind": kind, "payload": payload, "actor": actor_id, "created_at": _canonical_time(created_at)},
        sort_keys=True, separators=(",", ":"), ensure_ascii=False,
    )
    return hashlib.sha256((prev_hash + body).encode("utf-8")).hexdigest()
