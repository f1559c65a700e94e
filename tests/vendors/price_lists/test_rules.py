"""The certified price list holds for the license term (30 DCMR 1207.2(j)) unless the Board approves an amendment."""

import datetime as dt
from decimal import Decimal

import pytest

from vendors.price_lists.rules import price_changes, price_list_findings

STARTS, ENDS = dt.date(2026, 1, 1), dt.date(2026, 12, 31)
CURRENT = {"BP-6": Decimal("42.00"), "DB-1": Decimal("1.50")}


def findings(proposed, *, on=dt.date(2026, 6, 1), approved=False):
    return price_list_findings(current=CURRENT, proposed=proposed, on=on, term_starts=STARTS, term_ends=ENDS,
                               amendment_approved=approved)


def test_a_price_change_during_the_term_needs_an_approved_amendment():
    [finding] = findings({"BP-6": Decimal("45.00"), "DB-1": Decimal("1.50")})
    assert (finding.rule, finding.field, finding.blocking) == ("30 DCMR 1207.2(j)", "prices", True)
    assert finding.message == ("The certified price list holds until the license ends on 2026-12-31: BP-6 from "
                               "$42.00 to $45.00 can change only through an amendment the Board approves "
                               "(30 DCMR 1207.2(j)).")
    assert findings({"BP-6": Decimal("45.00"), "DB-1": Decimal("1.50")}, approved=True) == []


@pytest.mark.parametrize(("on", "barred"), [
    (dt.date(2025, 12, 31), False), (STARTS, True), (ENDS, True), (dt.date(2027, 1, 1), False),
])
def test_the_term_runs_from_its_first_day_to_its_last_both_included(on, barred):
    assert bool(findings({"BP-6": Decimal("40.00"), "DB-1": Decimal("1.50")}, on=on)) is barred


def test_adding_or_dropping_an_item_is_a_change_and_the_same_list_is_not():
    [finding] = findings({"BP-6": Decimal("42.00"), "DB-1": Decimal("1.50"), "BS-75": Decimal("120.00")})
    assert "BS-75 added at $120.00 can change" in finding.message
    [finding] = findings({"BP-6": Decimal("42.00")})
    assert "DB-1 dropped (was $1.50) can change" in finding.message
    assert findings(dict(CURRENT)) == []
    assert findings({"BP-6": Decimal("42.0"), "DB-1": Decimal("1.5")}) == []  # the same amounts


def test_every_change_is_listed_by_catalogue_number():
    proposed = {"BP-6": Decimal("44.00"), "ZZ-9": Decimal("3.00")}
    assert price_changes(CURRENT, proposed) == {"BP-6": (Decimal("42.00"), Decimal("44.00")),
                                                "DB-1": (Decimal("1.50"), None), "ZZ-9": (None, Decimal("3.00"))}
    [finding] = findings(proposed)
    assert ("BP-6 from $42.00 to $44.00; DB-1 dropped (was $1.50); ZZ-9 added at $3.00 can change"
            in finding.message)


def test_the_amounts_in_the_finding_are_written_as_the_readers_language_writes_money():
    # One money format per language across the site (core.money.money_text): "$1,234.50" in US/Mexican Spanish.
    from django.utils import translation

    with translation.override("es"):
        [finding] = findings({"BP-6": Decimal("1234.50"), "DB-1": Decimal("1.50")})
    assert "BP-6 de $42.00 a $1,234.50" in finding.message
