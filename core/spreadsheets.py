"""Text bound for a spreadsheet (CSV or XLSX exports)."""

import re

# A spreadsheet runs a cell that starts with one of these as a formula (CSV injection): such text is kept
# as text with a leading apostrophe, the usual guard.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
# Control characters no XLSX cell can hold (and no export needs).
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def spreadsheet_text(value: str) -> str:
    """The text as a cell shows it and never runs it."""
    value = CONTROL.sub("", value)
    return f"'{value}" if value.startswith(FORMULA_START) else value
