"""The pure half of the fee and bond quote (licensing.fees.quotes), without a database (bar the message that names
the multi-hall margin in force): what a request may ask (validate_quote_request), which of the register's keys
applies, and the quote built from the numbers a lookup gives (quote_from_numbers, prorate, multihall_bond). Messages
are pinned word for word: the fee calculator and the API show them as they are, naming the field and the section."""

import datetime
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.core.exceptions import ValidationError

from core.findings import RuleViolation
from licensing.fees.quotes import (
    multihall_bond,
    prorate,
    quote_from_numbers,
    validate_quote_request,
)
from tests.licensing.fees.test_fee_pins import lookup_of

ON = datetime.date(2025, 3, 1)


def request(**changes) -> dict:
    values = {"license_type": "bingo", "license_class": "A", "period": "regular", "senior": False,
              "kind": "original", "highest_prize": None, "on": ON, "base_expires_on": None}
    return {**values, **changes}


def row(amount="100.00", *, rule="rule", period="", senior=False):
    """A fee or bond the Board set for the request's type and class, naming a period and the senior group or not."""
    return SimpleNamespace(amount=Decimal(amount), rule=rule, period=period, senior=senior)


def findings_of(**changes):
    with pytest.raises(RuleViolation) as caught:
        validate_quote_request(**request(**changes))
    return [(f.rule, f.field, f.message) for f in caught.value.findings]


# --- what a request may ask -----------------------------------------------------------------------


def test_unknown_values_are_refused_together_each_naming_its_field_and_the_choices():
    with pytest.raises(ValidationError) as caught:
        validate_quote_request(**request(license_type="poker", period="weekly", kind="transfer"))
    errors = caught.value.error_dict
    assert {name: [(e.code, e.message) for e in errors[name]] for name in errors} == {
        "license_type": [("invalid_choice", "poker is not one of: bingo, raffle, montecarlo, multihall, vendor.")],
        "period": [("invalid_choice", "weekly is not one of: regular, limited.")],
        "kind": [("invalid_choice", "transfer is not one of: original, renewal, amendment.")],
    }
    assert not isinstance(caught.value, RuleViolation)  # unknown values, before any rule is read


@pytest.mark.parametrize(("license_type", "license_class", "rule", "label", "classes"), [
    ("bingo", "1", "30 DCMR 1204.1", "Bingo", "A, B, C, D"),
    ("multihall", "D", "30 DCMR 1414", "Multi-hall bingo", "A, B, C"),
    ("raffle", "A", "30 DCMR 1202.2(n)", "Raffle", "1, 2, 3, 4, 5"),
    ("montecarlo", "3", "30 DCMR 1204.16", "Monte Carlo Night", "1, 2"),
])
def test_a_class_that_does_not_exist_cites_where_the_classes_are_defined(license_type, license_class, rule, label,
                                                                         classes):
    highest = Decimal("100") if license_type == "multihall" else None
    assert findings_of(license_type=license_type, license_class=license_class, highest_prize=highest) == [
        (rule, "license_class",
         f"Class {license_class} does not exist for a {label} license; the classes are {classes}.")]


def test_class_d_bingo_is_for_senior_groups_only():
    assert findings_of(license_class="D") == [
        ("30 DCMR 1204.1, 1201.3", "license_class", "Class D recreational bingo is for senior groups only.")]
    validate_quote_request(**request(license_class="D", senior=True))


@pytest.mark.parametrize(("license_type", "license_class"), [("raffle", "1"), ("montecarlo", "2")])
def test_only_bingo_and_multi_hall_have_a_limited_period(license_type, license_class):
    assert findings_of(license_type=license_type, license_class=license_class, period="limited") == [
        ("30 DCMR 1204.1", "period", "Only bingo and multi-hall bingo licenses have a limited period; choose regular.")]
    validate_quote_request(**request(period="limited"))
    validate_quote_request(**request(license_type="multihall", period="limited", highest_prize=Decimal("1")))


def test_a_class_that_does_not_exist_and_a_limited_raffle_are_both_reported():
    assert [field for _rule, field, _message in findings_of(license_type="raffle", period="limited")] == [
        "license_class", "period"]


@pytest.mark.django_db  # the first message names the margin in force (multihall.bond_margin)
@pytest.mark.parametrize(("highest_prize", "message"), [
    (None, "The multi-hall bond is the highest prize offered plus 15%: give the highest prize."),
    (Decimal("0"), "The highest prize offered must be more than zero."),
    (Decimal("-5"), "The highest prize offered must be more than zero."),
])
def test_the_multi_hall_bond_needs_a_highest_prize_above_zero(highest_prize, message):
    assert findings_of(license_type="multihall", highest_prize=highest_prize) == [
        ("30 DCMR 1414.9", "highest_prize", message)]
    validate_quote_request(**request(license_type="multihall", highest_prize=Decimal("0.01")))


def test_a_multi_hall_license_cannot_outrun_its_base_license():
    assert findings_of(license_type="multihall", highest_prize=Decimal("100"), base_expires_on=ON) == [
        ("30 DCMR 1414", "base_expires_on",
         "A multi-hall license cannot run beyond the base bingo license, which expires on 2025-03-01.")]
    # The day after is one day left; without the date the fee is quoted in full (quote_from_rows).
    validate_quote_request(**request(license_type="multihall", highest_prize=Decimal("100"),
                                     base_expires_on=ON + datetime.timedelta(days=1)))
    # A bingo license has no base license to outrun.
    validate_quote_request(**request(base_expires_on=ON))


# --- which key applies ----------------------------------------------------------------------------


def test_the_period_outranks_the_senior_group_which_outranks_neither():
    rows = [row("1"), row("2", senior=True), row("3", period="regular"), row("4", period="regular", senior=True)]
    assert quote(senior=True, fee_rows=rows).application_fee == 4
    assert quote(senior=True, fee_rows=rows[:3]).application_fee == 3
    assert quote(senior=True, fee_rows=rows[:2]).application_fee == 2
    assert quote(senior=False, fee_rows=rows[:2]).application_fee == 1
    # A senior group's fee is not anyone else's.
    assert quote(senior=False, fee_rows=[row("5", senior=True)]).application_fee is None


# --- the quote from the numbers -------------------------------------------------------------------


def quote(*, fee_rows=(), bond_rows=(), **changes):
    asked = request(**changes)
    return quote_from_numbers(**asked, lookup=lookup_of(asked, fee_rows, bond_rows))


def test_a_fee_row_and_a_bond_row_give_a_quote_that_can_be_filed():
    result = quote(fee_rows=[row("500.00", rule="30 DCMR 1204.1")], bond_rows=[row("5000.00", rule="30 DCMR 1205.2")])
    assert (result.application_fee, result.bond, result.citations, result.notes, result.can_submit) == (
        Decimal("500.00"), Decimal("5000.00"), ["30 DCMR 1204.1", "30 DCMR 1205.2"], [], True)


def test_a_missing_fee_blocks_filing_even_when_the_bond_row_exists():
    result = quote(license_type="raffle", license_class="3", kind="renewal",
                   bond_rows=[row("2000.00", rule="30 DCMR 1205.2")])
    assert result.application_fee is None and result.bond == Decimal("2000.00")
    assert result.citations == ["30 DCMR 1205.2"] and result.can_submit is False
    assert result.notes == ["The Board has not set the Raffle Class 3 renewal fee yet; an application cannot be "
                            "submitted until it does."]


def test_a_missing_bond_row_blocks_filing_even_when_the_fee_row_exists():
    result = quote(license_class="B", fee_rows=[row("250.00", rule="30 DCMR 1204.1")])
    assert result.application_fee == Decimal("250.00") and result.bond is None
    assert result.citations == ["30 DCMR 1204.1"] and result.can_submit is False
    assert result.notes == ["30 DCMR 1205.2: the Board has not set a bond amount for a Bingo Class B license yet; "
                            "an application cannot be submitted until it does."]


def test_neither_row_gives_both_notes():
    result = quote(license_type="montecarlo", license_class="2")
    assert (result.application_fee, result.bond, result.can_submit, len(result.notes)) == (None, None, False, 2)


def test_a_senior_groups_class_d_bingo_has_no_bond_whatever_the_rows_say():
    result = quote(license_class="D", senior=True, fee_rows=[row("0.00", rule="30 DCMR 1204.1")],
                   bond_rows=[row("100.00", rule="30 DCMR 1205.2")])
    assert (result.application_fee, result.bond, result.can_submit) == (Decimal("0.00"), None, True)
    assert result.citations == ["30 DCMR 1204.1", "30 DCMR 1201.3"]
    assert result.notes == ["30 DCMR 1201.3: a senior group's Class D recreational bingo needs no bond."]


def test_a_senior_groups_other_classes_post_the_bond_of_their_row():
    result = quote(license_class="C", senior=True, fee_rows=[row("10.00")], bond_rows=[row("700.00")])
    assert result.bond == Decimal("700.00") and result.can_submit is True


def test_the_bond_row_of_the_period_and_of_senior_groups_applies_to_them():
    bonds = [row("1000.00"), row("300.00", period="limited"), row("200.00", senior=True)]
    assert quote(fee_rows=[row()], bond_rows=bonds).bond == Decimal("1000.00")
    assert quote(period="limited", fee_rows=[row()], bond_rows=bonds).bond == Decimal("300.00")
    assert quote(license_class="C", senior=True, fee_rows=[row()], bond_rows=bonds).bond == Decimal("200.00")


def test_the_regular_multi_hall_fee_is_prorated_and_its_bond_computed():
    result = quote(license_type="multihall", highest_prize=Decimal("1000.00"),
                   base_expires_on=ON + datetime.timedelta(days=73),
                   fee_rows=[row("500.00", rule="30 DCMR 1414")], bond_rows=[row("1.00", rule="ignored")])
    assert (result.application_fee, result.bond) == (Decimal("100.00"), Decimal("1150.00"))
    assert result.citations == ["30 DCMR 1414", "30 DCMR 1414.9"]  # the fee's row and the proration: once
    assert result.notes == [] and result.can_submit is True


def test_without_the_base_expiry_the_regular_multi_hall_fee_is_whole_with_a_note():
    result = quote(license_type="multihall", highest_prize=Decimal("1000.00"), fee_rows=[row("500.00")])
    assert result.application_fee == Decimal("500.00") and result.citations == ["rule", "30 DCMR 1414.9"]
    assert result.notes == ["30 DCMR 1414: the fee is prorated to the days left on the base bingo license; give its "
                            "expiry date to see the prorated fee."]


def test_a_limited_period_multi_hall_fee_is_never_prorated():
    result = quote(license_type="multihall", period="limited", highest_prize=Decimal("1000.00"),
                   base_expires_on=ON + datetime.timedelta(days=73), fee_rows=[row("200.00")])
    assert result.application_fee == Decimal("200.00") and result.notes == []
    assert result.citations == ["rule", "30 DCMR 1414.9"]


@pytest.mark.parametrize(("days_left", "fee"), [(0, "0.00"), (1, "1.37"), (73, "100.00"), (364, "498.63"),
                                                (365, "500.00"), (366, "500.00")])
def test_prorating_is_days_left_over_365_and_never_more_than_the_fee(days_left, fee):
    assert prorate(Decimal("500.00"), on=ON, expires_on=ON + datetime.timedelta(days=days_left)) == Decimal(fee)


@pytest.mark.parametrize(("highest_prize", "bond"), [
    ("0.30", "0.35"),  # 0.345: half up (banker's rounding would give 0.34)
    ("0.10", "0.12"),  # 0.115
    ("1000", "1150.00"),
])
def test_the_multi_hall_bond_is_the_highest_prize_plus_15_percent_half_up(highest_prize, bond):
    assert multihall_bond(Decimal(highest_prize), margin=Decimal("15")) == Decimal(bond)
    assert str(multihall_bond(Decimal(highest_prize), margin=Decimal("15"))) == bond
