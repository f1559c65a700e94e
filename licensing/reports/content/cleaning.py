"""Cleaning a submitted report document against its schema: every field parsed and bounded, unknown parts and
fields refused, each error keyed by the path it concerns ("games.3.prize"); and the figures a draft may lack but
a submitted report may not."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from core.money import money_value
from licensing.reports.content.schema import (
    BOOL,
    CHOICE,
    COUNT,
    DATE,
    MAX_COUNT,
    MAX_ROWS,
    MONEY,
    SCHEMAS,
    TEXT,
    TEXT_MAX,
    TIME,
    Field,
    Section,
    blank_row,
)


class _Errors:
    def __init__(self):
        self.by_path: dict[str, list[str]] = {}

    def add(self, path: str, message: str) -> None:
        self.by_path.setdefault(path, []).append(str(message))


def _clean_text(value, path: str, errors: _Errors) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        errors.add(path, _("Enter text."))
        return ""
    if "\x00" in value:
        errors.add(path, _("The text holds a NUL character, which no text can hold."))
        return ""
    value = value.strip()
    if len(value) > TEXT_MAX:
        errors.add(path, _("At most %(max)s characters.") % {"max": TEXT_MAX})
    return value


def _clean_count(value, path: str, errors: _Errors):
    if value in (None, ""):
        return None
    if isinstance(value, bool):
        errors.add(path, _("Enter a whole number."))
        return None
    if isinstance(value, str):
        text = value.strip()
        if not text.isascii() or not text.isdigit():
            errors.add(path, _("Write the number with the digits 0 to 9.") if any(c.isdigit() for c in text)
                       and not text.isascii() else _("Enter a whole number, 0 or more."))
            return None
        value = int(text)
    if not isinstance(value, int) or value < 0:
        errors.add(path, _("Enter a whole number, 0 or more."))
        return None
    if value > MAX_COUNT:
        errors.add(path, _("At most %(max)s.") % {"max": f"{MAX_COUNT:,}"})
        return None
    return value


def _clean_money(value, path: str, errors: _Errors):
    if value in (None, ""):
        return None
    try:
        return format(money_value(value), "f")
    except ValidationError as exc:
        errors.add(path, exc.messages[0])
        return None


def _clean_date(value, path: str, errors: _Errors):
    if value in (None, ""):
        return None
    if isinstance(value, dt.date):
        value = value.isoformat()
    if not isinstance(value, str) or not value.isascii() or len(value) != 10:
        errors.add(path, _("Enter a date as YYYY-MM-DD."))
        return None
    try:
        day = dt.date.fromisoformat(value)
    except ValueError:
        errors.add(path, _("Enter a real date as YYYY-MM-DD."))
        return None
    if not 2000 <= day.year <= 2999:
        errors.add(path, _("Enter a date between the years 2000 and 2999."))
        return None
    return day.isoformat()


def _clean_time(value, path: str, errors: _Errors):
    if value in (None, ""):
        return None
    if isinstance(value, dt.time):
        value = value.strftime("%H:%M")
    if not isinstance(value, str) or not value.isascii() or len(value) not in (5, 8):
        errors.add(path, _("Enter a time as HH:MM."))
        return None
    try:
        return dt.time.fromisoformat(value).strftime("%H:%M")
    except ValueError:
        errors.add(path, _("Enter a real time as HH:MM."))
        return None


def _clean_bool(value, path: str, errors: _Errors) -> bool:
    if value in (None, ""):
        return False
    if isinstance(value, bool):
        return value
    if value in ("true", "on", "1", 1):
        return True
    if value in ("false", "off", "0", 0):
        return False
    errors.add(path, _("Answer true or false."))
    return False


def _clean_choice(value, field: Field, path: str, errors: _Errors):
    if value in (None, ""):
        return None
    allowed = [key for key, _label in field.choices]
    if value not in allowed:
        errors.add(path, _("Choose one of: %(choices)s.") % {"choices": ", ".join(allowed)})
        return None
    return value


CLEANERS = {TEXT: _clean_text, COUNT: _clean_count, MONEY: _clean_money, DATE: _clean_date, TIME: _clean_time,
            BOOL: _clean_bool}


def _clean_group(section_: Section, raw, path: str, errors: _Errors, *, row: bool) -> dict:
    if not isinstance(raw, dict):
        errors.add(path, _("Give this part as an object of named fields."))
        return blank_row(section_)
    unknown = sorted(set(raw) - {f.name for f in section_.fields})
    for name in unknown:
        errors.add(f"{path}.{name}", _("No such field in this part of the report."))
    cleaned = {}
    for field in section_.fields:
        value = raw.get(field.name, field.default)
        where = f"{path}.{field.name}"
        if field.type == CHOICE:
            cleaned[field.name] = _clean_choice(value, field, where, errors)
        else:
            cleaned[field.name] = CLEANERS[field.type](value, where, errors)
        if row and field.required and cleaned[field.name] in (None, ""):
            errors.add(where, _("This field is required."))
    return cleaned


def missing_at_submission(kind: str, data: dict) -> list[str]:
    """The paths of the figures a draft may lack and a submitted report may not ("prizes.2.value")."""
    missing = []
    for found in SCHEMAS[kind]:
        needed = [f.name for f in found.fields if f.needed_to_submit]
        if not needed:
            continue
        rows = data.get(found.name) or []
        for index, row in enumerate(rows if found.many else [rows], start=1):
            where = f"{found.name}.{index}" if found.many else found.name
            missing += [f"{where}.{name}" for name in needed if row.get(name) in (None, "")]
    return missing


def clean(kind: str, raw) -> dict:
    """The report document, cleaned; a ValidationError keyed by each bad path ("games.3.prize") otherwise.
    A missing section is its blank; an unknown one is refused."""
    if kind not in SCHEMAS:
        raise ValueError(f"no report of kind {kind!r}")
    errors = _Errors()
    if not isinstance(raw, dict):
        raise ValidationError({"data": [_("Give the report as an object of named parts.")]})
    known = {s.name for s in SCHEMAS[kind]} | {"corrections"}
    for name in sorted(set(raw) - known):
        errors.add(name, _("No such part in this report."))
    data: dict = {}
    for found in SCHEMAS[kind]:
        value = raw.get(found.name, [] if found.many else {})
        if not found.many:
            data[found.name] = _clean_group(found, value, found.name, errors, row=False)
            continue
        if not isinstance(value, list):
            errors.add(found.name, _("Give this part as a list of rows."))
            data[found.name] = []
            continue
        if len(value) > MAX_ROWS:
            errors.add(found.name, _("At most %(max)s rows.") % {"max": MAX_ROWS})
            value = value[:MAX_ROWS]
        data[found.name] = [_clean_group(found, row, f"{found.name}.{index}", errors, row=True)
                            for index, row in enumerate(value, start=1)]
    data["corrections"] = _clean_corrections(raw.get("corrections", {}), errors)
    if errors.by_path:
        raise ValidationError(errors.by_path)
    return data


def _clean_corrections(raw, errors: _Errors) -> dict:
    """{path: reason}: why a figure the live module recorded was changed."""
    if raw in (None, ""):
        return {}
    if not isinstance(raw, dict):
        errors.add("corrections", _("Give the corrections as an object of path: reason."))
        return {}
    cleaned = {}
    for path, reason in raw.items():
        if not isinstance(path, str) or len(path) > 100 or "\x00" in path:
            errors.add("corrections", _("A correction names the figure it corrects, such as games.3.prize."))
            continue
        text = _clean_text(reason, f"corrections.{path}", errors)
        if text:
            cleaned[path] = text
    return cleaned
