"""licensing/fees/quotes.py pinned exactly (30 DCMR 1204, 1205, 1414): every branch, every figure, every citation and
note, at the edges of each limit, so a change to any line of it fails a test here."""

import datetime as dt
from decimal import Decimal
from types import SimpleNamespace

import pytest
import time_machine
from django.core.exceptions import ValidationError

from core.findings import Finding, RuleViolation
from licensing.fees import quotes as fees
from licensing.fees.quotes import (
    CLASS_RULES,
    MULTIHALL_BOND_MARGIN,
    FeeQuote,
    bond_keys,
    fee_keys,
    fee_quote,
    multihall_bond,
    pick_number,
    prorate,
    quote_from_numbers,
    validate_quote_request,
)
from licensing.register.catalog import bond_key, fee_key
from tests.licensing.factories import board_number

ON = dt.date(2025, 3, 1)
BEFORE, AFTER = ON - dt.timedelta(days=1), ON + dt.timedelta(days=1)
FIFTEEN = Decimal("15")  # the margin 30 DCMR 1414.9 gives (the register's multihall.bond_margin)


def row(amount, rule="fee rule", *, period="", senior=False):
    """A fee or bond the Board set for the request's type and class, naming a period and the senior group or not."""
    return SimpleNamespace(amount=Decimal(amount), rule=rule, period=period, senior=senior)


def lookup_of(request: dict, fee_rows=(), bond_rows=()):
    """The register as the pure quote reads it: the rows' keys, and the multi-hall margin."""
    table = {MULTIHALL_BOND_MARGIN: SimpleNamespace(value=FIFTEEN, citation="30 DCMR 1414.9")}
    kind, cls, license_type = request["kind"], request["license_class"], request["license_type"]
    for r in fee_rows:
        table[fee_key(license_type, cls, kind, r.period or None, r.senior)] = SimpleNamespace(value=r.amount,
                                                                                              citation=r.rule)
    for r in bond_rows:
        table[bond_key(license_type, cls, r.period or None, r.senior)] = SimpleNamespace(value=r.amount,
                                                                                         citation=r.rule)
    return table.get


def validate(**kwargs):
    values = {"license_type": "bingo", "license_class": "A", "period": "regular", "senior": False,
              "kind": "original", "highest_prize": None, "on": ON, "base_expires_on": None, **kwargs}
    return validate_quote_request(**values)


def findings_of(**kwargs) -> list[Finding]:
    with pytest.raises(RuleViolation) as caught:
        validate(**kwargs)
    return caught.value.findings


def quote(fee_rows=(), bond_rows=(), **kwargs) -> FeeQuote:
    values = {"license_type": "bingo", "license_class": "A", "period": "regular", "senior": False,
              "kind": "original", "highest_prize": None, "on": ON, "base_expires_on": None, **kwargs}
    return quote_from_numbers(lookup=lookup_of(values, fee_rows, bond_rows), **values)


def test_the_constants():
    assert Decimal("0.01") == fees.CENT and fees.DAYS_IN_YEAR == 365
    assert fees.MULTIHALL_BOND_MARGIN == "multihall.bond_margin"
    assert CLASS_RULES == {"bingo": "30 DCMR 1204.1", "multihall": "30 DCMR 1414", "raffle": "30 DCMR 1202.2(n)",
                           "montecarlo": "30 DCMR 1204.16", "vendor": "30 DCMR 1207.2(k)"}


# --- validate_quote_request ---

def test_unknown_values_are_each_refused_with_the_choices_before_any_rule():
    with pytest.raises(ValidationError) as caught:
        validate(license_type="poker", license_class="Z", period="weekly", kind="transfer")
    assert not isinstance(caught.value, RuleViolation)
    assert {field: [(e.message, e.code) for e in errors] for field, errors in caught.value.error_dict.items()} == {
        "license_type": [("poker is not one of: bingo, raffle, montecarlo, multihall, vendor.", "invalid_choice")],
        "period": [("weekly is not one of: regular, limited.", "invalid_choice")],
        "kind": [("transfer is not one of: original, renewal, amendment.", "invalid_choice")],
    }


@pytest.mark.parametrize(("license_type", "license_class", "label", "classes"), [
    ("bingo", "1", "Bingo", "A, B, C, D"), ("multihall", "D", "Multi-hall bingo", "A, B, C"),
    ("raffle", "A", "Raffle", "1, 2, 3, 4, 5"), ("montecarlo", "3", "Monte Carlo Night", "1, 2"),
])
def test_a_class_that_does_not_exist_cites_where_the_classes_are(license_type, license_class, label, classes):
    extra = {"highest_prize": Decimal("1")} if license_type == "multihall" else {}
    assert findings_of(license_type=license_type, license_class=license_class, **extra) == [Finding(
        CLASS_RULES[license_type],
        f"Class {license_class} does not exist for a {label} license; the classes are {classes}.",
        field="license_class")]


def test_class_d_is_for_senior_groups_and_only_for_bingo():
    assert findings_of(license_class="D") == [Finding(
        "30 DCMR 1204.1, 1201.3", "Class D recreational bingo is for senior groups only.", field="license_class")]
    assert validate(license_class="D", senior=True) is None
    # A class that does not exist is named once, not also as Class D.
    assert [f.rule for f in findings_of(license_class="Z")] == ["30 DCMR 1204.1"]


@pytest.mark.parametrize(("license_type", "license_class", "refused"), [
    ("raffle", "1", True), ("montecarlo", "2", True), ("bingo", "A", False), ("multihall", "A", False)])
def test_only_bingo_and_multihall_have_a_limited_period(license_type, license_class, refused):
    extra = {"highest_prize": Decimal("1")} if license_type == "multihall" else {}
    if refused:
        assert findings_of(license_type=license_type, license_class=license_class, period="limited") == [Finding(
            "30 DCMR 1204.1", "Only bingo and multi-hall bingo licenses have a limited period; choose regular.",
            field="period")]
    else:
        assert validate(license_type=license_type, license_class=license_class, period="limited", **extra) is None


@pytest.mark.django_db  # the message names the margin in force (multihall.bond_margin)
@pytest.mark.parametrize(("highest_prize", "message"), [
    (None, "The multi-hall bond is the highest prize offered plus 15%: give the highest prize."),
    (Decimal("0"), "The highest prize offered must be more than zero."),
    (Decimal("-5"), "The highest prize offered must be more than zero."),
    (Decimal("0.01"), None),
])
def test_the_multihall_highest_prize_is_given_and_more_than_zero(highest_prize, message):
    if message is None:
        assert validate(license_type="multihall", highest_prize=highest_prize) is None
    else:
        assert findings_of(license_type="multihall", highest_prize=highest_prize) == [
            Finding("30 DCMR 1414.9", message, field="highest_prize")]


@pytest.mark.parametrize(("expires_on", "refused"), [(BEFORE, True), (ON, True), (AFTER, False), (None, False)])
def test_a_multihall_license_needs_a_base_license_still_running_tomorrow(expires_on, refused):
    kwargs = {"license_type": "multihall", "highest_prize": Decimal("100"), "base_expires_on": expires_on}
    if refused:
        assert findings_of(**kwargs) == [Finding(
            "30 DCMR 1414", f"A multi-hall license cannot run beyond the base bingo license, which expires on "
            f"{expires_on.isoformat()}.", field="base_expires_on")]
    else:
        assert validate(**kwargs) is None
    # The base expiry only matters to a multi-hall license.
    assert validate(base_expires_on=BEFORE) is None


@pytest.mark.django_db  # the message names the margin in force (multihall.bond_margin)
def test_every_refusal_of_one_request_is_named_together_in_order():
    found = findings_of(license_type="multihall", license_class="D", period="limited", base_expires_on=ON)
    assert [(f.rule, f.field) for f in found] == [("30 DCMR 1414", "license_class"),
                                                  ("30 DCMR 1414.9", "highest_prize"),
                                                  ("30 DCMR 1414", "base_expires_on")]
    found = findings_of(license_type="raffle", license_class="9", period="limited")
    assert [f.field for f in found] == ["license_class", "period"]


# --- quote_from_numbers ---

def test_a_fee_and_a_bond_row_give_both_with_their_citations():
    assert quote([row("500.00", "30 DCMR 1204.1")], [row("2500.00", "30 DCMR 1205.2")]) == FeeQuote(
        application_fee=Decimal("500.00"), bond=Decimal("2500.00"), citations=["30 DCMR 1204.1", "30 DCMR 1205.2"],
        notes=[], can_submit=True)


def test_the_same_citation_twice_is_cited_once():
    assert quote([row("1", "same")], [row("2", "same")]).citations == ["same"]


def test_without_a_fee_row_nothing_can_be_submitted():
    assert quote([], [row("2500.00", "30 DCMR 1205.2")], license_type="montecarlo", license_class="2",
                 kind="renewal") == FeeQuote(
        application_fee=None, bond=Decimal("2500.00"), citations=["30 DCMR 1205.2"],
        notes=["The Board has not set the Monte Carlo Night Class 2 renewal fee yet; an application cannot be "
               "submitted until it does."], can_submit=False)


def test_without_a_bond_row_nothing_can_be_submitted():
    assert quote([row("250.00", "30 DCMR 1204.1")], [], license_class="B") == FeeQuote(
        application_fee=Decimal("250.00"), bond=None, citations=["30 DCMR 1204.1"],
        notes=["30 DCMR 1205.2: the Board has not set a bond amount for a Bingo Class B license yet; an "
               "application cannot be submitted until it does."], can_submit=False)


def test_without_either_row_both_notes_fee_first():
    result = quote([], [], license_type="raffle", license_class="3")
    assert result.application_fee is None and result.bond is None and result.citations == []
    assert [note.split(" ")[:4] for note in result.notes] == [["The", "Board", "has", "not"],
                                                              ["30", "DCMR", "1205.2:", "the"]]
    assert result.can_submit is False


def test_a_senior_groups_class_d_needs_no_bond_even_with_a_bond_row():
    assert quote([row("0.00", "30 DCMR 1204.1")], [row("9.00", "bond")], license_class="D", senior=True) == FeeQuote(
        application_fee=Decimal("0.00"), bond=None, citations=["30 DCMR 1204.1", "30 DCMR 1201.3"],
        notes=["30 DCMR 1201.3: a senior group's Class D recreational bingo needs no bond."], can_submit=True)
    # Class D is a senior group's alone (fee_quote refuses anyone else, 1204.1): the register has no Class D bond key.
    # A senior group's Class C is bonded like anyone's.
    assert quote([row("10.00")], [row("9.00", "bond")], license_class="C", senior=True).bond == Decimal("9.00")


def test_a_regular_multihall_fee_is_prorated_and_its_bond_computed_whatever_the_bond_rows():
    result = quote([row("500.00", "30 DCMR 1414")], [row("1.00", "ignored")], license_type="multihall",
                   highest_prize=Decimal("10000"), base_expires_on=ON + dt.timedelta(days=73))
    assert result == FeeQuote(application_fee=Decimal("100.00"), bond=Decimal("11500.00"),
                              citations=["30 DCMR 1414", "30 DCMR 1414.9"], notes=[], can_submit=True)
    other_rule = quote([row("500.00", "board row")], [], license_type="multihall", highest_prize=Decimal("1"),
                       base_expires_on=ON + dt.timedelta(days=73))
    assert other_rule.citations == ["board row", "30 DCMR 1414", "30 DCMR 1414.9"]


def test_without_the_base_expiry_the_full_multihall_fee_and_a_note():
    result = quote([row("250.00", "board row")], [], license_type="multihall", license_class="B",
                   highest_prize=Decimal("100"))
    assert result == FeeQuote(
        application_fee=Decimal("250.00"), bond=Decimal("115.00"), citations=["board row", "30 DCMR 1414.9"],
        notes=["30 DCMR 1414: the fee is prorated to the days left on the base bingo license; give its expiry date "
               "to see the prorated fee."], can_submit=True)


def test_a_limited_period_multihall_fee_is_never_prorated():
    result = quote([row("200.00", "board row", period="limited")], [], license_type="multihall", period="limited",
                   highest_prize=Decimal("100"), base_expires_on=ON + dt.timedelta(days=1))
    assert result == FeeQuote(application_fee=Decimal("200.00"), bond=Decimal("115.00"),
                              citations=["board row", "30 DCMR 1414.9"], notes=[], can_submit=True)


def test_a_missing_multihall_fee_row_still_computes_the_bond():
    result = quote([], [], license_type="multihall", highest_prize=Decimal("100"), base_expires_on=AFTER)
    assert (result.application_fee, result.bond, result.citations, result.can_submit) == (
        None, Decimal("115.00"), ["30 DCMR 1414.9"], False)
    assert len(result.notes) == 1


# --- which key applies ---

def test_the_keys_run_from_the_most_specific_and_name_only_what_the_catalog_holds():
    assert fee_keys(license_type="bingo", license_class="C", kind="original", period="regular", senior=True) == [
        "fee.bingo.C.original.regular.senior", "fee.bingo.C.original.regular", "fee.bingo.C.original.senior",
        "fee.bingo.C.original"]
    assert fee_keys(license_type="bingo", license_class="C", kind="renewal", period="limited", senior=False) == [
        "fee.bingo.C.renewal.limited", "fee.bingo.C.renewal"]
    # A raffle has no period keys, a vendor neither class nor senior group.
    assert fee_keys(license_type="raffle", license_class="2", kind="original", period="regular", senior=True) == [
        "fee.raffle.2.original.senior", "fee.raffle.2.original"]
    assert fee_keys(license_type="vendor", license_class="", kind="original", period="regular", senior=False) == [
        "fee.vendor.original"]
    assert bond_keys(license_type="montecarlo", license_class="1", period="regular", senior=True) == [
        "bond.montecarlo.1.senior", "bond.montecarlo.1"]
    # No bond key where the rules set none: the multi-hall bond is computed, a vendor posts none.
    assert bond_keys(license_type="multihall", license_class="A", period="regular", senior=False) == []
    assert bond_keys(license_type="vendor", license_class="", period="regular", senior=False) == []


def test_pick_number_takes_the_first_key_held():
    held = {"b": SimpleNamespace(value=2), "c": SimpleNamespace(value=3)}
    assert pick_number(held.get, ["a", "b", "c"]).value == 2
    assert pick_number(held.get, ["c", "b"]).value == 3
    assert pick_number(held.get, ["a"]) is None and pick_number(held.get, []) is None


def test_the_period_beats_the_senior_group_which_beats_neither():
    period_only, senior_only = row("1", period="regular"), row("2", senior=True)
    both, plain = row("3", period="regular", senior=True), row("4")
    assert quote([senior_only, period_only, plain], senior=True).application_fee == 1
    assert quote([senior_only, period_only, both, plain], senior=True).application_fee == 3
    assert quote([senior_only, plain], senior=True).application_fee == 2
    assert quote([senior_only, plain], senior=False).application_fee == 4  # a senior group's fee is theirs only
    assert quote([senior_only], senior=False).application_fee is None


# --- prorate and the multi-hall bond ---

@pytest.mark.parametrize(("days_left", "fee"), [(0, "0.00"), (1, "1.37"), (73, "100.00"), (364, "498.63"),
                                                (365, "500.00"), (366, "500.00")])
def test_prorate_to_the_days_left_of_365_never_above_the_fee(days_left, fee):
    assert prorate(Decimal("500.00"), on=ON, expires_on=ON + dt.timedelta(days=days_left)) == Decimal(fee)


def test_prorate_rounds_half_up():
    assert prorate(Decimal("1.825"), on=ON, expires_on=AFTER) == Decimal("0.01")  # 0.005
    assert prorate(Decimal("0.73"), on=ON, expires_on=ON + dt.timedelta(days=5)) == Decimal("0.01")  # 0.01


@pytest.mark.parametrize(("prize", "bond"), [("0.30", "0.35"), ("0.01", "0.01"), ("1000", "1150.00"),
                                             ("1234.57", "1419.76")])
def test_the_multihall_bond_is_the_prize_plus_15_percent_half_up(prize, bond):
    assert multihall_bond(Decimal(prize), margin=FIFTEEN) == Decimal(bond)  # 0.345 -> 0.35: half up, not to even


def test_the_multihall_bond_follows_the_margin_given():
    assert multihall_bond(Decimal("1000"), margin=Decimal("20")) == Decimal("1200.00")
    assert multihall_bond(Decimal("1000"), margin=Decimal("12.5")) == Decimal("1125.00")


# --- The register read ---

@pytest.mark.django_db
def test_fee_quote_reads_this_type_class_kind_and_day_from_the_register():
    board_number("fee.raffle.4.original", "1.00", since=ON, citation="kept")
    board_number("fee.raffle.4.renewal", "2.00", since=ON, citation="other kind")
    board_number("fee.raffle.5.original", "3.00", since=ON, citation="other class")
    board_number("bond.raffle.4", "6.00", since=ON, until=AFTER, citation="bond")
    board_number("bond.raffle.3", "7.00", since=ON, citation="other class")
    found = fee_quote(license_type="raffle", license_class="4", on=ON)
    assert (found.application_fee, found.bond, found.citations) == (Decimal("1.00"), Decimal("6.00"),
                                                                     ["kept", "bond"])
    before, after = (fee_quote(license_type="raffle", license_class="4", on=day) for day in (BEFORE, AFTER))
    assert (before.application_fee, before.bond) == (None, None)
    assert (after.application_fee, after.bond) == (Decimal("1.00"), None)


@pytest.mark.django_db
def test_a_newer_row_of_a_key_takes_over_from_its_day():
    board_number("fee.raffle.4.original", "4.00", since=dt.date(2000, 1, 1), citation="old")
    board_number("fee.raffle.4.original", "5.00", since=AFTER, citation="new")
    assert fee_quote(license_type="raffle", license_class="4", on=ON).citations[0] == "old"
    assert fee_quote(license_type="raffle", license_class="4", on=AFTER).application_fee == Decimal("5.00")


@pytest.mark.django_db
def test_the_multihall_bond_reads_the_margin_in_force_on_the_day():
    board_number(MULTIHALL_BOND_MARGIN, "20", since=AFTER, citation="30 DCMR 1414.9 (amended)")
    request = {"license_type": "multihall", "license_class": "A", "highest_prize": Decimal("1000")}
    assert fee_quote(**request, on=ON).bond == Decimal("1150.00")
    later = fee_quote(**request, on=AFTER)
    assert later.bond == Decimal("1200.00") and "30 DCMR 1414.9 (amended)" in later.citations
    with pytest.raises(RuleViolation) as caught:
        fee_quote(license_type="multihall", license_class="A", on=AFTER)
    assert caught.value.findings[0].message == ("The multi-hall bond is the highest prize offered plus 20%: give the "
                                                "highest prize.")


@pytest.mark.django_db
def test_fee_quote_quotes_today_by_default():
    board_number("fee.raffle.2.original", "30.00", since=dt.date(2030, 6, 1), citation="from June 2030")
    with time_machine.travel(dt.datetime(2030, 5, 31, 12), tick=False):
        assert fee_quote(license_type="raffle", license_class="2").application_fee is None
    with time_machine.travel(dt.datetime(2030, 6, 1, 12), tick=False):
        assert fee_quote(license_type="raffle", license_class="2").application_fee == Decimal("30.00")
    with pytest.raises(ValidationError):
        fee_quote(license_type="raffle", license_class="2", kind="gift")
