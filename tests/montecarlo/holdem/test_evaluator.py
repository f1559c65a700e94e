import random
from collections import Counter
from itertools import combinations

import pytest
from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from montecarlo.holdem.cards import format_card, parse_cards
from montecarlo.holdem.evaluator import CATEGORIES, category, evaluate, hand_rank

FIVE_CARD_CENSUS = {
    "royal flush": 4,
    "straight flush": 36,
    "four of a kind": 624,
    "full house": 3_744,
    "flush": 5_108,
    "straight": 10_200,
    "three of a kind": 54_912,
    "two pair": 123_552,
    "one pair": 1_098_240,
    "high card": 1_302_540,
}


def rank_of(text: str) -> int:
    return hand_rank(parse_cards(text.split()))


def test_every_five_card_hand_falls_in_its_category():
    # All 2,598,960 five-card hands, each through the public fast function.
    by_rank = Counter(map(hand_rank, combinations(range(52), 5)))
    by_category = Counter()
    for rank, count in by_rank.items():
        by_category[category(rank)] += count
    assert dict(by_category) == FIVE_CARD_CENSUS
    assert len(by_rank) == 7462  # the known number of distinct five-card hand values


@pytest.mark.parametrize(
    ("cards", "name"),
    [
        ("As Ks Qs Js Ts", "royal flush"),
        ("9h Kh Qh Jh Th", "straight flush"),
        ("Ad 2d 3d 4d 5d", "straight flush"),
        ("7c 7d 7h 7s 2c", "four of a kind"),
        ("7c 7d 7h 2s 2c", "full house"),
        ("Ac 9c 7c 4c 2c", "flush"),
        ("Ac 2d 3h 4s 5c", "straight"),
        ("Tc Jd Qh Ks Ac", "straight"),
        ("Qc Kd Ah 2s 3c", "high card"),  # no wrap-around straight (1604.3(a))
        ("7c 7d 7h Ks 2c", "three of a kind"),
        ("7c 7d 2h 2s Kc", "two pair"),
        ("7c 7d 3h 2s Kc", "one pair"),
        ("7c 9d 3h 2s Kc", "high card"),
        ("As Ks Qs Js Ts 9s 8s", "royal flush"),
        ("7c 7d 7h 2s 2c 2d Ah", "full house"),
        ("7c 7d 7h 7s 2c 2d 2h", "four of a kind"),
        ("Ac 2c 3c 4c 5d 9c 9h", "flush"),
    ],
)
def test_categories(cards, name):
    assert evaluate(parse_cards(cards.split()))[1] == name


def test_ace_is_low_only_in_the_wheel_and_kickers_break_ties():
    assert rank_of("Ac 2d 3h 4s 5c") < rank_of("2c 3d 4h 5s 6c")  # the wheel is the lowest straight
    assert rank_of("Ah 2h 3h 4h 5h") < rank_of("2d 3d 4d 5d 6d")
    assert rank_of("Ac Ad Kh 7s 2c") > rank_of("Ac Ad Qh Js Tc")  # kicker (1604.3(v)(2)(A))
    assert rank_of("Kc Kd 5h 5s 9c") > rank_of("Kc Kd 5h 5s 8c")
    assert rank_of("7c 7d 7h 7s Ac") > rank_of("7c 7d 7h 7s Kc")
    assert rank_of("Ac Kc 9c 7c 3c") > rank_of("Ad Kd 9d 7d 2d")


def test_suits_never_break_ties():
    assert rank_of("Ac Kd Qh Js 9c") == rank_of("Ad Kh Qs Jc 9d")  # 1604.3(a): equal hands split
    assert rank_of("Ac Kc Qc Jc 9c") == rank_of("As Ks Qs Js 9s")
    # Best five of seven: the unused cards never matter.
    assert rank_of("Ac Ad Ah Ks Kc 2d 3h") == rank_of("Ac Ad Ah Ks Kc 4d 5h")


def test_evaluate_checks_its_input():
    assert evaluate(parse_cards(["As", "Ks", "Qs", "Js", "Ts"])) == (rank_of("As Ks Qs Js Ts"), "royal flush")
    with pytest.raises(ValueError, match="1604.3"):
        evaluate(parse_cards(["As", "Ks", "Qs", "Js"]))
    with pytest.raises(ValueError, match="1603.22"):
        evaluate([0, 0, 1, 2, 3])
    assert CATEGORIES[-1] == "royal flush" and CATEGORIES[0] == "high card"


TREYS_CLASS = {
    1: "straight flush",
    2: "four of a kind",
    3: "full house",
    4: "flush",
    5: "straight",
    6: "three of a kind",
    7: "two pair",
    8: "one pair",
    9: "high card",
}


@pytest.mark.parametrize("size", [5, 6, 7])
def test_against_treys_on_random_hands(size):
    treys = TreysEvaluator()
    rng = random.Random(1604 + size)
    hands = [rng.sample(range(52), size) for _ in range(6000)]
    ours = [hand_rank(h) for h in hands]
    theirs = []
    for h in hands:
        cards = [TreysCard.new(format_card(c)) for c in h]
        theirs.append(treys.evaluate(cards[:2], cards[2:]))  # lower is better in treys
    for rank, score in zip(ours, theirs, strict=True):
        name = TREYS_CLASS[treys.get_rank_class(score)]
        assert category(rank).replace("royal flush", "straight flush") == name
    for _ in range(20000):
        i, j = rng.randrange(len(hands)), rng.randrange(len(hands))
        ours_cmp = (ours[i] > ours[j]) - (ours[i] < ours[j])
        theirs_cmp = (theirs[i] < theirs[j]) - (theirs[i] > theirs[j])
        assert ours_cmp == theirs_cmp, (hands[i], hands[j])


def test_ties_between_random_seven_card_hands_on_one_board_match_treys():
    # Same board, different hole cards: ties (split pots) are common here and must agree.
    treys = TreysEvaluator()
    rng = random.Random(7)
    for _ in range(3000):
        cards = rng.sample(range(52), 9)
        board, a, b = cards[:5], cards[5:7], cards[7:]
        ours = (hand_rank(a + board), hand_rank(b + board))
        tb = [TreysCard.new(format_card(c)) for c in board]
        theirs = [treys.evaluate([TreysCard.new(format_card(c)) for c in h], tb) for h in (a, b)]
        assert (ours[0] > ours[1]) - (ours[0] < ours[1]) == (theirs[0] < theirs[1]) - (theirs[0] > theirs[1])
