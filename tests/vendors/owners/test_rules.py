"""Who may not hold a vendor license (30 DCMR 1206.4), each rule at its boundary."""

import datetime as dt
from decimal import Decimal

import pytest

from tests.licensing.factories import board_number
from vendors.owners.rules import (
    Person,
    board_findings,
    disqualification_findings,
    felony_clean_from,
    official_findings,
    person_findings,
    relative_findings,
)

pytestmark = pytest.mark.django_db  # the figures (5 years, 10%) are the Board's register's
APPLIED = dt.date(2026, 6, 15)


def felon(**fields) -> Person:
    return Person(name="Rex Stone", role="officer", felony_convicted=True, **fields)


@pytest.mark.parametrize(("released", "barred"), [
    (dt.date(2021, 6, 15), False),  # exactly 5 years before applying: at least five years
    (dt.date(2021, 6, 16), True),  # a day short
    (dt.date(2021, 6, 14), False),
    (dt.date(2026, 1, 1), True),
])
def test_a_felony_bars_until_five_years_after_release_exact_to_the_day(released, barred):
    findings = person_findings(felon(supervision_ended_on=released), applied_on=APPLIED, firm=False)
    assert bool(findings) is barred
    if barred:
        assert findings[0].rule == "30 DCMR 1206.4(a)" and findings[0].field == "people"
        assert f"released on {released.isoformat()}" in findings[0].message
        assert f"from {(released.replace(year=released.year + 5)).isoformat()} on" in findings[0].message
        assert findings[0].message.endswith("(30 DCMR 1206.4(a)).")


def test_a_pardon_lifts_the_felony_and_no_release_yet_bars_it():
    assert person_findings(felon(felony_pardoned=True), applied_on=APPLIED, firm=False) == []
    [finding] = person_findings(felon(), applied_on=APPLIED, firm=False)
    assert "has not been released from parole or probation" in finding.message
    assert person_findings(Person(name="Ann Lee", role="owner"), applied_on=APPLIED, firm=False) == []


def test_release_on_the_29th_of_february_counts_five_whole_years():
    person = felon(supervision_ended_on=dt.date(2020, 2, 29))
    assert felony_clean_from(person) == dt.date(2025, 3, 1)
    assert person_findings(person, applied_on=dt.date(2025, 2, 28), firm=False)
    assert person_findings(person, applied_on=dt.date(2025, 3, 1), firm=False) == []


def test_a_gambler_or_promoter_is_barred_and_bars_the_firm_too():
    person = Person(name="Vic Dice", role="director", gambler=True)
    [alone] = person_findings(person, applied_on=APPLIED, firm=False)
    assert alone.rule == "30 DCMR 1206.4(b)"
    [in_firm] = person_findings(person, applied_on=APPLIED, firm=True)
    assert in_firm.rule == "30 DCMR 1206.4(b), (c)"
    assert in_firm.message.endswith("employed or active gets no vendor license (30 DCMR 1206.4(c)).")
    [felony] = person_findings(felon(), applied_on=APPLIED, firm=True)
    assert felony.rule == "30 DCMR 1206.4(a), (c)"


@pytest.mark.parametrize(("share", "barred"), [
    (Decimal("10.00"), False), (Decimal("10.01"), True), (Decimal("9.99"), False), (Decimal("50"), True),
])
def test_a_disqualified_persons_relative_may_hold_ten_percent_not_more(share, barred):
    person = Person(name="May Stone", role="shareholder", share=share, relative_disqualified="Rex Stone")
    findings = relative_findings(person)
    assert bool(findings) is barred
    if barred:
        assert findings[0].rule == "30 DCMR 1206.4(c)"
        assert f"holds {share.quantize(Decimal('0.01'))}% of the firm" in findings[0].message
        assert "Rex Stone" in findings[0].message
    # the same share with no disqualified relative is no concern of 1206.4
    assert relative_findings(Person(name="May Stone", role="shareholder", share=share)) == []


def test_a_dc_official_waits_for_the_staff_decision_on_a_conflict():
    official = Person(name="Olga Civil", role="partner", dc_official=True)
    [pending] = official_findings(official, conflict=None, reason="")
    assert pending.rule == "30 DCMR 1206.4(d)" and pending.blocking is False
    assert "must decide whether there is a conflict of interest" in pending.message
    assert official_findings(official, conflict=False, reason="") == []
    [found] = official_findings(official, conflict=True, reason="she oversees the Board's vendor contracts")
    assert found.blocking is True and "she oversees the Board's vendor contracts" in found.message
    assert official_findings(Person(name="Olga Civil", role="partner"), conflict=True, reason="x") == []


def test_a_board_member_or_employee_is_found_by_name_and_blocks_once_confirmed():
    person = Person(name="Lucia  FERNANDEZ", role="owner")
    board = ["Lucía Fernández", "Marcus Bell"]
    [possible] = board_findings(person, board_names=board)
    assert possible.rule == "30 DCMR 1206.4(e)" and possible.blocking is False
    assert "possible match" in possible.message
    [confirmed] = board_findings(person, board_names=board, confirmed=["lucia fernandez"])
    assert confirmed.blocking is True
    assert board_findings(Person(name="Lucia Fernandes", role="owner"), board_names=board) == []


def test_every_rule_together_names_each_person():
    people = [
        Person(name="Ann Lee", role="owner", share=Decimal("60")),
        felon(supervision_ended_on=dt.date(2023, 1, 1)),
        Person(name="May Stone", role="shareholder", share=Decimal("40"), relative_disqualified="Rex Stone"),
        Person(name="Olga Civil", role="partner", dc_official=True),
    ]
    findings = disqualification_findings(people, applied_on=APPLIED,
                                         conflicts={"olga civil": (True, "a conflict")})
    assert [(finding.rule, finding.blocking) for finding in findings] == [
        ("30 DCMR 1206.4(a), (c)", True), ("30 DCMR 1206.4(c)", True), ("30 DCMR 1206.4(d)", True)]


def test_the_years_and_the_share_are_the_ones_in_force_on_the_application_date():
    board_number("vendor.owner_clean_years", 7, since=dt.date(2026, 1, 1))
    board_number("vendor.relative_share_limit", 20, since=dt.date(2026, 1, 1))
    released = felon(supervision_ended_on=dt.date(2020, 6, 15))
    assert person_findings(released, applied_on=dt.date(2025, 12, 31), firm=False) == []  # five years then
    [barred] = person_findings(released, applied_on=dt.date(2026, 6, 15), firm=False)  # seven from 2026
    assert "less than 7 years before applying" in barred.message and "2027-06-15" in barred.message
    relative = Person(name="May Stone", role="shareholder", share=Decimal("15"), relative_disqualified="Rex Stone")
    [finding] = relative_findings(relative, on=dt.date(2025, 12, 31))
    assert "more than 10% bars the firm" in finding.message
    assert relative_findings(relative, on=dt.date(2026, 1, 1)) == []
