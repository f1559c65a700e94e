from montecarlo.holdem.evaluator import (
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    ONE_PAIR,
    ROYAL_FLUSH,
    STRAIGHT,
    STRAIGHT_FLUSH,
)
from montecarlo.tablegames import jackpot
from montecarlo.tablegames.jackpot import SideBet

FIXED = {FOUR_OF_A_KIND: 5000, FULL_HOUSE: 1000, FLUSH: 500}


def settle(meter, bets, *, seed=100_000, pct=20):
    return jackpot.settle(meter, seed=seed, pct=pct, fixed=FIXED, bets=bets)


def side(n, category, amount=5):
    return SideBet(f"1.{n}", 10 + n, amount, category)


def test_contribution_rounds_down():
    assert jackpot.contribution(5, 20) == 1
    assert jackpot.contribution(4, 20) == 0
    assert jackpot.contribution(9, 20) == 1
    assert jackpot.contribution(50, 33) == 16
    assert jackpot.contribution(5, 0) == 0


def test_straight_flush_takes_a_tenth_rounded_down():
    assert jackpot.straight_flush_award(100_000) == 10_000
    assert jackpot.straight_flush_award(100_009) == 10_000


def test_royal_split_and_its_remainder():
    assert jackpot.royal_split(100_000, 1) == (100_000, 0)
    assert jackpot.royal_split(100_001, 3) == (33_333, 2)


def test_fixed_awards_only_for_their_categories():
    assert jackpot.fixed_award(FOUR_OF_A_KIND, FIXED) == 5000
    assert jackpot.fixed_award(FULL_HOUSE, FIXED) == 1000
    assert jackpot.fixed_award(FLUSH, FIXED) == 500
    assert jackpot.fixed_award(STRAIGHT, FIXED) == 0
    assert jackpot.fixed_award(ROYAL_FLUSH, {ROYAL_FLUSH: 7}) == 0  # never a fixed award for a royal


def test_contributions_come_first_and_fixed_awards_leave_the_meter_alone():
    meter, awards, moves = settle(1000, [side(1, FLUSH), side(2, ONE_PAIR, amount=10), side(3, FULL_HOUSE)])
    assert meter == 1004
    assert [(m["kind"], m["chips"], m["meter"], m["bet"], m["participant"]) for m in moves] == [
        ("contribution", 1, 1001, "1.1", 11), ("contribution", 2, 1003, "1.2", 12),
        ("contribution", 1, 1004, "1.3", 13)]
    assert [(a.bet, a.category, a.chips) for a in awards] == [("1.1", FLUSH, 500), ("1.3", FULL_HOUSE, 1000)]


def test_a_royal_takes_the_meter_and_the_meter_resets_to_the_seed():
    meter, awards, moves = settle(250_000, [side(1, ROYAL_FLUSH)])
    assert meter == 100_000
    assert [(a.category, a.chips, a.royals) for a in awards] == [(ROYAL_FLUSH, 250_001, 1)]
    assert [(m["kind"], m["chips"], m["meter"]) for m in moves] == [
        ("contribution", 1, 250_001), ("award", -250_001, 0), ("reset", 100_000, 100_000)]


def test_royals_split_equally_the_remainder_stays_with_the_house_then_straight_flushes():
    bets = [side(1, STRAIGHT_FLUSH), side(2, ROYAL_FLUSH), side(3, ROYAL_FLUSH), side(4, ROYAL_FLUSH),
            side(5, STRAIGHT_FLUSH)]
    meter, awards, moves = settle(99_995, bets, seed=50_000)
    # 99,995 + 5 contributions = 100,000: three royals take 33,333 each, 1 chip stays with the house.
    assert [(a.bet, a.category, a.chips) for a in awards] == [
        ("1.1", STRAIGHT_FLUSH, 5_000), ("1.2", ROYAL_FLUSH, 33_333), ("1.3", ROYAL_FLUSH, 33_333),
        ("1.4", ROYAL_FLUSH, 33_333), ("1.5", STRAIGHT_FLUSH, 4_500)]
    kinds = [(m["kind"], m["chips"], m["meter"]) for m in moves[5:]]
    assert kinds == [("award", -33_333, 66_667), ("award", -33_333, 33_334), ("award", -33_333, 1),
                     ("reset", 49_999, 50_000), ("award", -5_000, 45_000), ("award", -4_500, 40_500)]
    assert meter == 40_500
    assert sum(m["chips"] for m in moves) == meter - 99_995


def test_straight_flushes_in_bet_order_each_a_tenth_of_the_meter_as_it_stands():
    meter, awards, _ = settle(99_998, [side(1, STRAIGHT_FLUSH), side(2, STRAIGHT_FLUSH)])
    assert [a.chips for a in awards] == [10_000, 9_000]
    assert meter == 81_000


def test_a_folded_hand_contributes_and_wins_nothing():
    meter, awards, moves = settle(100, [side(1, None)])
    assert (meter, awards) == (101, [])
    assert [m["kind"] for m in moves] == ["contribution"]
