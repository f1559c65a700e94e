"""A person tied by ownership to the supply trade may not work bingo or prepare its forms (30 DCMR 1401.13,
1401.14): matched by name and date of birth; a name alone is a possible match for staff to decide."""

import datetime as dt
from decimal import Decimal

from licensing.organizations.rules import SupplyOwner, supply_tie_findings

BORN = dt.date(1970, 5, 1)
OWNERS = [
    SupplyOwner(name="Frank DiMarco", born=BORN, vendor="Capitol Bingo Supply Co.", share=Decimal("60")),
    SupplyOwner(name="Ana Ruiz", born=None, vendor="Capitol Bingo Supply Co.", share=Decimal("5")),
    # No share: an employee of the supplier, barred all the same (1401.13).
    SupplyOwner(name="Carl Pay", born=BORN, vendor="Paper Works LLC", share=Decimal("0"), role="employee"),
    SupplyOwner(name="Dee Holt", born=BORN, vendor="Dauber Direct", share=Decimal("2"), through="Holt Holdings"),
]


def ties(name, born=BORN, **decided):
    return supply_tie_findings(name=name, born=born, doing="member in charge", owners=OWNERS, field="full_name",
                               **decided)


def test_an_owner_with_the_same_name_and_birth_date_is_refused_with_the_rule():
    [finding] = ties("frank  dimarco")
    assert finding.rule == "30 DCMR 1401.13" and finding.blocking and finding.field == "full_name"
    assert finding.message == ("frank  dimarco owns 60% of Capitol Bingo Supply Co., a bingo supplier, and so may "
                               "not be member in charge (30 DCMR 1401.13, 1401.14).")


def test_an_interest_through_an_affiliate_is_a_tie():
    [finding] = ties("Dee Holt")
    assert "2% of Dauber Direct through Holt Holdings" in finding.message and finding.blocking


def test_1401_13_an_employee_with_no_share_is_refused_like_an_owner():
    [finding] = ties("Carl Pay")
    assert finding.rule == "30 DCMR 1401.13" and finding.blocking and finding.field == "full_name"
    assert finding.message == (
        "Carl Pay works for Paper Works LLC, a bingo supplier (employee), and so may not be member in charge: an "
        "agent, servant or employee of a supplier may not, whatever their share (30 DCMR 1401.13).")
    [possible] = ties("Carl Pay", born=None)
    assert possible.blocking is False and "possible match" in possible.message and "1401.13" in possible.message


def test_1401_13_a_person_unrelated_to_any_supplier_is_not_flagged():
    assert ties("Carla Payne") == []
    assert ties("Carl Pay", born=dt.date(1980, 2, 2)) == []  # another person of the same name


def test_a_different_birth_date_is_another_person():
    assert ties("Frank DiMarco", born=dt.date(1971, 5, 1)) == []


def test_a_name_alone_is_a_possible_match_that_staff_confirm_or_dismiss():
    [possible] = ties("Ana Ruiz")
    assert possible.blocking is False and "possible match" in possible.message
    [possible] = ties("Frank DiMarco", born=None)
    assert possible.blocking is False
    [confirmed] = ties("Ana Ruiz", confirmed=["Capitol Bingo Supply Co."])
    assert confirmed.blocking is True and "owns 5% of Capitol Bingo Supply Co." in confirmed.message
    assert ties("Ana Ruiz", dismissed=["Capitol Bingo Supply Co."]) == []


REF_OWNERS = [
    SupplyOwner(name="Ana Ruiz", born=None, vendor="Capitol Bingo Supply Co.", share=Decimal("5"),
                ref="vendors.owner:1"),
    SupplyOwner(name="Ana Ruiz", born=None, vendor="Capitol Bingo Supply Co.", share=Decimal("7"),
                ref="vendors.owner:2"),
]


def test_decisions_may_name_the_owner_record_so_two_owners_of_one_vendor_are_decided_apart():
    findings = supply_tie_findings(name="Ana Ruiz", born=BORN, doing="the alternate", owners=REF_OWNERS,
                                   dismissed={"vendors.owner:1"})
    assert [(f.blocking, "7%" in f.message) for f in findings] == [(False, True)]
    findings = supply_tie_findings(name="Ana Ruiz", born=BORN, doing="the alternate", owners=REF_OWNERS,
                                   confirmed={"vendors.owner:2"}, dismissed={"vendors.owner:1"})
    assert [(f.blocking, "owns 7% of" in f.message) for f in findings] == [(True, True)]


def test_a_dismissal_answers_a_possible_match_only_and_a_confirmation_wins_over_it():
    # Dismissed while the owner's date of birth was missing; now it is recorded and the same: a match.
    [finding] = ties("Frank DiMarco", dismissed=["Capitol Bingo Supply Co."])
    assert finding.blocking and "owns 60%" in finding.message
    [finding] = ties("Ana Ruiz", confirmed=["Capitol Bingo Supply Co."], dismissed=["Capitol Bingo Supply Co."])
    assert finding.blocking


def test_a_confirmation_does_not_make_a_different_birth_date_the_same_person():
    assert ties("Frank DiMarco", born=dt.date(1971, 5, 1), confirmed=["Capitol Bingo Supply Co."]) == []
