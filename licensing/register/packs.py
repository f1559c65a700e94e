"""Rule packs: the whole register as one TOML file a person reads, diffs and reviews (pure, bar reading the file).

    [pack]
    name = "District of Columbia"
    regulation = "30 DCMR"

    [[number]]
    key = "bingo.game_prize_cap.class_abc"
    value = "2000.00"
    from = 2000-01-01
    citation = "30 DCMR 1408.1"
    reason = "The text's figure."

`to` (exclusive) is optional. Values are written as text ("2000.00", "09:00", "45") so that no figure passes through a
float; a bare integer is read too. `read_pack` refuses a file with an unknown table, an unknown field, a key no rule
reads, a value of the wrong kind or a row without a citation, naming the row and the key; `diff` compares a pack
with the register's approved rows and says which of its rows would change the past."""

from __future__ import annotations

import datetime as dt
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import tomli_w
from django.utils.translation import gettext as _

from licensing.register.catalog import entry
from licensing.register.kinds import canonical, parse

PACK_FIELDS = frozenset({"name", "jurisdiction", "regulation", "description"})
ROW_FIELDS = frozenset({"key", "value", "from", "to", "citation", "reason"})
SAME, ADDED, CHANGED, PAST = "same", "added", "changed", "refused"


class PackError(ValueError):
    """A pack that cannot be read; `problems` lists every reason, each naming its row and key."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class PackRow:
    key: str
    value: str  # canonical text
    start: dt.date
    end: dt.date | None
    citation: str
    reason: str = ""


@dataclass
class Pack:
    name: str
    rows: list[PackRow]
    meta: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Stored:
    """An approved row of the register, as the diff needs it."""

    pk: int
    key: str
    value: str
    start: dt.date
    end: dt.date | None
    citation: str


@dataclass(frozen=True)
class Change:
    status: str  # SAME, ADDED, CHANGED or PAST
    row: PackRow
    stored: Stored | None = None
    why: str = ""


def read_pack(path: Path | str) -> Pack:
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise PackError([_("%(path)s is not a TOML file: %(error)s") % {"path": path, "error": exc}]) from None
    return pack_from_data(data)


def pack_from_data(data: dict) -> Pack:
    problems = [_("Unknown table [%(name)s]: a pack has [pack] and [[number]] rows.") % {"name": name}
                for name in data if name not in ("pack", "number")]
    meta = data.get("pack", {})
    if not isinstance(meta, dict) or not isinstance(meta.get("name"), str) or not meta["name"].strip():
        problems.append(_("[pack] needs a name."))
        meta = meta if isinstance(meta, dict) else {}
    problems += [_("Unknown field %(name)s in [pack].") % {"name": name} for name in meta if name not in PACK_FIELDS]
    rows, seen = [], set()
    numbers = data.get("number", [])
    if not isinstance(numbers, list):
        numbers, problems = [], [*problems, _("number must be a list of [[number]] rows.")]
    for index, raw in enumerate(numbers, start=1):
        row, row_problems = _row(index, raw)
        problems += row_problems
        if row is not None:
            if (row.key, row.start) in seen:
                problems.append(_("Row %(index)s, %(key)s: a second row from %(start)s.") % {
                    "index": index, "key": row.key, "start": row.start.isoformat()})
            seen.add((row.key, row.start))
            rows.append(row)
    if problems:
        raise PackError(problems)
    return Pack(name=meta["name"].strip(), rows=rows, meta=dict(meta))


def _row(index: int, raw) -> tuple[PackRow | None, list[str]]:
    if not isinstance(raw, dict):
        return None, [_("Row %(index)s is not a table.") % {"index": index}]
    key = raw.get("key")
    where = _("Row %(index)s, %(key)s") % {"index": index, "key": key}
    problems = [_("%(where)s: unknown field %(name)s.") % {"where": where, "name": name}
                for name in raw if name not in ROW_FIELDS]
    known = entry(key) if isinstance(key, str) else None
    if known is None:
        return None, [*problems, _("%(where)s: not a number any rule reads.") % {"where": where}]
    value = None
    try:
        parsed = parse(known.kind, raw.get("value"))
    except ValueError as exc:
        problems.append(_("%(where)s: the value must be %(expected)s.") % {"where": where, "expected": exc})
    else:
        if known.minimum is not None and parsed < known.minimum:
            problems.append(_("%(where)s: the value is at least %(minimum)s (%(citation)s).") % {
                "where": where, "minimum": known.minimum, "citation": known.citation})
        else:
            value = canonical(known.kind, parsed)
    start, end = raw.get("from"), raw.get("to")
    if not isinstance(start, dt.date) or isinstance(start, dt.datetime):
        problems.append(_("%(where)s: from must be a date, such as 2027-01-01.") % {"where": where})
    if end is not None and (not isinstance(end, dt.date) or isinstance(end, dt.datetime)):
        problems.append(_("%(where)s: to must be a date, such as 2027-01-01.") % {"where": where})
    elif end is not None and isinstance(start, dt.date) and end <= start:
        problems.append(_("%(where)s: to must come after from.") % {"where": where})
    citation = raw.get("citation")
    if not isinstance(citation, str) or not citation.strip():
        problems.append(_("%(where)s: a citation is required.") % {"where": where})
    reason = raw.get("reason", "")
    if not isinstance(reason, str):
        problems.append(_("%(where)s: the reason is text.") % {"where": where})
    if problems:
        return None, problems
    return PackRow(key=key, value=value, start=start, end=end, citation=citation.strip(), reason=reason.strip()), []


def write_pack(pack: Pack) -> str:
    """The pack as TOML text, rows in key order then date order."""
    meta = {"name": pack.name, **{k: v for k, v in pack.meta.items() if k in PACK_FIELDS and k != "name"}}
    numbers = []
    for row in sorted(pack.rows, key=lambda r: (r.key, r.start)):
        item = {"key": row.key, "value": row.value, "from": row.start}
        if row.end is not None:
            item["to"] = row.end
        item["citation"] = row.citation
        if row.reason:
            item["reason"] = row.reason
        numbers.append(item)
    return tomli_w.dumps({"pack": meta, "number": numbers})


def diff(pack: Pack, stored: Iterable[Stored], *, today: dt.date) -> list[Change]:
    """Each pack row against the register's approved rows. A row that differs from what the register says about a day
    up to today is refused: a pack never changes the past. A key the register has never held takes the pack's whole
    history (nobody was judged by it)."""
    by_start = {(s.key, s.start): s for s in stored}
    held = {key for key, _start in by_start}
    changes = []
    for row in pack.rows:
        current = by_start.get((row.key, row.start))
        if current is not None:
            if (current.value, current.end, current.citation) == (row.value, row.end, row.citation):
                changes.append(Change(SAME, row, current))
            elif row.start > today:
                changes.append(Change(CHANGED, row, current))
            else:
                changes.append(Change(PAST, row, current, _(
                    "%(key)s from %(start)s is %(old)s in the register; a pack cannot change a value already in "
                    "force.") % {"key": row.key, "start": row.start.isoformat(), "old": current.value}))
        elif row.start > today or row.key not in held:
            changes.append(Change(ADDED, row))
        else:
            changes.append(Change(PAST, row, None, _(
                "%(key)s from %(start)s would change what was in force since then; a new value starts tomorrow at "
                "the earliest.") % {"key": row.key, "start": row.start.isoformat()}))
    return changes
