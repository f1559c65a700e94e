"""A vendor's certified price list holds for the whole license term (30 DCMR 1207.2(j)): during the term a
new version may change a price, add an item or drop one only through an amendment the Board approved. Before
the term starts, and for the next term, the vendor prices freely. Every version is kept; these rules only say
whether a new one may take effect. Pure functions over plain values."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal

from django.utils.translation import gettext as _

from core.findings import Finding
from core.money import money_text

RULE = "30 DCMR 1207.2(j)"


def price_changes(current: Mapping[str, Decimal], proposed: Mapping[str, Decimal]) -> dict[str, tuple]:
    """What the proposed version changes, by catalogue number: (old price, new price); None for an item that is
    added (old) or dropped (new)."""
    changes = {}
    for number in sorted(set(current) | set(proposed)):
        old, new = current.get(number), proposed.get(number)
        if old != new:
            changes[number] = (old, new)
    return changes


def price_list_findings(*, current: Mapping[str, Decimal], proposed: Mapping[str, Decimal], on: dt.date,
                        term_starts: dt.date, term_ends: dt.date, amendment_approved: bool) -> list[Finding]:
    """Whether the proposed price list may take effect on `on`, within a license term from `term_starts` to
    `term_ends` (both included)."""
    changes = price_changes(current, proposed)
    if not changes or not term_starts <= on <= term_ends or amendment_approved:
        return []
    listed = "; ".join(_describe(number, old, new) for number, (old, new) in changes.items())
    return [Finding(RULE, _(
        "The certified price list holds until the license ends on %(ends)s: %(changes)s can change only through "
        "an amendment the Board approves (30 DCMR 1207.2(j)).") % {"ends": term_ends.isoformat(), "changes": listed},
        field="prices")]


def _describe(number: str, old: Decimal | None, new: Decimal | None) -> str:
    if old is None:
        return _("%(number)s added at %(new)s") % {"number": number, "new": money_text(new)}
    if new is None:
        return _("%(number)s dropped (was %(old)s)") % {"number": number, "old": money_text(old)}
    return _("%(number)s from %(old)s to %(new)s") % {"number": number, "old": money_text(old), "new": money_text(new)}
