import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from montecarlo.tablegames.banca_francesa import (
    LIMITS_RULE,
    RULE,
    SIDE_BOARDS_RULE,
    VOID_RULE,
    BancaFrancesa,
    decide,
)
from montecarlo.tablegames.base import BETTING, LOST, PUSHED, SETTLED, WON, GameError, replay


def table_with(*bets, settings=None):
    table = BancaFrancesa(settings)
    table.apply({"type": "open"})
    for participant, kind, amount in bets:
        table.apply({"type": "bet", "participant": participant, "kind": kind, "amount": amount})
    return table


def refused(table, event, field, rule):
    with pytest.raises(GameError) as caught:
        table.apply(event)
    assert caught.value.field == field
    assert caught.value.rule == rule
    return caught.value


def dice_for(total):
    """Three dice totalling `total` (3 to 18)."""
    first = min(6, total - 2)
    second = min(6, total - first - 1)
    return [first, second, total - first - second]


# 003 s. 25 V: the winning bet of each deciding total; the others lose.
WINNER = {3: "aces", 5: "small", 6: "small", 7: "small", 14: "big", 15: "big", 16: "big"}
PAYS = {"aces": 61, "small": 1, "big": 1}


@pytest.mark.parametrize("total", range(3, 19))
def test_every_total(total):
    table = table_with((1, "aces", 10), (2, "small", 100), (3, "big", 50))
    postings = table.apply({"type": "outcome", "dice": dice_for(total)})
    assert table.last["total"] == total
    if total not in WINNER:
        # Any other total decides nothing: every bet stands, the round stays open, the dice go again.
        assert postings == [] and len(table.bets) == 3 and table.phase == BETTING and table.history == []
        assert table.last["decides"] is None
        return
    assert table.last["decides"] == WINNER[total] and table.phase == SETTLED and table.bets == {}
    for posting, kind in zip(postings, ("aces", "small", "big"), strict=True):
        if kind == WINNER[total]:
            winnings = posting.stake * PAYS[kind]
            assert (posting.kind, posting.chips, posting.house) == (WON, posting.stake + winnings, -winnings)
            assert table.last["winners"] == [posting.bet]
        else:
            assert (posting.kind, posting.chips, posting.house) == (LOST, 0, posting.stake)


def test_aces_pay_61_to_1():
    table = table_with((1, "aces", 60))
    (posting,) = table.apply({"type": "outcome", "dice": [1, 1, 1]})
    assert (posting.kind, posting.chips, posting.house) == (WON, 60 + 3660, -3660)


def test_an_undecided_throw_takes_more_bets_and_the_next_throw_decides_them_all():
    table = table_with((1, "small", 20))
    assert table.apply({"type": "outcome", "dice": [6, 3, 1]}) == []  # 10
    table.apply({"type": "bet", "participant": 2, "kind": "big", "amount": 30})
    assert table.view()["expects"] == "outcome"
    small, big = table.apply({"type": "outcome", "dice": [6, 5, 4]})  # 15
    assert (small.kind, big.kind, big.chips) == (LOST, WON, 60)
    assert table.history == [{"round": 1, "dice": [6, 5, 4], "total": 15, "decides": "big"}]


def test_dice_lifted_before_the_announcement_pay_the_winners_and_lose_nothing():
    # 003 s. 25 V: the dealer lifts or touches the dice without announcing the result: the throw is valid, its
    # winners win and none of the other bets loses.
    table = table_with((1, "small", 20), (2, "big", 20), (3, "aces", 10))
    small, big, aces = table.apply({"type": "outcome", "dice": [2, 2, 2], "lifted_unannounced": True})
    assert (small.kind, small.chips) == (WON, 40)
    assert (big.kind, big.chips, big.house) == (PUSHED, 20, 0) and aces.kind == PUSHED
    assert table.phase == SETTLED and table.last["lifted_unannounced"] is True
    table = table_with((1, "small", 20))
    refused(table, {"type": "outcome", "dice": [2, 2, 2], "lifted_unannounced": "yes"}, "lifted_unannounced", RULE)


@pytest.mark.parametrize("dice", [[1, 2], [1, 2, 3, 4], [1, 2, 7], [0, 2, 3], ["1", 2, 3], [True, 2, 3],
                                  [1.0, 2, 3], "123", None, (1, 2, 3), {"a": 1}, [[1], 2, 3]])
def test_malformed_dice_are_refused(dice):
    table = table_with((1, "small", 10))
    refused(table, {"type": "outcome", "dice": dice}, "dice", RULE)
    assert len(table.bets) == 1 and table.last == {}


@pytest.mark.parametrize("why, rule", [("touched_object", VOID_RULE), ("left_table", VOID_RULE),
                                       ("not_all_in_cup", VOID_RULE), ("stuck_in_cup", VOID_RULE),
                                       ("no_side_boards", SIDE_BOARDS_RULE)])
def test_a_void_throw_leaves_every_bet_standing(why, rule):
    table = table_with((1, "small", 10), (2, "aces", 10))
    assert table.apply({"type": "void_outcome", "why": why, "reason": "a die hit the cup"}) == []
    assert table.last == {"round": 1, "void": True, "why": why, "reason": "a die hit the cup", "rule": rule,
                          "replace_dice": why == "left_table"}
    assert len(table.bets) == 2 and table.phase == BETTING and table.history == []
    assert why in table.view()["void_whys"] and len(table.view()["void_whys"]) == 5
    table.apply({"type": "void_outcome", "why": why})  # the dealer's words are optional
    assert table.last["reason"] == ""


@pytest.mark.parametrize("event", [{"type": "void_outcome"}, {"type": "void_outcome", "reason": "fell"},
                                   {"type": "void_outcome", "why": "bad_luck"}, {"type": "void_outcome", "why": 1}])
def test_a_void_throw_says_why(event):
    table = table_with((1, "small", 10))
    refused(table, event, "why", VOID_RULE)
    refused(table, {"type": "void_outcome", "why": "left_table", "reason": ["x"]}, "reason", VOID_RULE)


def test_aces_take_up_to_six_times_the_minimum():
    table = table_with()
    refused(table, {"type": "bet", "participant": 1, "kind": "aces", "amount": 61}, "amount", RULE)
    refused(table, {"type": "bet", "participant": 1, "kind": "aces", "amount": 9}, "amount", RULE)
    table.apply({"type": "bet", "participant": 1, "kind": "aces", "amount": 60})
    table.apply({"type": "bet", "participant": 1, "kind": "small", "amount": 500})
    refused(table, {"type": "bet", "participant": 1, "kind": "big", "amount": 501}, "amount", RULE)
    small_table = BancaFrancesa({"min_bet": 10, "max_bet": 40})
    assert small_table.limits(small_table.kind("aces")) == (10, 40)  # never above the table's maximum
    assert table.view()["pay_table"][0] == {"kind": "aces", "totals": [3], "pays": "61:1", "limits": [10, 60]}


def test_the_maximum_is_at_most_200_times_the_minimum():
    assert BancaFrancesa({"min_bet": 5, "max_bet": 1000}).max_bet == 1000
    with pytest.raises(GameError) as caught:
        BancaFrancesa({"min_bet": 5, "max_bet": 1001})
    assert (caught.value.field, caught.value.rule) == ("settings.max_bet", LIMITS_RULE)


def test_decide():
    assert decide("aces", 3) == (WON, 61)
    assert decide("small", 3) == (LOST, 0)
    assert decide("big", 4) is None and decide("big", 13) is None and decide("small", 17) is None


def test_replay_is_deterministic():
    events = [{"type": "open"}, {"type": "bet", "participant": 1, "kind": "small", "amount": 30},
              {"type": "outcome", "dice": [4, 4, 4]}, {"type": "bet", "participant": 2, "kind": "aces", "amount": 10},
              {"type": "void_outcome", "why": "stuck_in_cup"}, {"type": "outcome", "dice": [1, 1, 1]},
              {"type": "open"}, {"type": "bet", "participant": 1, "kind": "big", "amount": 10},
              {"type": "void_round", "reason": "the dice were replaced"}]
    first, postings = replay(BancaFrancesa, None, events)
    again, postings_again = replay(BancaFrancesa, None, events)
    assert postings == postings_again and first.view() == again.view() and first.history == again.history
    assert [(p.kind, p.chips) for p in postings[5]] == [(LOST, 0), (WON, 620)]


@given(st.integers(0, 2**32))
def test_draw_is_three_dice(seed):
    table = table_with((1, "small", 10))
    event = table.draw(random.Random(seed))
    assert event == table.draw(random.Random(seed))
    assert len(event["dice"]) == 3 and all(1 <= die <= 6 for die in event["dice"])
    table.apply(event)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.tuples(st.integers(1, 4), st.sampled_from(["aces", "small", "big"]),
                                                 st.integers(10, 60)), min_size=1, max_size=6))
def test_postings_balance_with_standing_bets(seed, bets):
    rng, bets = random.Random(seed), list(bets)
    table = BancaFrancesa()
    table.apply({"type": "open"})
    for _ in range(40):
        if table.phase == SETTLED:
            event = {"type": "open"}
        elif bets and (not table.bets or rng.random() < 0.3):
            participant, kind, amount = bets.pop()
            event = {"type": "bet", "participant": participant, "kind": kind, "amount": amount}
        elif not table.bets:
            break
        elif rng.random() < 0.1:
            event = {"type": "void_outcome", "why": "touched_object"}
        else:
            event = table.draw(rng)
        before = sum(table.at_stake().values())
        postings = table.apply(event)
        assert sum(p.chips + p.house for p in postings) + sum(table.at_stake().values()) - before == 0
