"""A person tied by ownership to the supply trade may not work bingo or prepare its forms (30 DCMR 1401.13,
1401.14): matched by name and date of birth; a name alone is a possible match for staff to decide."""

import datetime as dt
from decimal import Decimal

from licensing.organizations.rules import SupplyOwner, supply_tie_findings

BORN = dt.date(1970, 5, 1)
OWNERS = [
    SupplyOwner(name="Frank DiMarco", born=BORN, vendor="Capitol Bingo Supply Co.", share=Decimal("60")),
    SupplyOwner(name="Ana Ruiz", born=None, vendor="Capitol Bingo Supply Co.", share=Decimal("5")),
    SupplyOwner(name="Carl Pay", born=BORN, vendor="Paper Works LLC", share=Decimal("0")),  # a contract, no interest
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


def test_an_interest_through_an_affiliate_is_a_tie_and_a_contract_is_not():
    [finding] = ties("Dee Holt")
    assert "2% of Dauber Direct through Holt Holdings" in finding.message and finding.blocking
    assert ties("Carl Pay") == []


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
