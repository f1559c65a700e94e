import random
from collections import Counter

import numpy as np
import pytest

from montecarlo.holdem.cards import parse_cards
from montecarlo.holdem.evaluator import CATEGORIES, FLUSH, HIGH_CARD, STRAIGHT, STRAIGHT_FLUSH, hand_rank
from montecarlo.tablegames.poker5 import HANDS, STRAIGHTS, WHEEL, all_hands, rank5, rank_all

CENSUS_000 = {  # the standard census: A-2-3-4-5 a straight (000 art. 3)
    "royal flush": 4, "straight flush": 36, "four of a kind": 624, "full house": 3_744, "flush": 5_108,
    "straight": 10_200, "three of a kind": 54_912, "two pair": 123_552, "one pair": 1_098_240,
    "high card": 1_302_540,
}
# 001 art. 15: the 4 suited wheels become flushes, the 1,020 others ace-high hands.
CENSUS_001 = {**CENSUS_000, "straight flush": 32, "flush": 5_112, "straight": 9_180, "high card": 1_303_560}


def r(text: str, straights: str = "000") -> int:
    return rank5(parse_cards(text.split()), straights)


def category(text: str, straights: str = "000") -> int:
    return r(text, straights) >> 20


@pytest.fixture(scope="module")
def hands():
    return all_hands()


@pytest.fixture(scope="module")
def ranks(hands):
    return {straights: rank_all(hands, straights) for straights in STRAIGHTS}


def is_wheel(hand) -> bool:
    return sum(1 << (int(card) >> 2) for card in hand) == WHEEL and len({int(card) >> 2 for card in hand}) == 5


def test_the_census_of_each_variant(ranks):
    for straights, census in (("000", CENSUS_000), ("001", CENSUS_001)):
        counts = Counter(np.asarray(ranks[straights] >> 20).tolist())
        assert {CATEGORIES[c]: n for c, n in counts.items()} == census
        assert len(np.unique(ranks[straights])) == 7462


def test_000_is_holdems_order_and_001_differs_only_on_the_wheel(hands, ranks):
    # The two variants differ on exactly the 1,024 A-2-3-4-5 hands (4^5), and only there.
    differ = np.flatnonzero(ranks["000"] != ranks["001"])
    assert len(differ) == 4**5
    assert all(is_wheel(hands[i]) for i in differ)
    # Both agree with the Hold'em evaluator away from the wheel, and 000 on the wheel too.
    rng = random.Random(5)
    sample = [rng.randrange(HANDS) for _ in range(20_000)] + differ.tolist()
    for i in sample:
        cards = [int(c) for c in hands[i]]
        assert ranks["000"][i] == hand_rank(cards) == rank5(cards, "000")
        assert ranks["001"][i] == rank5(cards, "001")
        if i not in set(differ.tolist()):
            assert ranks["001"][i] == hand_rank(cards)


def test_the_wheel_under_each_text():
    # 000 art. 3, 4(f): A-2-3-4-5 is the lowest straight, below 2-3-4-5-6.
    assert category("Ac 2d 3h 4s 5c") == STRAIGHT
    assert r("Ac 2d 3h 4s 5c") < r("2c 3d 4h 5s 6c")
    assert r("Ac 2d 3h 4s 5c") > r("Kc Kd Kh 9s 8c")
    assert category("Ad 2d 3d 4d 5d") == STRAIGHT_FLUSH
    assert r("Ad 2d 3d 4d 5d") < r("2d 3d 4d 5d 6d")
    # 001 art. 15: the lowest card of a straight is the 2; the ace plays high (art. 16): an ace-five high hand.
    assert category("Ac 2d 3h 4s 5c", "001") == HIGH_CARD
    assert r("Kc Qd Jh 9s 7c", "001") < r("Ac 2d 3h 4s 5c", "001") < r("Ac 2d 3h 4s 6c", "001")
    assert r("Ac 2d 3h 4s 5c", "001") < r("2c 2d 3h 4s 5c", "001")
    assert category("2c 3d 4h 5s 6c", "001") == STRAIGHT  # now the lowest straight
    assert category("Ad 2d 3d 4d 5d", "001") == FLUSH
    assert r("Ad 2d 3d 4d 5d", "001") == r("Ad 2d 3d 4d 5d".replace("d", "s"), "001")  # suits never count
    assert r("Kd Qd Jd 9d 7d", "001") < r("Ad 2d 3d 4d 5d", "001") < r("Ad 2d 3d 4d 6d", "001")


def test_rank_all_ranks_any_rows():
    texts = ("Ac 2d 3h 4s 5c", "Ad 2d 3d 4d 5d", "7c 7d 7h 7s 2c")
    rows = np.array([parse_cards(text.split()) for text in texts])
    assert rank_all(rows, "000").tolist() == [r("Ac 2d 3h 4s 5c"), r("Ad 2d 3d 4d 5d"), r("7c 7d 7h 7s 2c")]
    assert rank_all(rows, "001").tolist() == [r("Ac 2d 3h 4s 5c", "001"), r("Ad 2d 3d 4d 5d", "001"),
                                              r("7c 7d 7h 7s 2c", "001")]
