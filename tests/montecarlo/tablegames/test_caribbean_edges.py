"""The house edges: the counting checked by brute force on small decks, the side bet by its census, and the full
figures computed once per session (about 13 s)."""

from fractions import Fraction
from itertools import combinations, permutations

import numpy as np
import pytest

from montecarlo.holdem.evaluator import (
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    ONE_PAIR,
    ROYAL_FLUSH,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
)
from montecarlo.tablegames import caribbean_edges
from montecarlo.tablegames.caribbean_edges import (
    dealer_counts,
    edges,
    exact_edges,
    jackpot_edge,
    raise_returns,
    subset_ids,
    suit_classes,
)
from montecarlo.tablegames.poker5 import HANDS, all_hands

CENSUS = {ROYAL_FLUSH: 4, STRAIGHT_FLUSH: 36, FOUR_OF_A_KIND: 624, FULL_HOUSE: 3_744, FLUSH: 5_108,
          STRAIGHT: 10_200, THREE_OF_A_KIND: 54_912, TWO_PAIR: 123_552, ONE_PAIR: 1_098_240, HIGH_CARD: 1_302_540}
CENSUS_001 = {**CENSUS, STRAIGHT_FLUSH: 32, FLUSH: 5_112, STRAIGHT: 9_180, HIGH_CARD: 1_303_560}


def deck_hands(deck: int) -> np.ndarray:
    return np.array(list(combinations(range(deck), 5)), dtype=np.int64)


def masks(hands: np.ndarray) -> np.ndarray:
    return (np.int64(1) << hands).sum(axis=1)


def test_subset_ids_are_the_colex_bijection():
    pairs = np.array(list(combinations(range(7), 2)))
    assert sorted(subset_ids(pairs, (0, 1)).tolist()) == list(range(21))
    hands = deck_hands(9)
    assert sorted(subset_ids(hands, range(5)).tolist()) == list(range(len(hands)))
    assert subset_ids(np.array([[0, 1, 2, 3, 4]]), range(5)).tolist() == [0]
    assert subset_ids(np.array([[47, 48, 49, 50, 51]]), range(5)).tolist() == [HANDS - 1]


@pytest.mark.parametrize(("deck", "levels", "cumulative_max", "seed"), [
    (16, 5, 16_000_000, 1),  # many ties; every subset size through cumulative tables
    (20, 40, 16_000_000, 2),
    (20, 40, 0, 3),  # every subset size through the sorted keys
    (24, 300, 2_000, 4),  # a mix of the two
])
def test_dealer_counts_agree_with_brute_force(monkeypatch, deck, levels, cumulative_max, seed):
    # Inclusion-exclusion holds for any ranking: random ranks, random qualifying threshold.
    monkeypatch.setattr(caribbean_edges, "_CUMULATIVE_MAX", cumulative_max)
    rng = np.random.default_rng(seed)
    hands = deck_hands(deck)
    dense = rng.integers(0, levels, len(hands))
    dense[0] = levels - 1  # the top level is used
    qualify = int(rng.integers(0, levels))
    players = rng.choice(len(hands), 60, replace=False)
    counts = dealer_counts(hands, dense, qualify, players, deck=deck)
    held = masks(hands)
    for i, player in enumerate(players):
        disjoint = dense[(held & held[player]) == 0]
        mine = dense[player]
        plays = disjoint >= qualify
        expected = ((~plays).sum(), (plays & (disjoint < mine)).sum(), (plays & (disjoint == mine)).sum(),
                    (plays & (disjoint > mine)).sum())
        assert tuple(int(c[i]) for c in counts) == tuple(int(e) for e in expected)


def test_suit_classes_are_the_orbits_of_suit_swaps():
    hands = deck_hands(20)
    representatives, sizes = suit_classes(hands)
    assert sizes.sum() == len(hands)
    orbit = {}
    for hand in map(tuple, hands.tolist()):
        images = [tuple(sorted(c & ~3 | p[c & 3] for c in hand)) for p in permutations(range(4))]
        orbit[hand] = min(images)
    assert len(representatives) == len(set(orbit.values()))
    sizes_by_orbit = {orbit[tuple(hands[r].tolist())]: int(s) for r, s in zip(representatives, sizes, strict=True)}
    assert sizes_by_orbit == {o: list(orbit.values()).count(o) for o in sizes_by_orbit}


def test_the_full_deck_has_134459_suit_classes():
    representatives, sizes = suit_classes(all_hands())
    assert (len(representatives), int(sizes.sum())) == (134_459, HANDS)


def test_raise_returns():
    # Per dealer hand: +1 no game, 1 + 2 x pay on a win, 0 tie, -3 loss.
    counts = (np.array([10]), np.array([5]), np.array([2]), np.array([3]))
    assert raise_returns(counts, np.array([ONE_PAIR])).tolist() == [10 + 5 * 3 - 9]
    assert raise_returns(counts, np.array([FULL_HOUSE])).tolist() == [10 + 5 * 15 - 9]
    assert raise_returns(counts, np.array([ROYAL_FLUSH])).tolist() == [10 + 5 * 201 - 9]


def test_the_side_bet_edge_by_its_census():
    for census, paid in ((CENSUS, 10_178_000), (CENSUS_001, 10_140_000)):
        categories = np.repeat(list(census), list(census.values()))
        # 4 x 100,000 + SF x 10,000 + 624 x 5,000 + 3,744 x 1,000 + flushes x 500
        assert jackpot_edge(categories) == 1 - Fraction(paid, HANDS * 5)
    assert round(float(jackpot_edge(np.repeat(list(CENSUS), list(CENSUS.values()))) * 100), 4) == 21.6764


@pytest.fixture(scope="module")
def exact():
    return exact_edges()  # the long one: about 10 s, once per process (test_edges_printout reads the same)


def test_the_ante_edges_exactly(exact):
    ante_000, ante_001 = exact["000", "ante"], exact["001", "ante"]
    assert ante_000 == Fraction(1_605_628_741, 30_201_864_420)
    assert round(float(ante_000 * 100), 4) == 5.3163
    assert round(float(ante_001 * 100), 4) == 5.4962
    # Above the 5.224% of the strategy that also sees the dealer's up card, in the band a strategy on the player's
    # five cards alone must fall in; and no worse than the published "raise on A-K-J-8-3 or better" strategy
    # (total loss 1,059,715,400,580 over 19,933,230,517,200 = 5 x 2,598,960 x 1,533,939 cases).
    for edge in (ante_000, ante_001):
        assert Fraction(5224, 100_000) < edge < Fraction(55, 1000)
    assert ante_000 * 19_933_230_517_200 <= 1_059_715_400_580
    assert ante_000 < ante_001  # no A-2-3-4-5 straight: fewer player straights paid


def test_edges_lines(exact, monkeypatch):
    monkeypatch.setattr(caribbean_edges, "exact_edges", lambda: exact)
    lines = edges()
    assert [(line["bet"], line["house_edge_pct"], line["method"]) for line in lines] == [
        ("ante", 5.3163, "exact"), ("ante", 5.4962, "exact"), ("jackpot", 21.6764, "exact"),
        ("jackpot", 21.9688, "exact")]
    assert {line["game"] for line in lines} == {"caribbean_poker"}
    assert "(000) art. 3" in lines[0]["variant"] and "(001) art. 15" in lines[1]["variant"]
    assert "no payout cap" in lines[0]["variant"] and "own five cards" in lines[0]["variant"]
    assert "100,000" in lines[2]["variant"] and "5 chips" in lines[2]["variant"]
