"""Money in, one way for the whole project: every amount a person types (portal forms, API bodies) and
every amount a service is handed goes through `parse_money`.

The rules: an optional dollar sign and thousands commas ("$1,250.00" is 1250.00);
ASCII digits only (Python's Decimal() and int() read "١٠" and "１０" as 10, which no one
typing a price means), at most one decimal point and two decimals (refused, never rounded: "1.500" may
be a Spanish thousand and five hundred), no sign unless the caller allows negatives, at most 12 digits
(the DecimalField(max_digits=12, decimal_places=2) every amount is stored in). The result is a Decimal
with two places; a refusal is a ValidationError keyed by the field's name."""

from __future__ import annotations

import re
from decimal import Decimal

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import translation
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

MAX_DIGITS = 12
DECIMAL_PLACES = 2
CENT = Decimal("0.01")
# "$1,250.00" is how people write an amount: a dollar sign and commas between thousands are read, the commas only
# where they group by three ("1,25" is refused, never read as 125).
_AMOUNT = re.compile(r"(?P<sign>-?)(?:\$\s*)?(?P<whole>[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.(?P<fraction>[0-9]+))?")

MESSAGES = {
    "required": _("Enter an amount."),
    "invalid": _("Enter an amount in dollars and cents, such as 12, 12.50 or $1,250.00."),
    "ascii_digits": _("Write the amount with the digits 0 to 9."),
    "cents": _("Enter at most two decimals (cents)."),
    "negative": _("The amount cannot be negative."),
    "max_digits": _("The amount is too large: at most %(digits)d digits before the decimal point."),
}


def _refuse(code: str, **params) -> ValidationError:
    message = MESSAGES[code]
    return ValidationError(message % params if params else message, code=code)


def _text(value) -> str:
    if value is None:
        raise _refuse("required")
    if isinstance(value, (bool, float)):
        # A float has already lost the cents (0.1 + 0.2); a bool is no amount.
        raise _refuse("invalid")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        if not value.is_finite() or value != value.quantize(CENT):
            raise _refuse("invalid" if not value.is_finite() else "cents")
        return format(value.quantize(CENT), "f")
    if isinstance(value, str):
        return value.strip()
    raise _refuse("invalid")


def money_value(value, *, allow_negative: bool = False, max_digits: int = MAX_DIGITS) -> Decimal:
    """The parser itself; its ValidationError carries no field (form and serializer fields use this)."""
    text = _text(value)
    if text == "":
        raise _refuse("required")
    match = _AMOUNT.fullmatch(text)
    if match is None:
        if not text.isascii() and any(character.isdigit() for character in text):
            raise _refuse("ascii_digits")
        raise _refuse("invalid")
    fraction = match["fraction"] or ""
    if len(fraction) > DECIMAL_PLACES:
        raise _refuse("cents")
    whole_digits, whole = max_digits - DECIMAL_PLACES, match["whole"].replace(",", "")
    if len(whole.lstrip("0")) > whole_digits:
        raise _refuse("max_digits", digits=whole_digits)
    amount = Decimal(f"{whole}.{fraction.ljust(DECIMAL_PLACES, '0')}")
    if match["sign"] and amount:
        if not allow_negative:
            raise _refuse("negative")
        amount = -amount
    return amount


def money_text(amount) -> str:
    """An amount as people read it, written one way for the whole site: "$1,234.50", a loss "-$138.00", with
    the active language's separators (reports, findings, charts, PDFs and the money template filter)."""
    value = Decimal(amount)
    shown = number_format(abs(value).quantize(CENT), decimal_pos=DECIMAL_PLACES, force_grouping=True)
    return f"-${shown}" if value < 0 else f"${shown}"


def money_by_language(amount) -> dict[str, str]:
    """The amount as money_text writes it in each of the site's languages (each its own separators): for the
    one websocket message that serves every screen of a hall, each screen showing its own language's text."""
    texts = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            texts[code] = money_text(amount)
    return texts


def parse_money(value, *, field: str, allow_negative: bool = False, max_digits: int = MAX_DIGITS) -> Decimal:
    """`value` (str, int or Decimal) as an amount of money, or a ValidationError {field: message}."""
    try:
        return money_value(value, allow_negative=allow_negative, max_digits=max_digits)
    except ValidationError as exc:
        raise ValidationError({field: exc.error_list}) from None


class MoneyInput(forms.TextInput):
    """A text box, not type="number": a browser's number box refuses "$1,250.00" before the parser reads it."""

    input_type = "text"

    def __init__(self, attrs=None):
        super().__init__({"inputmode": "decimal", "autocomplete": "off", **(attrs or {})})


class MoneyField(forms.DecimalField):
    """The portal's money input: parse_money's rules, the error on the field. Works as a ModelForm's
    `field_classes` entry for a model DecimalField."""

    widget = MoneyInput

    def __init__(self, *, allow_negative: bool = False, max_digits: int = MAX_DIGITS,
                 decimal_places: int = DECIMAL_PLACES, **kwargs):
        self.allow_negative = allow_negative
        if not allow_negative:
            kwargs.setdefault("min_value", Decimal("0"))  # the browser's hint; the parser decides
        super().__init__(max_digits=max_digits, decimal_places=decimal_places, **kwargs)

    def to_python(self, value):
        if value in self.empty_values:
            return None
        return money_value(value, allow_negative=self.allow_negative, max_digits=self.max_digits)


class MoneySerializerField(serializers.DecimalField):
    """The API's money input: parse_money's rules, answered as a 400 naming the field. A JSON number
    is read from its text, so 12.5 and "12.50" are the same amount and 12.505 is refused."""

    def __init__(self, *, allow_negative: bool = False, max_digits: int = MAX_DIGITS,
                 decimal_places: int = DECIMAL_PLACES, **kwargs):
        self.allow_negative = allow_negative
        if not allow_negative:
            kwargs.setdefault("min_value", Decimal("0"))  # documented in the schema; the parser decides
        super().__init__(max_digits=max_digits, decimal_places=decimal_places, **kwargs)

    def to_internal_value(self, data):
        if isinstance(data, float):
            data = repr(data)
        try:
            return money_value(data, allow_negative=self.allow_negative, max_digits=self.max_digits)
        except ValidationError as exc:
            raise serializers.ValidationError(exc.messages, code=exc.code) from None
