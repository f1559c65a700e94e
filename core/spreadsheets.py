"""The one way the project writes a spreadsheet (every CSV and XLSX export): `spreadsheet(headers, rows)`.

Every cell goes through `spreadsheet_cell`, so no export can forget the CSV-injection guard: a text cell that a
spreadsheet would run as a formula (`=HYPERLINK(...)`, `+1`, `-1+2`, `@SUM(1)`, a leading tab or carriage return)
is written as text, with the leading apostrophe OWASP's "CSV Injection" page recommends; numbers, dates and times
stay what they are. tests/core/test_spreadsheet_exports.py checks that no other module writes one."""

import datetime as dt
import re
from collections.abc import Iterable, Sequence

import tablib
from django.utils import timezone
from django.utils.functional import Promise

# A spreadsheet runs a cell that starts with one of these as a formula (CSV injection): such text is kept
# as text with a leading apostrophe, the usual guard.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
# Control characters no XLSX cell can hold (and no export needs).
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def spreadsheet_text(value: str) -> str:
    """The text as a cell shows it and never runs it."""
    value = CONTROL.sub("", value)
    return f"'{value}" if value.startswith(FORMULA_START) else value


def spreadsheet_cell(value):
    """A value as a cell: text never runs as a formula; a moment is the Board's local wall-clock time to the second
    (XLSX has no time zones); numbers, dates and empty cells are left as they are."""
    if isinstance(value, (str, Promise)):
        return spreadsheet_text(str(value))
    if isinstance(value, dt.datetime):
        if timezone.is_aware(value):
            value = timezone.localtime(value).replace(tzinfo=None)
        return value.replace(microsecond=0)
    return value


def spreadsheet(headers: Sequence, rows: Iterable[Sequence], *, title: str | None = None) -> tablib.Dataset:
    """A sheet of `rows` under `headers`, every cell through spreadsheet_cell; `.export("csv")` or `.export("xlsx")`
    writes it."""
    sheet = tablib.Dataset(headers=[spreadsheet_cell(header) for header in headers], title=title)
    for row in rows:
        sheet.append([spreadsheet_cell(value) for value in row])
    return sheet
