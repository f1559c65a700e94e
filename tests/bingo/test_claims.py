"""Claim checking: 30 DCMR 1405.16 (a missed bingo is lost) and 1406.1 (verification)."""

import pytest

from bingo.engine import check_claim, patterns
from tests.bingo.helpers import SAMPLE

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
