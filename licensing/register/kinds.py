"""The kinds of a Board number, and how each is read from text and written back (pure).

A number is stored as canonical text (`BoardNumber.value`): money "1234.50", a count "4", days "45", a time "09:00",
a percent "15". `parse` accepts what a person or a pack writes (an int, a Decimal, "$1,234.50", "9:00") and raises
ValueError with a sentence naming what was expected; `canonical` writes the stored form back."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal, InvalidOperation

from django.utils.translation import gettext as _

from core.money import money_text

MONEY, COUNT, DAYS, MONTHS, YEARS, TIME, PERCENT, AGE = (
    "money", "count", "days", "months", "years", "time", "percent", "age")
KINDS = (MONEY, COUNT, DAYS, MONTHS, YEARS, TIME, PERCENT, AGE)
WHOLE = frozenset({COUNT, DAYS, MONTHS, YEARS, AGE})
CENT = Decimal("0.01")
_TIME = re.compile(r"^([0-9]{1,2}):([0-9]{2})$")
_DECIMAL = re.compile(r"^[0-9]{1,10}(?:\.[0-9]{1,4})?$")  # ASCII digits only: "２０" is no number here
_MAX_TEXT = 40


def parse(kind: str, raw) -> Decimal | int | dt.time:
    """The value `raw` means for a number of this kind; ValueError (a sentence) when it means none."""
    if isinstance(raw, bool) or raw is None:
        raise ValueError(_expected(kind))
    if kind == TIME:
        if isinstance(raw, dt.time):
            return raw.replace(second=0, microsecond=0)
        match = _TIME.match(str(raw).strip())
        if not match or int(match[1]) > 23 or int(match[2]) > 59:
            raise ValueError(_expected(kind))
        return dt.time(int(match[1]), int(match[2]))
    text = str(raw).strip().replace(",", "")
    if kind == MONEY:
        text = text.removeprefix("$")
    elif kind == PERCENT:
        text = text.removesuffix("%").strip()
    if len(text) > _MAX_TEXT or not _DECIMAL.match(text):
        raise ValueError(_expected(kind))
    try:
        number = Decimal(text)
    except InvalidOperation:  # pragma: no cover  (the pattern admits only what Decimal reads)
        raise ValueError(_expected(kind)) from None
    if kind in WHOLE:
        if number != number.to_integral_value():
            raise ValueError(_expected(kind))
        return int(number)
    if kind == MONEY:
        if number != number.quantize(CENT):
            raise ValueError(_expected(kind))
        return number.quantize(CENT)
    if kind == PERCENT:
        if number > 100:
            raise ValueError(_("a percent is at most 100"))
        return Decimal(int(number)) if number == number.to_integral_value() else number  # 10, never 1E+1
    raise ValueError(_("unknown kind %(kind)s") % {"kind": kind})


def canonical(kind: str, value) -> str:
    """The stored text of a parsed value."""
    if kind == TIME:
        return value.strftime("%H:%M")
    if kind == MONEY:
        return str(value.quantize(CENT))
    if kind == PERCENT:
        return str(int(value)) if value == value.to_integral_value() else format(value.normalize(), "f")
    return str(int(value))


def shown(kind: str, value) -> str:
    """A value as a person reads it: "$1,234.50", "45 days", "09:00", "15%"."""
    if kind == MONEY:
        return money_text(value)
    if kind == TIME:
        return value.strftime("%H:%M")
    if kind == PERCENT:
        return f"{canonical(kind, value)}%"
    if kind == DAYS:
        return _("%(count)s days") % {"count": value} if value != 1 else _("1 day")
    if kind == MONTHS:
        return _("%(count)s months") % {"count": value} if value != 1 else _("1 month")
    if kind in (YEARS, AGE):
        return _("%(count)s years") % {"count": value} if value != 1 else _("1 year")
    return str(value)


def _expected(kind: str) -> str:
    return {
        MONEY: _("an amount in dollars and cents, such as 500.00"),
        TIME: _("a time of day as HH:MM, such as 09:00"),
        PERCENT: _("a percent from 0 to 100, such as 15"),
    }.get(kind, _("a whole number, such as 10"))
