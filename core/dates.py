"""Dates typed by people: ASCII digits only.

Django's date parsing (datetime.strptime, date.fromisoformat) reads "٢٠١٠-06-01" (Arabic-Indic digits) as
2010-06-01; these fields refuse any non-ASCII character first, then let Django or DRF parse the date (a year
past 9999 is refused there as a date that does not exist)."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.core.exceptions import ValidationError
from django.utils import formats, timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core.numbers import require_ascii_digits

ASCII_DATE_MESSAGE = _("Write the date with the digits 0 to 9, as YYYY-MM-DD.")


def day(value: dt.date) -> str:
    """A day as the reader's language writes it (the page, the mail and the message alike; never ISO)."""
    return formats.date_format(value, "DATE_FORMAT")


def when(moment: dt.datetime) -> str:
    """A moment as the reader's language writes it, in the Board's time zone."""
    return formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT")


def require_ascii(value) -> None:
    require_ascii_digits(value, message=ASCII_DATE_MESSAGE)


class DateField(forms.DateField):
    """forms.DateField that refuses digits of other scripts."""

    def to_python(self, value):
        require_ascii(value)
        return super().to_python(value)


class DateSerializerField(serializers.DateField):
    """serializers.DateField that refuses digits of other scripts."""

    def to_internal_value(self, value):
        try:
            require_ascii(value)
        except ValidationError as exc:
            raise serializers.ValidationError(exc.messages, code=exc.code) from None
        return super().to_internal_value(value)
