"""The chain every log shares: how a row's hash is computed, how a log's head is locked and read,
and how a log is walked end to end to find the first row that is not what was written.

A row's hash is HMAC-SHA256, keyed by EVENT_LOG_KEY (from the environment; the database never
holds it), over the canonical JSON of: the log's label ("bingo.gameevent"), the log's identity
(which game, tournament or organization), and every stored field of the row but its id and its
own hash — so the sequence number and the previous row's hash are inside it. Whoever can write
to the database but does not hold the key can neither edit a row, forge one, renumber a log nor
move a log to another owner without the walk noticing; what the chain alone cannot see (a log
cut short at its end, a log removed whole) the anchors see (licensing.audit)."""

from __future__ import annotations

import datetime as dt
import decimal
import hashlib
import hmac
import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.conf import settings
from django.db import connection, models

GENESIS = ""  # the first row of a log chains to nothing
WHOLE_LOG = "all"  # the identity of a model that is one single log


@dataclass(frozen=True)
class Head:
    seq: int = 0
    hash: str = GENESIS


@dataclass(frozen=True)
class Problem:
    """The first thing wrong with a log: which log, which row, what."""

    log: str
    identity: str
    seq: int | None
    message: str
    where: str = ""

    def __str__(self) -> str:
        place = self.where or f"{self.log} {self.identity}"
        return f"{place}, seq {self.seq}: {self.message}" if self.seq is not None else f"{place}: {self.message}"


@dataclass
class Walk:
    """What walking one log found: how many rows were good, the head they reach, the kinds in
    order (owners check what a log must start or end with), and the first problem."""

    log: str
    identity: str
    rows: int = 0
    head: Head = field(default_factory=Head)
    first: models.Model | None = None
    last: models.Model | None = None
    hashes: dict[int, str] = field(default_factory=dict)
    problem: Problem | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None

    def take(self, row: models.Model) -> None:
        self.rows += 1
        self.head = Head(row.seq, row.hash)
        self.hashes[row.seq] = row.hash
        self.first = self.first or row
        self.last = row


def identity_of(value) -> str:
    return WHOLE_LOG if value is None else str(value)


def event_log_key() -> bytes:
    key = settings.EVENT_LOG_KEY
    return key.encode("utf-8") if isinstance(key, str) else key


# --- the hash of a row ---


def _canonical(model_field: models.Field, value):
    # Every value as the text it will read back as from any database, so a row hashes the same
    # before it is written and after a round trip (Decimals keep their places, times are UTC).
    if isinstance(model_field, models.JSONField):
        return json.loads(json.dumps(value, cls=model_field.encoder))
    if isinstance(value, dt.datetime):
        if value.tzinfo is not None:
            value = value.astimezone(dt.UTC)
        return value.strftime("%Y-%m-%dT%H:%M:%S.%f")
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, decimal.Decimal):
        places = getattr(model_field, "decimal_places", None)
        return str(value.quantize(decimal.Decimal(1).scaleb(-places)) if places is not None else value)
    if isinstance(value, bool | int | str | float):
        return value
    return str(value)


def stored_fields(instance: models.Model) -> dict:
    """Every stored field of the row but its id and its own hash, by column attribute name.
    Null fields are left out, so a nullable field added to a log later leaves the hashes of the
    rows written before it unchanged (and nulling a field that was set still changes the hash).
    Works on migration-time (historical) models too, which have the fields but not the methods."""
    fields = {}
    for model_field in instance._meta.concrete_fields:
        value = getattr(instance, model_field.attname)
        if model_field.primary_key or model_field.attname == "hash" or value is None:
            continue
        fields[model_field.attname] = _canonical(model_field, value)
    return fields


def row_hash(log: str, identity: str, instance: models.Model, key: bytes | None = None) -> str:
    body = json.dumps({"log": log, "identity": identity, "row": stored_fields(instance)},
                      sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hmac.new(key if key is not None else event_log_key(), body.encode("utf-8"), hashlib.sha256).hexdigest()


# --- appending: one writer per log at a time ---


def lock_log(log: str, identity: str) -> None:
    """Serialize appends to a log that has no owner row to lock (an organization's audit trail,
    the anchors). Must run inside the transaction that appends; the lock is released at its end.
    SQLite allows one writer at a time anyway."""
    if connection.vendor != "postgresql":
        return
    digest = hashlib.sha256(f"{log}:{identity}".encode()).digest()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [int.from_bytes(digest[:8], "big", signed=True)])


def head_of(rows: models.QuerySet) -> Head:
    last = rows.order_by("-seq").values("seq", "hash").first()
    return Head(last["seq"], last["hash"]) if last else Head()


# --- walking a log ---


def walk(log: str, identity: str, rows: Iterable[models.Model], describe: str = "",
         key: bytes | None = None, start: Head | None = None) -> Walk:
    """Check every row in seq order: numbered 1, 2, 3... without a gap, each linked to the hash of
    the one before, each hash the HMAC of what the row holds now. Stops at the first problem.
    `start`: the head the rows go on from, when the rows before it were checked another way (a
    hall's log going on from the rows the Board's kit carried, under another key)."""
    start = start or Head()
    result = Walk(log=log, identity=identity, rows=start.seq, head=start)
    key = key if key is not None else event_log_key()

    def fail(seq, message):
        result.problem = Problem(log, identity, seq, message, describe)
        return result

    for row in rows:
        expected = result.rows + 1
        if row.seq != expected:
            return fail(expected, f"missing row (the next row found is seq {row.seq})" if row.seq > expected
                        else f"row out of place (seq {row.seq} found after seq {result.rows})")
        if row.prev_hash != result.head.hash:
            return fail(row.seq, "link to the previous row broken (a row before it was altered, removed or inserted)")
        if not hmac.compare_digest(row_hash(log, identity, row, key), row.hash):
            return fail(row.seq, "altered or forged row (its hash does not match what it holds)")
        result.take(row)
    return result


def as_stored(log: str, identity: str, rows: Iterable[models.Model]) -> Walk:
    """The log as its table holds it, unchecked: what the checks that compare a log with what was
    recorded about it (its owner row, its anchors, its witnesses) look at once the walk has found it
    broken, so that each says what it sees for itself."""
    result = Walk(log=log, identity=identity)
    for row in rows:
        result.take(row)
    return result


# --- migrations: chaining rows written before a log had its chain ---


def rechain(rows, log: str, identity: str, key: bytes | None = None) -> Head:
    """Number the rows 1..n in the order given, link and hash each, and write the chain columns
    with a queryset update (migration-time models have plain managers; the table's append-only
    trigger must be lifted around this). Returns the new head."""
    head = Head()
    for row in rows:
        row.seq, row.prev_hash = head.seq + 1, head.hash
        row.hash = row_hash(log, identity, row, key)
        type(row)._base_manager.filter(pk=row.pk).update(seq=row.seq, prev_hash=row.prev_hash, hash=row.hash)
        head = Head(row.seq, row.hash)
    return head
