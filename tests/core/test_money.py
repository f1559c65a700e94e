"""One money parser (core.money): ASCII digits, cents, no sign, 12 digits; refusals name the field."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from core.money import MoneyField, MoneySerializerField, parse_money
from core.numbers import IntegerField, IntegerSerializerField, ascii_int

ARABIC_TEN, FULLWIDTH_TEN, DEVANAGARI_FIVE = "١٠", "１０", "५"


@pytest.mark.parametrize(("typed", "amount"), [
    ("10", "10.00"), ("10.5", "10.50"), (" 7.25 ", "7.25"), ("0", "0.00"), ("0.01", "0.01"), (12, "12.00"),
    (Decimal("4.00"), "4.00"), (Decimal("1.500"), "1.50"), ("9999999999.99", "9999999999.99"),
    ("$1,250.00", "1250.00"), ("1,000", "1000.00"), ("$5", "5.00"), ("$ 12.5", "12.50"), ("$9,999,999,999.99",
                                                                                           "9999999999.99"),
])
def test_amounts_read_as_dollars_and_cents(typed, amount):
    parsed = parse_money(typed, field="prize")
    assert parsed == Decimal(amount) and parsed.as_tuple().exponent == -2


@pytest.mark.parametrize(("typed", "code"), [
    (ARABIC_TEN, "ascii_digits"), (FULLWIDTH_TEN, "ascii_digits"), (f"{DEVANAGARI_FIVE}.00", "ascii_digits"),
    ("-5", "negative"), ("-0.01", "negative"), ("10.505", "cents"), ("1.500", "cents"), (Decimal("1.005"), "cents"),
    ("99999999999", "max_digits"), ("+5", "invalid"), ("1e3", "invalid"), ("1,00", "invalid"), ("1,0000", "invalid"),
    ("$$5", "invalid"), ("5$", "invalid"), ("1,250,00", "invalid"), ("$1,250.005", "cents"),
    ("NaN", "invalid"), ("Infinity", "invalid"), (Decimal("NaN"), "invalid"), (1.5, "invalid"), (True, "invalid"),
    ("", "required"), (None, "required"), ("1.2.3", "invalid"),
])
def test_refusals_name_the_field_and_never_round(typed, code):
    with pytest.raises(ValidationError) as exc:
        parse_money(typed, field="ticket_price")
    [error] = exc.value.error_dict["ticket_price"]
    assert error.code == code


def test_a_dollar_sign_and_thousands_commas_in_the_portal_and_the_api():
    from rest_framework import serializers

    assert MoneyField().clean("$1,250.00") == Decimal("1250.00")
    assert MoneySerializerField().run_validation("$1,250.00") == Decimal("1250.00")
    assert 'type="text"' in MoneyField().widget.render("amount", "") and 'inputmode="decimal"' in \
        MoneyField().widget.render("amount", "")
    with pytest.raises(ValidationError):
        MoneyField().clean("$1,25.00")
    with pytest.raises(serializers.ValidationError):
        MoneySerializerField().run_validation("$12,50")
    with pytest.raises(ValidationError):
        parse_money("-$1,250.00", field="amount")  # still no negative unless asked
    assert parse_money("-$1,250.00", field="adjustment", allow_negative=True) == Decimal("-1250.00")


def test_negatives_only_when_the_caller_asks():
    assert parse_money("-5.25", field="adjustment", allow_negative=True) == Decimal("-5.25")


def test_the_portal_field_and_the_api_field_follow_the_parser():
    field = MoneyField(max_digits=8)
    assert field.clean("4.50") == Decimal("4.50")
    for typed in (ARABIC_TEN, FULLWIDTH_TEN, "-1", "1.001", "1000000.00"):
        with pytest.raises(ValidationError):
            field.clean(typed)
    assert MoneyField(required=False).clean("") is None

    from rest_framework import serializers

    api = MoneySerializerField()
    assert api.run_validation(12.5) == Decimal("12.50")  # a JSON number, read from its text
    assert api.run_validation("12.50") == Decimal("12.50")
    for typed in (ARABIC_TEN, "-1", 12.505, "1e3", [], {}):
        with pytest.raises(serializers.ValidationError):
            api.run_validation(typed)


def test_counts_refuse_digits_of_other_scripts():
    from rest_framework import serializers

    assert IntegerField().clean("12") == 12
    with pytest.raises(ValidationError) as exc:
        IntegerField().clean(ARABIC_TEN)
    assert exc.value.code == "ascii_digits"
    assert IntegerSerializerField().run_validation("12") == 12
    with pytest.raises(serializers.ValidationError):
        IntegerSerializerField().run_validation(FULLWIDTH_TEN)
    assert ascii_int("7") == 7
    with pytest.raises(ValueError):
        ascii_int(ARABIC_TEN)
    for grouped in ("1_0", "1_000"):  # Python's int() reads these as 10 and 1000: a person did not mean that
        with pytest.raises(ValueError):
            ascii_int(grouped)
        with pytest.raises(ValidationError):
            IntegerField().clean(grouped)
        with pytest.raises(serializers.ValidationError):
            IntegerSerializerField().run_validation(grouped)
