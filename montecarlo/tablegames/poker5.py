"""Five-card hands of Caribbean poker, ranked as one integer where higher is better.

The Hold'em evaluator (`montecarlo.holdem.evaluator.hand_rank`) already ranks five cards the way the Peru text
does: A-2-3-4-5 is the lowest straight and straight flush (000 art. 3, art. 4(b), (f)). The Montevideo text
says the lowest card of a straight is the 2 (001 art. 15), so A-2-3-4-5 is no straight there: it is an
ace-high hand (a flush when suited). That one hand class is the only difference, so this module adds only it.
Ranks keep the evaluator's packing (category above five 4-bit card ranks in tie-break order), so kickers break
ties and suits never do (001 art. 16) by plain integer comparison.

`all_hands()`/`rank_all()` rank the 2,598,960 hands at once with numpy, for the exact house edge.
"""

from __future__ import annotations

from itertools import chain, combinations

import numpy as np

from montecarlo.holdem.evaluator import ACE, FLUSH, HIGH_CARD, hand_rank
from montecarlo.tablegames.base import cite, gettext_noop

# The table setting `straights` and the text each value follows.
STRAIGHTS = {
    "000": cite("000", "art. 3, art. 4(b), (f)"),  # A-2-3-4-5 is the lowest straight (and straight flush)
    "001": cite("001", "art. 15"),  # "la carta de menor valor es el 2": A-2-3-4-5 is ace high
}
STRAIGHTS_TEXT = {
    "000": gettext_noop("A-2-3-4-5 is the lowest straight"),
    "001": gettext_noop("A-2-3-4-5 is no straight (the lowest card of a straight is the 2)"),
}
WHEEL = (1 << ACE) | 0b1111  # the rank mask of A-2-3-4-5
HANDS = 2_598_960  # C(52, 5)


def pack(category: int, ranks) -> int:
    """The evaluator's layout: the category, then up to five card ranks (4 bits each) in tie-break order."""
    value = category
    for i in range(5):
        value = (value << 4) | (ranks[i] if i < len(ranks) else 0)
    return value


# A-2-3-4-5 under 001 art. 15: the ace plays high (001 art. 16), so it is A-5-4-3-2.
_NO_WHEEL = {False: pack(HIGH_CARD, (ACE, 3, 2, 1, 0)), True: pack(FLUSH, (ACE, 3, 2, 1, 0))}


def rank5(cards, straights: str = "000") -> int:
    """Rank of five distinct cards (ints, `montecarlo.holdem.cards`) under the `straights` variant."""
    if straights == "001":
        mask = 0
        for card in cards:
            mask |= 1 << (card >> 2)
        if mask == WHEEL:
            return _NO_WHEEL[len({card & 3 for card in cards}) == 1]
    return hand_rank(cards)


def all_hands() -> np.ndarray:
    """Every five-card hand as a (2,598,960, 5) uint8 array of ascending cards, in lexicographic order."""
    flat = np.fromiter(chain.from_iterable(combinations(range(52), 5)), dtype=np.uint8, count=HANDS * 5)
    return flat.reshape(HANDS, 5)


def rank_all(hands: np.ndarray, straights: str = "000") -> np.ndarray:
    """`rank5` of every row of `hands` (an (n, 5) array of distinct cards), vectorised: a hand that is no flush
    is ranked by its rank multiset alone (6,175 of them), a flush by its rank mask (1,287 of them), so each
    distinct multiset or mask is ranked once by `rank5` and the answers are spread back."""
    hands = hands.astype(np.int64)
    ranks, suits = hands >> 2, hands & 3
    flush = (suits == suits[:, :1]).all(axis=1)
    counts_key = (np.int64(1) << (3 * ranks)).sum(axis=1)  # 3-bit counter per rank, as the evaluator keys
    mask_key = (np.int64(1) << ranks).sum(axis=1)  # a flush has five distinct ranks
    out = np.empty(len(hands), dtype=np.int64)
    plain_keys, plain_at = np.unique(counts_key[~flush], return_inverse=True)
    out[~flush] = np.array([rank5(_unsuited(int(key)), straights) for key in plain_keys], dtype=np.int64)[plain_at]
    if flush.any():
        masks, mask_at = np.unique(mask_key[flush], return_inverse=True)
        suited = [[r * 4 for r in range(13) if int(mask) >> r & 1] for mask in masks]
        out[flush] = np.array([rank5(cards, straights) for cards in suited], dtype=np.int64)[mask_at]
    return out


def _unsuited(counts_key: int) -> list[int]:
    """Five cards with the rank multiset `counts_key` and no flush: the copies of a rank take suits 0, 1, ...
    and the first rank starts at suit 1, so five distinct ranks never share one suit."""
    cards: list[int] = []
    for rank in range(13):
        start = 0 if cards else 1
        cards.extend(rank * 4 + (copy + start) % 4 for copy in range(counts_key >> (3 * rank) & 7))
    return cards
