"""The progressive jackpot at the table (001 art. 4-6, 17, 20): side bets lost to the house with their share to
the meter, awards as extra postings, the meter kept in the state and its moves reported per event."""

from montecarlo.tablegames.base import AWARD, LOST, PUSHED, WON
from montecarlo.tablegames.caribbean import CaribbeanPoker
from tests.montecarlo.tablegames.test_caribbean import (
    NO_GAME,
    QUALIFIES,
    ante,
    by_bet,
    decide,
    events,
    outcome,
    play,
    refused,
    result,
    side,
)

JACKPOT = {"jackpot": True}
PAIR_OF_NINES = "9d 9c 8d 6c 2h"  # a qualifying dealer holding none of the royals' cards


def moves(table):
    return [(m["kind"], m["chips"], m["meter"], m["participant"]) for m in table.jackpot_moves]


def test_an_award_on_a_hand_the_dealer_beats():
    table, postings = play(JACKPOT, antes=[1], sides=[1], dealer="Kc Kd Kh 9s 9c", hands={1: "2s 5s 7s Js Qs"})
    assert result(postings, 1, "ante") == (LOST, -10)
    assert result(postings, 1, "bet") == (LOST, -20)
    assert result(postings, 1, "jackpot") == (LOST, -5)
    award = postings[(1, "jackpot", AWARD)]
    assert (award.chips, award.house, award.params["award"]) == (500, -500, "flush")
    assert moves(table) == [("contribution", 1, 100_001, 1)]
    assert table.meter == 100_001
    assert table.last["awards"] == [{"participant": 1, "bet": "1.2", "award": "flush", "chips": 500}]


def test_an_award_when_the_dealer_does_not_qualify():
    _, postings = play(JACKPOT, antes=[1], sides=[1], dealer=NO_GAME, hands={1: "3c 3d 3s 9h 9s"})
    assert result(postings, 1, "ante") == (WON, 10)
    assert result(postings, 1, "bet") == (PUSHED, 0)
    assert postings[(1, "jackpot", AWARD)].chips == 1000


def test_awards_are_paid_after_every_ante_and_bet():
    table = CaribbeanPoker(JACKPOT)
    for event in events(antes=[1, 2], sides=[1]):
        table.apply(event)
    postings = table.apply(outcome(QUALIFIES, p1="4c 4d 4h 4s 9s", p2="3c 3d Ts Th 7s"))
    assert [p.kind for p in postings] == [WON, WON, WON, WON, LOST, AWARD]
    assert postings[-1].chips == 5000


def test_no_award_to_a_folded_hand():
    table = CaribbeanPoker(JACKPOT)
    for event in events(antes=[1], sides=[1], decisions={1: "fold"}):
        table.apply(event)
    postings = by_bet(table, table.apply(outcome(QUALIFIES)))
    assert result(postings, 1, "ante") == (LOST, -10)
    assert result(postings, 1, "jackpot") == (LOST, -5)
    assert not [key for key in postings if key[-1] == AWARD]
    assert table.meter == 100_001  # the folded hand's side bet still feeds the meter


def test_a_royal_takes_the_meter_and_excludes_the_flush_award():
    table, postings = play(JACKPOT, antes=[1], sides=[1], dealer=PAIR_OF_NINES, hands={1: "Ts Js Qs Ks As"})
    awards = [p for p in postings.values() if p.kind == AWARD]
    assert [(a.params["award"], a.chips) for a in awards] == [("royal flush", 100_001)]
    assert result(postings, 1, "bet") == (WON, 2000)  # the pay table pays too: 100:1
    assert moves(table) == [("contribution", 1, 100_001, 1), ("award", -100_001, 0, 1), ("reset", 100_000, 100_000,
                                                                                          None)]
    assert table.meter == 100_000


def test_royals_split_the_meter_the_remainder_stays_with_the_house():
    table, postings = play(JACKPOT, antes=[1, 2, 3], sides=[1, 2, 3], dealer=PAIR_OF_NINES,
                           hands={1: "Ts Js Qs Ks As", 2: "Th Jh Qh Kh Ah", 3: "Tc Jc Qc Kc Ac"})
    # 100,000 + 3 contributions = 100,003: 33,334 each, 1 chip left to the house, the meter back at the seed.
    assert [postings[(p, "jackpot", AWARD)].chips for p in (1, 2, 3)] == [33_334] * 3
    assert postings[(1, "jackpot", AWARD)].params["royals"] == 3
    assert moves(table)[-1] == ("reset", 99_999, 100_000, None)
    assert table.meter == 100_000


def test_two_royals_then_the_meter_starts_again_from_the_seed():
    settings = {**JACKPOT, "jackpot_seed": 20_000}
    table = CaribbeanPoker(settings)
    for event in events(antes=[1, 2], sides=[1, 2]):
        table.apply(event)
    postings = by_bet(table, table.apply(outcome(PAIR_OF_NINES, p1="Ts Js Qs Ks As", p2="Th Jh Qh Kh Ah")))
    assert [postings[(p, "jackpot", AWARD)].chips for p in (1, 2)] == [10_001, 10_001]
    assert table.meter == 20_000
    for event in events(antes=[4], sides=[4], dealer=NO_GAME, hands={4: "2c 3d 5h 8s Tc"}):
        table.apply(event)
    assert table.meter == 20_001
    assert moves(table) == [("contribution", 1, 20_001, 4)]


def test_straight_flushes_take_a_tenth_of_the_meter_in_bet_order():
    table, postings = play(JACKPOT, antes=[1, 2], sides=[2, 1], dealer=QUALIFIES,
                           hands={1: "5s 6s 7s 8s 9s", 2: "5h 6h 7h 8h 9h"})
    # Side bets in bet order: 2's first. 100,002 -> 10,000 to 2 -> 90,002 -> 9,000 to 1.
    assert postings[(2, "jackpot", AWARD)].chips == 10_000
    assert postings[(1, "jackpot", AWARD)].chips == 9_000
    assert table.meter == 81_002
    assert [m[0] for m in moves(table)] == ["contribution", "contribution", "award", "award"]


def test_the_wheel_award_follows_the_straights_variant():
    _, postings = play(JACKPOT, antes=[1], sides=[1], dealer=QUALIFIES, hands={1: "As 2s 3s 4s 5s"})
    assert postings[(1, "jackpot", AWARD)].chips == 10_000  # a straight flush under 000
    _, postings = play({**JACKPOT, "straights": "001"}, antes=[1], sides=[1], dealer=QUALIFIES,
                       hands={1: "As 2s 3s 4s 5s"})
    assert postings[(1, "jackpot", AWARD)].chips == 500  # a flush under 001 art. 15


def test_contribution_and_awards_follow_the_settings():
    settings = {**JACKPOT, "jackpot_bet": 10, "jackpot_contribution_pct": 25, "jackpot_four_of_a_kind": 777,
                "jackpot_seed": 50}
    table, postings = play(settings, antes=[1], sides=[1], side_amount=10, dealer=QUALIFIES,
                           hands={1: "4c 4d 4h 4s 9s"})
    assert moves(table) == [("contribution", 2, 52, 1)]  # 25% of 10, rounded down
    assert postings[(1, "jackpot", AWARD)].chips == 777
    assert table.view()["jackpot"]["meter"] == 52


def test_no_award_without_a_side_bet():
    table, postings = play(JACKPOT, antes=[1], dealer=QUALIFIES, hands={1: "4c 4d 4h 4s 9s"})
    assert not [p for p in postings.values() if p.kind == AWARD]
    assert table.meter == 100_000 and table.jackpot_moves == []


def test_jackpot_moves_belong_to_the_last_event_only():
    table, _ = play(JACKPOT, antes=[1], sides=[1], dealer=QUALIFIES, hands={1: "4c 4d 4h 4s 9s"})
    assert table.jackpot_moves
    refused(table, decide(1), "type", "art. 10")  # a refused event leaves them as they were
    assert table.jackpot_moves
    table.apply({"type": "open"})
    assert table.jackpot_moves == []
    table.apply(ante(1))
    refused(table, side(1, 6), "amount", "art. 4")
