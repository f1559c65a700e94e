"""The one way a rule reads a Board number: `value(key, on=day)`, the value in force on that day.

Every fee, bond, cap, deadline and threshold is a dated row of the register (licensing.models.BoardNumber); rules
never hold the figure. A record is judged by the number in force on its own date: a report by its event date, an
application's fee by its submission date. Code that judges one record through many rule functions says its date once
with `as_of(day)`; a rule that is given no date reads the day in force there, else today.

The approved rows are read once into a per-process snapshot (a few hundred rows) and read again when a change
commits in this process, or at most `RECHECK_SECONDS` after another process moved the register's version in the
shared cache. New values only ever take effect from a future day, so a snapshot a few seconds old never gives a
wrong answer about today."""

from __future__ import annotations

import bisect
import contextlib
import contextvars
import datetime as dt
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

from django.core.cache import cache
from django.utils import timezone

from licensing.register.catalog import entry
from licensing.register.kinds import parse

RECHECK_SECONDS = 2.0
VERSION_KEY = "licensing.register.version"

_as_of: contextvars.ContextVar[dt.date | None] = contextvars.ContextVar("register_as_of", default=None)
_lock = threading.Lock()
_snapshot: _Snapshot | None = None


class NumberNotSet(LookupError):
    """No approved row of the key is in force on the day asked about."""

    def __init__(self, key: str, on: dt.date):
        super().__init__(f"The Board's register has no value of {key} in force on {on.isoformat()}.")
        self.key, self.on = key, on


class UnknownKey(KeyError):
    """A key the catalog does not hold: no rule reads it."""


@dataclass(frozen=True)
class Span:
    start: dt.date
    end: dt.date | None  # exclusive; None: until a later row takes over
    value: object
    citation: str
    pk: int


@dataclass
class _Snapshot:
    spans: dict[str, list[Span]]  # by key, sorted by start
    starts: dict[str, list[dt.date]]  # each key's starts, for the bisection (rules read on every check)
    version: object
    checked: float


def today() -> dt.date:
    """The day rules read numbers for when nobody says: the one set by `as_of`, else today."""
    return _as_of.get() or timezone.localdate()


@contextlib.contextmanager
def as_of(day: dt.date | None) -> Iterator[None]:
    """Judge by the numbers in force on `day` inside the block (None: leave the day as it is)."""
    if day is None:
        yield
        return
    token = _as_of.set(day)
    try:
        yield
    finally:
        _as_of.reset(token)


def span(key: str, on: dt.date | None = None) -> Span | None:
    """The approved row of `key` in force on `on` (default `today()`), as a Span; None when none is."""
    if entry(key) is None:
        raise UnknownKey(key)
    on = on or today()
    snapshot = _current()
    spans = snapshot.spans.get(key, [])
    index = bisect.bisect_right(snapshot.starts.get(key, ()), on) - 1
    if index < 0:
        return None
    found = spans[index]
    if found.end is not None and on >= found.end:
        return None
    return found


def value(key: str, on: dt.date | None = None):
    """The value of `key` in force on `on` (default `today()`): a Decimal, an int or a time by the key's kind.
    Raises NumberNotSet when the register holds none for that day."""
    found = span(key, on)
    if found is None:
        raise NumberNotSet(key, on or today())
    return found.value


def value_or_none(key: str, on: dt.date | None = None):
    """The value of `key` in force on `on`, or None when the Board has set none (a fee not yet set)."""
    found = span(key, on)
    return None if found is None else found.value


def citation(key: str, on: dt.date | None = None) -> str:
    """The section the row in force cites (the catalog's when no row is in force)."""
    found = span(key, on)
    return found.citation if found is not None else entry(key).citation


def forget() -> None:
    """Drop this process's snapshot: the next read loads the register again. Called when a change commits here,
    and by the tests between tests (a rolled-back test leaves no rows, but its snapshot would keep them)."""
    global _snapshot
    with _lock:
        _snapshot = None


def changed() -> None:
    """A change committed: forget here, and move the shared version so other processes read again."""
    forget()
    # A cache outage leaves other processes a few seconds stale (RECHECK_SECONDS), never wrong about today.
    with contextlib.suppress(Exception):
        cache.set(VERSION_KEY, time.time_ns(), timeout=None)


def _shared_version():
    try:
        return cache.get(VERSION_KEY)
    except Exception:  # noqa: BLE001
        return None


def _current() -> _Snapshot:
    global _snapshot
    snapshot = _snapshot
    now = time.monotonic()
    if snapshot is not None and now - snapshot.checked < RECHECK_SECONDS:
        return snapshot
    version = _shared_version()
    if snapshot is not None and version == snapshot.version:
        snapshot.checked = now
        return snapshot
    with _lock:
        _snapshot = _load(version)
        return _snapshot


def _load(version) -> _Snapshot:
    from licensing.models.register import BoardNumber, NumberStatus

    spans: dict[str, list[Span]] = {}
    rows = BoardNumber.objects.filter(status=NumberStatus.APPROVED).order_by("key", "effective_from", "pk")
    for pk, key, raw, start, end, cited in rows.values_list(
            "pk", "key", "value", "effective_from", "effective_to", "citation"):
        known = entry(key)
        if known is None:  # a key a later version of the code no longer reads: kept, not read
            continue
        spans.setdefault(key, []).append(Span(start, end, parse(known.kind, raw), cited, pk))
    starts = {key: [found.start for found in rows] for key, rows in spans.items()}
    return _Snapshot(spans=spans, starts=starts, version=version, checked=time.monotonic())
