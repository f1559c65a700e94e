"""Claim checking: 30 DCMR 1405.16 (a missed bingo is lost) and 1406.1 (verification)."""

import re

import pytest

from bingo.engine import ClaimResult, check_claim, patterns
from bingo.engine.claims import check_calls
from tests.bingo.factories import SAMPLE

ANY_LINE = "Any line (horizontal, vertical or diagonal)"

# SAMPLE rows: [1 16 31 46 61] [2 17 32 47 62] [3 18 FREE 48 63] [4 19 34 49 64] [5 20 35 50 65]


def test_claim_valid_on_the_last_call():
    result = check_claim(SAMPLE, [1, 16, 40, 31, 46, 61], "any-line")
    assert result.valid and result.complete and bool(result)
    assert "O 61" in result.reason
    assert result.winning_mask == 0b11111
    assert result.completed_on == 61


def test_free_space_counts():
    # Middle row: 3 18 FREE 48 63.
    assert check_claim(SAMPLE, [3, 18, 48, 63], "any-line").valid
    # X: main diagonal 1 17 FREE 49 65, other diagonal 61 47 FREE 19 5.
    assert check_claim(SAMPLE, [1, 17, 49, 65], "x").complete is False
    assert check_claim(SAMPLE, [1, 17, 49, 65, 61, 47, 19], "x").complete is False
    assert check_claim(SAMPLE, [1, 17, 49, 65, 61, 47, 19, 5], "x").valid
    assert check_claim(SAMPLE, [17, 32, 47, 18, 48, 19, 34, 49], "small-frame").valid


def test_missed_bingo_is_lost():
    # Top row complete on 61, claimed only after 75 (not on the card) and then 2 (on the card).
    calls = [1, 16, 31, 46, 61, 75]
    result = check_claim(SAMPLE, calls, "any-line")
    assert result.complete and not result.valid and not result
    assert "missed bingo" in result.reason and "O 61" in result.reason and result.completed_on == 61
    later = check_claim(SAMPLE, [*calls, 2], "any-line")
    assert later.complete and not later.valid


def test_a_new_arrangement_on_the_last_call_is_valid_even_after_a_missed_one():
    # Top row missed on 61; the B column then completes on 5, the number just called.
    result = check_claim(SAMPLE, [1, 16, 31, 46, 61, 2, 3, 4, 5], "any-line")
    assert result.valid and result.winning_mask == sum(1 << (r * 5) for r in range(5))


def test_incomplete_and_empty_claims():
    result = check_claim(SAMPLE, [1, 16, 31, 46], "any-line")
    assert not result.valid and not result.complete and "does not show" in result.reason
    assert not check_claim(SAMPLE, [], "any-line").valid
    assert check_claim(SAMPLE, [1, 5, 61], patterns.get("four-corners")).complete is False
    assert check_claim(SAMPLE, [1, 5, 61, 65], patterns.get("four-corners")).valid


def test_blackout():
    numbers = [n for n in SAMPLE.squares if n]
    assert check_claim(SAMPLE, [*numbers[:-1], 75, numbers[-1]], "blackout").valid
    assert not check_claim(SAMPLE, numbers[:-1], "blackout").complete


@pytest.mark.parametrize(("calls", "message"), [([1, 1], "called twice"), ([0], "1 to 75"), ([76], "1 to 75")])
def test_bad_call_records_are_refused(calls, message):
    with pytest.raises(ValueError, match=message):
        check_claim(SAMPLE, calls, "any-line")


def test_each_decision_in_full_with_the_reason_the_checker_reads_out():
    # The whole result is what the game log records (bingo.live.services): every field is pinned.
    assert check_claim(SAMPLE, [], "any-line") == ClaimResult(False, False, "no number has been called yet")
    assert check_claim(SAMPLE, [1, 16, 31, 46], "any-line") == ClaimResult(
        False, False, f"the card does not show {ANY_LINE} with the numbers called")
    assert check_claim(SAMPLE, [1, 16, 40, 31, 46, 61], "any-line") == ClaimResult(
        True, True, "bingo on O 61, the number just called", winning_mask=0b11111, completed_on=61)
    assert check_claim(SAMPLE, [1, 16, 31, 46, 61, 75, 2], "any-line") == ClaimResult(
        False, True, f"missed bingo: {ANY_LINE} was complete on O 61, not on B 2, the number just called; "
        "a missed bingo is lost", completed_on=61)
    assert ClaimResult(True, True, "").citation == "30 DCMR 1405.16"


def test_a_missed_bingo_names_the_first_call_that_completed_it():
    # Top row done on 61, then the B column's last square on 5 (ball 75 is not on the card, last):
    # the pattern first showed on 61, and the last call (75) completed nothing.
    result = check_claim(SAMPLE, [1, 16, 31, 46, 61, 2, 3, 4, 5, 75], "any-line")
    assert (result.valid, result.complete, result.completed_on, result.winning_mask) == (False, True, 61, None)
    assert "complete on O 61, not on O 75" in result.reason


@pytest.mark.parametrize(("calls", "repeated"), [([7, 7], "B 7"), ([5, 7, 9, 7], "B 7"), ([75, 1, 2, 75], "O 75")])
def test_a_repeated_ball_is_named_in_the_refusal(calls, repeated):
    message = f"{repeated} is called twice; a drawn ball never returns (30 DCMR 1405.14)"
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        check_calls(calls)


def test_a_good_record_comes_back_as_a_list_in_call_order():
    assert check_calls((61, 1, 75)) == [61, 1, 75]
    assert check_calls([]) == []
