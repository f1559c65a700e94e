"""Whole numbers typed by people (counts, face numbers, chips, days): ASCII digits only.

Django's and DRF's IntegerField call int(), which reads "١٠" (Arabic-Indic), "１０" (fullwidth) and "1_0" (Python's
digit grouping) as 10; these fields refuse any non-ASCII character and the underscore first, then let Django or DRF
do the rest (bounds, messages)."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core.money import MoneySerializerField

ASCII_DIGITS_MESSAGE = _("Write the number with the digits 0 to 9.")


def _not_plain_digits(value) -> bool:
    return isinstance(value, str) and (not value.isascii() or "_" in value)


def require_ascii_digits(value, *, message=ASCII_DIGITS_MESSAGE) -> None:
    if _not_plain_digits(value):
        raise ValidationError(message, code="ascii_digits")


def ascii_int(value) -> int:
    """int() for typed text, refusing digits of other scripts (and "1_0") with the ValueError int() raises."""
    if _not_plain_digits(value):
        raise ValueError(f"{value!r} is not written with the digits 0 to 9")
    return int(value)


class IntegerField(forms.IntegerField):
    """forms.IntegerField that refuses digits of other scripts."""

    def to_python(self, value):
        require_ascii_digits(value)
        return super().to_python(value)


class ModelChoiceField(forms.ModelChoiceField):
    """forms.ModelChoiceField that refuses digits of other scripts in the chosen key ("١" is not row 1)."""

    def to_python(self, value):
        if _not_plain_digits(value):
            raise ValidationError(self.error_messages["invalid_choice"], code="invalid_choice")
        return super().to_python(value)


class ModelMultipleChoiceField(forms.ModelMultipleChoiceField):
    """forms.ModelMultipleChoiceField that refuses digits of other scripts in any chosen key."""

    def _check_values(self, value):
        for key in value:
            if _not_plain_digits(key):
                raise ValidationError(self.error_messages["invalid_choice"], code="invalid_choice",
                                      params={"value": key})
        return super()._check_values(value)


class AsciiDigitsSerializerMixin:
    """For any DRF field that reads a number from text (an integer, a primary key): refuse digits of
    other scripts before the field's own int()."""

    def to_internal_value(self, data):
        try:
            require_ascii_digits(data)
        except ValidationError as exc:
            raise serializers.ValidationError(exc.messages, code=exc.code) from None
        return super().to_internal_value(data)


class IntegerSerializerField(AsciiDigitsSerializerMixin, serializers.IntegerField):
    """serializers.IntegerField that refuses digits of other scripts."""


class AsciiPrimaryKeyField(AsciiDigitsSerializerMixin, serializers.PrimaryKeyRelatedField):
    """A primary key written with the digits 0 to 9: int() would read "١٠" as the id 10 and "1_0" as 10."""


def _strict(field_class):
    return {serializers.IntegerField: IntegerSerializerField, serializers.DecimalField: MoneySerializerField}.get(
        field_class, field_class)


# For a ModelSerializer's `serializer_field_mapping`: the model's integer and money fields become the strict
# fields above and core.money's (ASCII digits; cents, not negative).
STRICT_SERIALIZER_FIELD_MAPPING = {
    model_field: _strict(field_class)
    for model_field, field_class in serializers.ModelSerializer.serializer_field_mapping.items()
}
