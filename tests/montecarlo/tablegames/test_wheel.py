import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from montecarlo.tablegames.base import BETTING, LOST, SETTLED, WON, GameError, replay
from montecarlo.tablegames.wheel import PAY_TABLE, RULE, SLOTS, WheelOfFortune

SYMBOLS = list(PAY_TABLE)


def table_with(*bets, settings=None):
    table = WheelOfFortune(settings)
    table.apply({"type": "open"})
    for participant, kind, amount in bets:
        table.apply({"type": "bet", "participant": participant, "kind": kind, "amount": amount})
    return table


def refused(table, event, field, rule=RULE):
    with pytest.raises(GameError) as caught:
        table.apply(event)
    assert caught.value.field == field
    assert caught.value.rule == rule
    return caught.value


def test_the_wheel_has_the_54_slots_of_the_pay_table():
    # 003 s. 24 V: 24 x "1", 15 x "2", 7 x "5", 4 x "10", 2 x "20" and the two figures.
    assert len(SLOTS) == 54
    assert Counter(SLOTS) == {"1": 24, "2": 15, "5": 7, "10": 4, "20": 2, "figure_a": 1, "figure_b": 1}
    assert {symbol: slots for symbol, (slots, _) in PAY_TABLE.items()} == Counter(SLOTS)
    assert SLOTS.index("figure_b") - SLOTS.index("figure_a") == 27  # opposite each other
    assert all(SLOTS[i] != SLOTS[(i + 1) % 54] for i in range(54))  # spread: no two equal slots side by side


def test_bet_kinds_and_pays():
    kinds = {kind.kind: kind.pays for kind in WheelOfFortune.bet_kinds()}
    assert kinds == {"1": (1, 1), "2": (2, 1), "5": (5, 1), "10": (10, 1), "20": (20, 1), "figure_a": (45, 1),
                     "figure_b": (45, 1)}


@pytest.mark.parametrize("symbol", SYMBOLS)
def test_the_symbol_wins_by_the_pay_table_and_the_others_lose(symbol):
    table = table_with(*((i + 1, kind, 10) for i, kind in enumerate(SYMBOLS)))
    postings = table.apply({"type": "outcome", "symbol": symbol})
    pays = PAY_TABLE[symbol][1]
    for kind, posting in zip(SYMBOLS, postings, strict=True):
        if kind == symbol:
            assert (posting.kind, posting.chips, posting.house) == (WON, 10 + 10 * pays, -10 * pays)
        else:
            assert (posting.kind, posting.chips, posting.house) == (LOST, 0, 10)
    assert table.bets == {} and table.phase == SETTLED
    assert table.last["symbol"] == symbol and table.last["winners"] == [postings[SYMBOLS.index(symbol)].bet]
    assert table.history == [{"round": 1, "symbol": symbol, "slot": None}]


def test_a_figure_pays_45_to_1():
    table = table_with((1, "figure_b", 20), (2, "figure_a", 20))
    won, lost = table.apply({"type": "outcome", "symbol": "figure_b", "slot": 27})
    assert (won.kind, won.chips, won.house) == (WON, 20 + 900, -900)
    assert lost.kind == LOST
    assert table.last["slot"] == 27


def test_the_slot_must_carry_the_symbol():
    table = table_with((1, "1", 10))
    error = refused(table, {"type": "outcome", "symbol": "5", "slot": 0}, "slot")
    assert "figure_a" in error.message
    for slot in (54, -1, "3", 2.0, True):
        refused(table, {"type": "outcome", "symbol": "1", "slot": slot}, "slot")
    assert table.bets and table.phase == BETTING


@pytest.mark.parametrize("symbol", [None, 5, "6", "figure", ["5"], True, "FIGURE_A"])
def test_malformed_symbols_are_refused(symbol):
    table = table_with((1, "1", 10))
    refused(table, {"type": "outcome", "symbol": symbol}, "symbol")
    assert len(table.bets) == 1


@pytest.mark.parametrize("why", ["short_spin", "on_peg", "obstructed"])
def test_a_void_spin_leaves_the_bets_standing(why):
    table = table_with((1, "2", 10))
    assert table.apply({"type": "void_outcome", "why": why}) == []
    assert table.last == {"round": 1, "void": True, "why": why, "reason": "", "rule": RULE}
    assert len(table.bets) == 1 and table.phase == BETTING
    assert table.view()["void_whys"] == ["short_spin", "on_peg", "obstructed"]
    table.apply({"type": "bet", "participant": 2, "kind": "5", "amount": 10})  # the new spin takes bets again
    table.apply({"type": "void_outcome", "why": why, "reason": "  the wheel\nstopped  "})
    assert table.last["reason"] == "the wheel stopped"
    postings = table.apply({"type": "outcome", "symbol": "2", "slot": 3})
    assert [p.kind for p in postings] == [WON, LOST]


@pytest.mark.parametrize("event", [
    {"type": "void_outcome"},
    {"type": "void_outcome", "reason": "stopped on a peg"},
    {"type": "void_outcome", "why": "tired"},
    {"type": "void_outcome", "why": ["on_peg"]},
])
def test_a_void_spin_says_why(event):
    table = table_with((1, "2", 10))
    refused(table, event, "why")
    assert table.last == {}


def test_a_void_reason_is_text():
    table = table_with((1, "2", 10))
    refused(table, {"type": "void_outcome", "why": "on_peg", "reason": 12}, "reason")


def test_limits_and_phase():
    table = WheelOfFortune()
    with pytest.raises(GameError) as caught:
        table.apply({"type": "bet", "participant": 1, "kind": "1", "amount": 10})
    assert caught.value.field == "type"
    table.apply({"type": "open"})
    refused(table, {"type": "bet", "participant": 1, "kind": "1", "amount": 501}, "amount")
    refused(table, {"type": "bet", "participant": 1, "kind": "5", "amount": 9}, "amount")
    with pytest.raises(GameError) as caught:
        table.apply({"type": "outcome", "symbol": "1"})  # no bets yet
    assert caught.value.field == "type"


def test_replay_is_deterministic():
    events = [{"type": "open"}, {"type": "bet", "participant": 1, "kind": "10", "amount": 30},
              {"type": "bet", "participant": 2, "kind": "1", "amount": 10},
              {"type": "void_outcome", "why": "short_spin"}, {"type": "outcome", "symbol": "10", "slot": 1},
              {"type": "open"}, {"type": "bet", "participant": 1, "kind": "20", "amount": 10},
              {"type": "void_round", "reason": "the wheel jammed"}]
    first, postings = replay(WheelOfFortune, None, events)
    again, postings_again = replay(WheelOfFortune, None, events)
    assert postings == postings_again and first.view() == again.view() and first.history == again.history
    assert [p.chips for p in postings[4]] == [330, 0]


@given(st.integers(0, 2**32))
def test_draw_is_a_valid_deterministic_spin(seed):
    table = table_with((1, "1", 10))
    event = table.draw(random.Random(seed))
    assert event == table.draw(random.Random(seed))
    assert SLOTS[event["slot"]] == event["symbol"]
    table.apply(event)
    assert table.phase == SETTLED


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.tuples(st.integers(1, 4), st.sampled_from(SYMBOLS), st.integers(10, 500)),
                                       min_size=1, max_size=8), st.integers(0, 3))
def test_postings_balance(seed, bets, voids):
    rng = random.Random(seed)
    table = WheelOfFortune()
    events = [{"type": "open"}]
    events += [{"type": "bet", "participant": p, "kind": kind, "amount": amount} for p, kind, amount in bets]
    events += [{"type": "void_outcome", "why": "on_peg"}] * voids
    for event in events + [None]:
        event = event or table.draw(rng)
        before = sum(table.at_stake().values())
        postings = table.apply(event)
        assert sum(p.chips + p.house for p in postings) + sum(table.at_stake().values()) - before == 0
    assert table.bets == {}
