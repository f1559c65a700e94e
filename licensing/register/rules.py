"""What a new row of the register must be (pure): a key some rule reads, a value of the key's kind, a citation, and a
period that starts in the future and overlaps no other row of the key. Each problem names the key and the reason.

Never a change to the past: a new value takes effect from tomorrow at the earliest. A row may end (effective_to);
a later row of the same key takes over from its own date. Two rows of one key overlap when one starts inside the
explicit period of the other, or both start the same day (bar an approved future row, which a new approval replaces).
Loading a pack's history into a key the register has never held is the one time a past date is accepted
(`history=True`): it changes nothing that anyone was judged by."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from core.dates import day
from licensing.register.catalog import entry
from licensing.register.kinds import canonical, parse

CITATION_MAX = 120
REASON_MAX = 500


@dataclass(frozen=True)
class Problem:
    field: str
    message: str


@dataclass(frozen=True)
class Existing:
    pk: int | None
    start: dt.date
    end: dt.date | None
    approved: bool


def check_row(
    *, key: str, raw_value, effective_from: dt.date | None, effective_to: dt.date | None, citation: str,
    reason: str, today: dt.date, existing: Iterable[Existing] = (), history: bool = False,
) -> tuple[str | None, list[Problem]]:
    """The canonical value and every problem with a proposed row of `key` (none: it may be written)."""
    known = entry(key) if isinstance(key, str) else None
    if known is None:
        return None, [Problem("key", _("%(key)s is not a number any rule reads; the keys are listed on the Rules and "
                                       "fees page and at /api/v1/public/rules/.") % {"key": key})]
    problems = []
    value = None
    try:
        parsed = parse(known.kind, raw_value)
    except ValueError as exc:
        problems.append(Problem("value", _("The value of %(key)s must be %(expected)s, not %(value)s.") % {
            "key": key, "value": _shown_raw(raw_value), "expected": exc}))
    else:
        if known.minimum is not None and parsed < known.minimum:
            problems.append(Problem("value", _("%(key)s is at least %(minimum)s (%(citation)s).") % {
                "key": key, "minimum": known.minimum, "citation": known.citation}))
        else:
            value = canonical(known.kind, parsed)
    citation = citation.strip() if isinstance(citation, str) else ""
    if not citation:
        problems.append(Problem("citation", _("Give the section that sets %(key)s, such as %(example)s.")
                                % {"key": key, "example": known.citation}))
    elif len(citation) > CITATION_MAX:
        problems.append(Problem("citation", _("The citation of %(key)s is at most %(max)s characters.") % {
            "key": key, "max": CITATION_MAX}))
    if isinstance(reason, str) and len(reason) > REASON_MAX:
        problems.append(Problem("reason", _("The reason for %(key)s is at most %(max)s characters.") % {
            "key": key, "max": REASON_MAX}))
    problems += _period_problems(key=key, start=effective_from, end=effective_to, today=today,
                                 existing=list(existing), history=history)
    return (value if not problems else None), problems


def _period_problems(*, key: str, start: dt.date | None, end: dt.date | None, today: dt.date,
                     existing: list[Existing], history: bool) -> list[Problem]:
    if start is None:
        return [Problem("effective_from", _("Give the day the new value of %(key)s takes effect.") % {"key": key})]
    problems = []
    if start <= today and not (history and not existing):
        problems.append(Problem("effective_from", _(
            "A new value of %(key)s takes effect from a future day (%(earliest)s at the earliest); what was in force "
            "on %(start)s is never changed.") % {"key": key, "earliest": day(today + dt.timedelta(days=1)),
                                              "start": day(start)}))
    if end is not None and end <= start:
        problems.append(Problem("effective_to", _("A value of %(key)s must end after the day it takes effect.") % {
            "key": key}))
    for other in existing:
        if other.start == start and other.approved and other.start > today:
            continue  # a new approval replaces a scheduled value of the same day
        if other.start == start or (other.end is not None and other.start < start < other.end) or (
                end is not None and start < other.start < end):
            problems.append(Problem("effective_from", _(
                "This period of %(key)s overlaps the value from %(other)s%(until)s; end that one first or choose "
                "another day.") % {"key": key, "other": day(other.start),
                                  "until": (_(" until %(end)s") % {"end": day(other.end)}) if other.end else ""}))
            break
    return problems


def by_field(problems: Iterable[Problem]) -> dict[str, list[str]]:
    """The problems' messages by field, as a form and a ValidationError take them."""
    errors: dict[str, list[str]] = {}
    for problem in problems:
        errors.setdefault(problem.field, []).append(problem.message)
    return errors


def _shown_raw(raw) -> str:
    text = str(raw)
    return repr(text[:40]) if len(text) <= 40 else repr(text[:40] + "...")
