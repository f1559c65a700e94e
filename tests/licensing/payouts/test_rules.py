"""Federal reporting and withholding of a prize (IRS Instructions for Forms W-2G and 5754), by the thresholds in
force on the day the prize is paid: the IRS raised the bingo threshold from $1,200 to $2,000 on 1 January 2026."""

import datetime as dt
from decimal import Decimal

import pytest

from licensing.payouts.rules import w2g_required, withholding
from tests.licensing.factories import board_number

pytestmark = pytest.mark.django_db

DEC_2025, JAN_2026 = dt.date(2025, 12, 1), dt.date(2026, 1, 1)
D = Decimal


def test_a_1500_bingo_prize_needs_a_w2g_in_december_2025_and_not_in_january_2026():
    finding = w2g_required(game="bingo", prize=D("1500.00"), wager=D("4.00"), on=DEC_2025)
    assert finding is not None and not finding.blocking and finding.field == "prize"
    assert finding.rule == "26 U.S.C. 6041; IRS Instructions for Forms W-2G and 5754"
    assert finding.message == "This prize is reported on Form W-2G (IRS threshold in force: $1,200.00)."
    assert w2g_required(game="bingo", prize=D("1500.00"), wager=D("4.00"), on=JAN_2026) is None


def test_a_2000_bingo_prize_on_1_january_2026_needs_one():
    finding = w2g_required(game="bingo", prize=D("2000.00"), wager=D("4.00"), on=JAN_2026)
    assert finding.message == "This prize is reported on Form W-2G (IRS threshold in force: $2,000.00)."
    assert w2g_required(game="bingo", prize=D("1999.99"), wager=D("0.00"), on=JAN_2026) is None


def test_a_bingo_prize_is_not_reduced_by_the_wager_nor_compared_with_it():
    # 26 CFR 7.6041-1(b)(1): a $1,200 prize on a $10 card is reportable in 2025 even though it is only 120 times it.
    assert w2g_required(game="bingo", prize=D("1200.00"), wager=D("10.00"), on=DEC_2025) is not None


@pytest.mark.parametrize(("prize", "wager", "reported"), [
    ("600.00", "2.00", True),  # $600 and exactly 300 times the ticket
    ("599.99", "1.00", False),  # under $600
    ("600.00", "2.01", False),  # under 300 times the ticket
    ("5000.00", "20.00", False),  # 250 times
    ("5000.00", "0.20", True),  # one ticket of five for $1 (the instructions' example)
])
def test_a_raffle_prize_is_reported_at_600_and_300_times_the_wager(prize, wager, reported):
    for game in ("raffle", "montecarlo"):
        found = w2g_required(game=game, prize=D(prize), wager=D(wager), on=DEC_2025)
        assert (found is not None) is reported
        if found:
            assert found.message == "This prize is reported on Form W-2G (IRS threshold in force: $600.00)."


def test_other_winnings_moved_to_2000_for_payments_in_2026():
    """The IRS's 2026 instructions: the minimum threshold for payments made in 2026 is $2,000."""
    assert w2g_required(game="raffle", prize=D("1000.00"), wager=D("1.00"), on=DEC_2025)
    assert w2g_required(game="raffle", prize=D("1000.00"), wager=D("1.00"), on=JAN_2026) is None
    found = w2g_required(game="raffle", prize=D("2000.00"), wager=D("1.00"), on=JAN_2026)
    assert found.message == "This prize is reported on Form W-2G (IRS threshold in force: $2,000.00)."


def test_the_thresholds_are_the_registers_on_the_day_paid():
    board_number("federal.w2g.other", "2500.00", since=dt.date(2027, 1, 1))
    assert w2g_required(game="raffle", prize=D("2200.00"), wager=D("1.00"), on=dt.date(2026, 12, 31))
    assert w2g_required(game="raffle", prize=D("2200.00"), wager=D("1.00"), on=dt.date(2027, 1, 1)) is None


def test_bingo_is_never_withheld_on():
    # 26 U.S.C. 3402(q)(5): bingo winnings are exempt from regular gambling withholding.
    assert withholding(game="bingo", prize=D("10000.00"), wager=D("5.00"), on=JAN_2026) == D("0.00")


@pytest.mark.parametrize(("prize", "wager", "withheld"), [
    ("5000.00", "0.00", "0.00"),  # proceeds of $5,000 exactly: not over
    ("5010.00", "10.00", "0.00"),  # proceeds $5,000: not over
    ("5010.01", "10.00", "1200.00"),  # 24% of the proceeds $5,000.01, rounded to the cent
    ("10000.00", "100.00", "2376.00"),  # 24% of $9,900: the wager comes off first
])
def test_a_raffle_prize_over_5000_after_the_ticket_is_withheld_24_percent_of_the_proceeds(prize, wager, withheld):
    assert withholding(game="raffle", prize=D(prize), wager=D(wager), on=JAN_2026) == D(withheld)


def test_other_wagering_is_withheld_on_only_at_300_times_the_wager():
    # A raffle is a lottery (3402(q)(3)(C)): no ratio. Other wagering (3402(q)(3)(A)) also needs 300 times.
    assert withholding(game="raffle", prize=D("6000.00"), wager=D("100.00"), on=JAN_2026) == D("1416.00")
    assert withholding(game="montecarlo", prize=D("6000.00"), wager=D("100.00"), on=JAN_2026) == D("0.00")
    assert withholding(game="montecarlo", prize=D("6000.00"), wager=D("20.00"), on=JAN_2026) == D("1435.20")


def test_an_unknown_game_is_refused():
    with pytest.raises(ValueError, match="unknown game"):
        w2g_required(game="keno", prize=D("1.00"), wager=D("1.00"), on=JAN_2026)
