"""The card bank agrees with check_claim on random cards and games."""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bingo.engine import CardBank, check_claim, patterns, series
from tests.bingo.factories import SAMPLE, random_card

CHECKED = ["any-line", "blackout", "four-corners", "postage-stamp", "x", "small-frame", "large-frame", "six-pack",
           "two-lines", "letter-h", "kite", "hardway"]


def reference(cards, calls, pattern):
    results = [check_claim(card, calls, pattern) for card in cards]
    complete = [i for i, r in enumerate(results) if r.complete]
    valid = [i for i, r in enumerate(results) if r.valid]
    return complete, valid


@pytest.mark.parametrize("pattern", CHECKED)
def test_winners_match_check_claim_call_by_call(pattern):
    rng = random.Random(pattern)
    cards = [random_card(rng) for _ in range(150)]
    bank = CardBank(cards)
    calls = rng.sample(range(1, 76), 75)
    previous: set[int] = set()
    for k in range(1, 76):
        complete, valid = reference(cards, calls[:k], pattern)
        assert bank.winners(calls[:k], pattern).tolist() == complete
        assert bank.valid_claims(None, pattern).tolist() == valid
        assert bank.new_winners(None, pattern).tolist() == sorted(set(complete) - previous)
        previous = set(complete)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.lists(st.integers(1, 12), min_size=1, max_size=20),
       pattern=st.sampled_from(patterns.names()))
def test_winners_match_with_uneven_steps_and_pattern_switches(seed, steps, pattern):
    """Jumps of several calls, switches of pattern and rewinds exercise every sync path."""
    rng = random.Random(seed)
    cards = [random_card(rng) for _ in range(40)]
    bank = CardBank(cards)
    calls = rng.sample(range(1, 76), 75)
    k = 0
    for step in steps:
        k = rng.choice([max(0, k - step), min(75, k + step), min(75, k + 1)])
        for name in (pattern, "any-line"):
            complete, valid = reference(cards, calls[:k], name)
            assert bank.winners(calls[:k], name).tolist() == complete
            assert bank.valid_claims(calls[:k], name).tolist() == valid


def test_a_different_game_resets_the_bank():
    bank = CardBank([SAMPLE])
    assert bank.winners([1, 16, 31, 46, 61], "any-line").tolist() == [0]
    assert bank.winners([2, 17, 32], "any-line").tolist() == []
    assert bank.called == [2, 17, 32]
    bank.reset()
    assert bank.called == [] and bank.winners(None, "blackout").tolist() == []


def test_incremental_call_and_uncall():
    bank = CardBank([SAMPLE])
    for number in (1, 16, 31, 46):
        bank.call(number)
    assert bank.winners(None, "any-line").size == 0
    bank.call(61)
    assert bank.winners(None, "any-line").tolist() == [0]
    assert bank.new_winners(None, "any-line").tolist() == [0]
    assert bank.uncall() == 61
    assert bank.winners(None, "any-line").size == 0
    with pytest.raises(ValueError, match="already called"):
        bank.call(46)
    with pytest.raises(ValueError, match="1 to 75"):
        bank.call(0)


def test_array_input_is_validated():
    good = np.array([SAMPLE.squares], dtype=np.int64)
    assert len(CardBank(good)) == 1 and CardBank(good).face(0) == SAMPLE
    bad = good.copy()
    bad[0, 12] = 33
    with pytest.raises(ValueError, match="FREE"):
        CardBank(bad)
    bad = good.copy()
    bad[0, 0] = 20
    with pytest.raises(ValueError, match="column B holds 1-15"):
        CardBank(bad)
    bad = good.copy()
    bad[0, 5] = 1
    with pytest.raises(ValueError, match="twice in column B"):
        CardBank(bad)
    with pytest.raises(ValueError, match="25 squares"):
        CardBank(np.zeros((2, 24), dtype=np.uint8))


def test_a_series_in_a_bank_finds_everyone_at_blackout():
    cards = series.generate("bank", size=500)
    bank = CardBank(cards)
    calls = random.Random(1).sample(range(1, 76), 75)
    assert bank.winners(calls, "blackout").size == 500
    assert bank.coverage.tolist() == [card.coverage(calls) for card in cards]
