"""House edges of Caribbean poker, exact, in percent of the stake (the ante; the side bet for the jackpot).

The ante line: the player sees his five cards and raises when raising returns more than folding (a fold loses the
ante). For a player hand P the raise returns, per dealer hand drawn from the 47 other cards: +1 when the dealer
does not qualify (ante 1:1, bet returned), 1 + 2 x pay(P) when P beats a qualifying dealer, 0 on a tie (001 art.
16: a dead hand), -3 when the dealer wins. So what P needs is how many of the C(47, 5) = 1,533,939 dealer hands
disjoint from P (a) do not qualify, (b) qualify and rank below P, (c) tie P, (d) beat P. Enumerating 2.6M x 1.5M
pairs is out of reach; inclusion-exclusion over the subsets S of P's cards is not:

    #{D disjoint from P : D has property} = sum over S in P of (-1)^|S| #{D containing S : D has property}

and "D contains S, D ranks below x" is one lookup in the hands containing S sorted by rank (a cumulative table for
subsets of one or two cards, a sorted array of (subset id, rank) keys and `np.searchsorted` for three or four).
Player hands are taken one per suit-symmetry class (134,459 of them, weighted by their size): swapping suits
changes neither the hand's rank nor the dealer counts. Every count is an integer and the edge a `Fraction`.

The jackpot line: the side bet's awards by hand category over the 2,598,960 hands, at the seed meter; the side
bet itself is lost to the house and its contribution to the meter is no return to the bettor.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb
from types import MappingProxyType

import numpy as np

from montecarlo.holdem.evaluator import FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, ROYAL_FLUSH, STRAIGHT_FLUSH
from montecarlo.tablegames import jackpot
from montecarlo.tablegames.caribbean import PAYS, CaribbeanPoker, qualifies
from montecarlo.tablegames.poker5 import HANDS, STRAIGHTS, STRAIGHTS_TEXT, all_hands, rank_all

GAME = "caribbean_poker"
_BINOMIAL = np.array([[comb(n, k) for k in range(6)] for n in range(53)], dtype=np.int64)
_CUMULATIVE_MAX = 16_000_000  # subsets x ranks up to which a cumulative table beats sorting


def subset_ids(hands: np.ndarray, positions) -> np.ndarray:
    """The colexicographic index of the cards at `positions` (ascending) of each ascending hand: for a k-subset
    c1 < ... < ck it is sum C(ci, i), a bijection onto 0 .. C(deck, k) - 1."""
    ids = np.zeros(len(hands), dtype=np.int64)
    for i, position in enumerate(positions):
        ids += _BINOMIAL[hands[:, position], i + 1]
    return ids


def suit_classes(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(one hand's row per suit-symmetry class, the class sizes). A hand is its four 13-bit rank masks, one per
    suit; permuting the suits permutes the masks, so the sorted masks name the class."""
    hands = hands.astype(np.int64)
    masks = np.zeros((len(hands), 4), dtype=np.int64)
    rows = np.arange(len(hands))
    for column in range(hands.shape[1]):
        masks[rows, hands[:, column] & 3] |= np.int64(1) << (hands[:, column] >> 2)
    masks.sort(axis=1)
    keys = masks[:, 0] | masks[:, 1] << 13 | masks[:, 2] << 26 | masks[:, 3] << 39
    _, representatives, sizes = np.unique(keys, return_index=True, return_counts=True)
    return representatives, sizes


class _Containing:
    """For the k-card subsets of a deck: how many hands containing a subset rank below a threshold."""

    def __init__(self, hands: np.ndarray, dense: np.ndarray, levels: int, k: int, deck: int):
        self.k, self.per_subset = k, comb(deck - k, 5 - k)
        self.positions = list(combinations(range(5), k))
        subsets = comb(deck, k)
        ids = [subset_ids(hands, positions) for positions in self.positions]
        if subsets * (levels + 1) <= _CUMULATIVE_MAX:
            counts = sum(np.bincount(i * levels + dense, minlength=subsets * levels) for i in ids)
            table = np.zeros((subsets, levels + 1), dtype=np.int32)
            table[:, 1:] = np.cumsum(counts.reshape(subsets, levels), axis=1)
            self.table, self.keys = table, None
        else:
            self.bits = int(levels).bit_length()
            dtype = np.uint32 if subsets << self.bits <= 2**32 else np.uint64
            self.keys = np.sort(np.concatenate([((i << self.bits) | dense).astype(dtype) for i in ids]))
            self.table = None

    def below(self, ids: np.ndarray, threshold: np.ndarray) -> np.ndarray:
        """For each subset id: the hands containing it whose rank is below `threshold` (same length)."""
        if self.table is not None:
            return self.table[ids, threshold].astype(np.int64)
        queries = ((ids << self.bits) | threshold).astype(self.keys.dtype)
        return np.searchsorted(self.keys, queries).astype(np.int64) - ids * self.per_subset


def dealer_counts(hands: np.ndarray, dense: np.ndarray, qualify: int, players: np.ndarray, deck: int = 52):
    """For the player hands `hands[players]`: (not qualifying, qualifying and below, tie, above), counted over the
    dealer hands disjoint from each. `hands` is every five-card hand of a `deck`-card deck (ascending cards),
    `dense` their ranks as 0 .. levels-1, `qualify` the lowest rank that qualifies."""
    levels = int(dense.max()) + 1
    hands = hands.astype(np.int64)
    dense = dense.astype(np.int64)
    mine = dense[players]
    thresholds = (np.full(len(players), qualify), np.maximum(mine, qualify), np.maximum(mine + 1, qualify))
    # S empty: every hand.
    everywhere = np.concatenate([[0], np.cumsum(np.bincount(dense, minlength=levels))])
    sums = [everywhere[t].astype(np.int64) for t in thresholds]
    for k in range(1, 5):
        containing = _Containing(hands, dense, levels, k, deck)
        for positions in containing.positions:
            ids = subset_ids(hands[players], positions)
            for total, threshold in zip(sums, thresholds, strict=True):
                total += (-1) ** k * containing.below(ids, threshold)
        del containing
    # S = P: the one hand containing all five cards is P itself.
    for total, threshold in zip(sums, thresholds, strict=True):
        total -= mine < threshold
    not_qualifying, below_or_tie, up_to_tie = sums
    disjoint = comb(deck - 5, 5)
    return not_qualifying, below_or_tie - not_qualifying, up_to_tie - below_or_tie, disjoint - up_to_tie


def raise_returns(counts, categories: np.ndarray) -> np.ndarray:
    """The raise's return summed over the disjoint dealer hands, in antes (ante 1, bet 2, 001 art. 13, 14)."""
    not_qualifying, below, _tie, above = counts
    pays = np.array(PAYS, dtype=np.int64)[categories]
    return not_qualifying + below * (1 + 2 * pays) - 3 * above


def ante_edge(hands: np.ndarray, ranks: np.ndarray, classes) -> Fraction:
    """The ante's house edge (a fraction of the ante) for the raise-when-better strategy, exactly: `ranks` are
    the hands' ranks under a straights variant, `classes` their suit classes."""
    levels, dense = np.unique(ranks, return_inverse=True)
    qualifying = np.array([qualifies(int(rank)) for rank in levels])
    qualify = int(np.argmax(qualifying))
    assert qualifying[qualify:].all(), "ace-king or better is a threshold in the ranking"
    representatives, sizes = classes
    counts = dealer_counts(hands, dense, qualify, representatives)
    disjoint = comb(47, 5)
    raised = raise_returns(counts, ranks[representatives] >> 20)
    best = np.maximum(raised, -disjoint)  # folding returns -1 ante on every dealer hand
    return Fraction(-int((best * sizes).sum()), HANDS * disjoint)


def jackpot_edge(categories: np.ndarray, settings: dict | None = None) -> Fraction:
    """The side bet's house edge at the seed meter: 1 - expected award / side bet. Every hand with an award
    (a flush or better) is raised under the ante strategy, so it is paid."""
    s = {**CaribbeanPoker.SETTINGS, **(settings or {})}
    census = np.bincount(categories, minlength=10)
    meter = s["jackpot_seed"]
    awards = {ROYAL_FLUSH: meter, STRAIGHT_FLUSH: jackpot.straight_flush_award(meter),
              FOUR_OF_A_KIND: s["jackpot_four_of_a_kind"], FULL_HOUSE: s["jackpot_full_house"],
              FLUSH: s["jackpot_flush"]}
    paid = sum(int(census[category]) * chips for category, chips in awards.items())
    return 1 - Fraction(paid, HANDS * s["jackpot_bet"])


@cache  # the figures never change within a process; about 10 s to compute
def exact_edges() -> MappingProxyType[tuple[str, str], Fraction]:
    """Every edge as a fraction of the stake, by (straights variant, bet): the long computation of `edges`."""
    hands = all_hands()
    classes = suit_classes(hands)
    found = {}
    for straights in STRAIGHTS:
        ranks = rank_all(hands, straights)
        found[straights, "ante"] = ante_edge(hands, ranks, classes)
        found[straights, "jackpot"] = jackpot_edge(ranks >> 20)
    return MappingProxyType(found)


def variant(straights: str, bet: str) -> str:
    rule = f"{STRAIGHTS_TEXT[straights]} ({STRAIGHTS[straights]})"
    if bet == "ante":
        return (f"{rule}; raise when raising returns more than folding, judged on the player's own five cards; "
                "no payout cap")
    s = CaribbeanPoker.SETTINGS
    return (f"{rule}; side bet {s['jackpot_bet']} chips, meter at its seed of {s['jackpot_seed']:,} chips: royal flush "
            f"the whole meter, straight flush a tenth of it; four of a kind {s['jackpot_four_of_a_kind']:,}, full "
            f"house {s['jackpot_full_house']:,}, flush {s['jackpot_flush']:,} chips; every flush or better is raised")


def edges() -> list[dict]:
    """The ante lines, then the side bet's, for each straights variant (000, then 001)."""
    found = exact_edges()
    return [{"game": GAME, "variant": variant(straights, bet), "bet": bet,
             "house_edge_pct": round(float(found[straights, bet] * 100), 4), "method": "exact"}
            for bet in ("ante", "jackpot") for straights in STRAIGHTS]
