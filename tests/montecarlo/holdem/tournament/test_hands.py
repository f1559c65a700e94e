"""Hands inside the tournament: blinds and button (30 DCMR 1604.3(d)-(g)), side pots and the
showdown with real cards (1604.3(t), (z)), odd chips, misdeals (1604.3(bb), (cc)), and the
hand histories it logs."""

import pytest

from montecarlo.holdem import replay
from montecarlo.holdem.tournament import Level, TournamentError
from tests.montecarlo.holdem.tournament.sim import act, set_chips, start


def test_heads_up_button_posts_the_small_blind_and_acts_first_preflop():
    t = start(2, seats={"p1": (1, 2), "p2": (1, 5)})
    t.apply({"type": "hand_start", "table": 1, "level": 0})
    view = t.table_view(1)
    # First hand: button on the lowest occupied seat; heads-up it posts the small blind (1604.3(g)).
    assert (view["button_seat"], view["sb_seat"], view["bb_seat"]) == (2, 2, 5)
    assert [(s["seat"], s["chips"], s["committed"]) for s in view["seats"]] == [(2, 975, 25), (5, 950, 50)]
    assert view["to_act"] == 2  # pre-flop the button acts first heads-up (1604.3(m))
    assert view["legal"] == {"fold": True, "check": False, "call": 25, "raise_action": "raise",
                             "min_raise_to": 100, "max_raise_to": 1000, "allin": 1000}  # fmt: skip
    act(t, 1, 2, "call")
    act(t, 1, 5, "check")
    view = t.table_view(1)
    assert view["street"] == "flop" and view["to_act"] == 5  # after the flop: left of the button (1604.3(o))
    act(t, 1, 5, "bet", 50)
    act(t, 1, 2, "fold")
    assert t.players["p1"].chips == 950 and t.players["p2"].chips == 1050
    # The button moves clockwise (1604.3(d)): seat 5 now has it and posts the small blind.
    t.apply({"type": "hand_start", "table": 1, "level": 0})
    view = t.table_view(1)
    assert (view["button_seat"], view["sb_seat"], view["bb_seat"], view["to_act"]) == (5, 5, 2, 5)


def test_three_way_all_in_with_two_side_pots_awarded_with_the_real_cards():
    t = start(4, chips=3000)
    set_chips(t, {"p1": 1000, "p2": 2000, "p3": 3000, "p4": 6000})
    t.apply({"type": "hand_start", "table": 1, "level": 1})  # 50/100: button 1, SB 2, BB 3
    act(t, 1, 4, "call")
    act(t, 1, 1, "allin")
    act(t, 1, 2, "allin")
    act(t, 1, 3, "allin")
    act(t, 1, 4, "call")
    view = t.table_view(1)
    assert view["needs_showdown"] and view["showdown_seats"] == [1, 2, 3, 4]
    assert view["pot"] == 9000 and [s["chips"] for s in view["seats"]] == [0, 0, 0, 3000]
    with pytest.raises(TournamentError, match=r"1604\.3\(t\)"):
        act(t, 1, 4, "check")
    board = ["2c", "7d", "9h", "Js", "3c"]
    shown = {"1": ["As", "Ah"], "2": ["Ks", "Kh"], "3": ["Qs", "Qh"], "4": ["8s", "8h"]}
    with pytest.raises(TournamentError, match=r"1604\.3\(t\)"):
        t.apply({"type": "showdown", "table": 1, "board": board, "shown": {k: shown[k] for k in "123"}})
    with pytest.raises(TournamentError, match=r"1603\.22"):
        t.apply({"type": "showdown", "table": 1, "board": board, "shown": {**shown, "4": ["As", "8h"]}})
    t.apply({"type": "showdown", "table": 1, "board": board, "shown": shown})
    result = t.hands[-1]["result"]
    # 1604.3(z): main pot for all four, a side pot without the 1,000 stack, another only for
    # the two biggest; each goes to the best hand eligible for it.
    assert [(p["amount"], p["eligible"], p["winners"]) for p in result["pots"]] == [
        (4000, [0, 1, 2, 3], [0]),
        (3000, [1, 2, 3], [1]),
        (2000, [2, 3], [2]),
    ]
    assert result["board"] == board and result["shown"]["0"] == {"cards": ["As", "Ah"], "rank": "one pair"}
    assert {p: t.players[p].chips for p in t.players} == {"p1": 4000, "p2": 3000, "p3": 2000, "p4": 3000}
    assert t.total_chips() == 12000
    assert replay(t.hand_history(1, 1)) == result


def test_odd_chip_goes_to_the_first_tied_winner_left_of_the_button():
    t = start(3, levels=[Level(5, 10)])
    t.apply({"type": "hand_start", "table": 1, "level": 0})  # button 1, SB 2, BB 3
    act(t, 1, 1, "call")
    act(t, 1, 2, "fold")
    act(t, 1, 3, "check")
    for _street in ("flop", "turn", "river"):
        act(t, 1, 3, "check")
        act(t, 1, 1, "check")
    # A royal flush on the board: both hands play it and split the 25-chip pot (1604.3(v)).
    t.apply({"type": "showdown", "table": 1, "board": ["As", "Ks", "Qs", "Js", "Ts"],
             "shown": {"1": ["2c", "3d"], "3": ["4h", "5h"]}})  # fmt: skip
    (pot,) = t.hands[-1]["result"]["pots"]
    assert pot["amount"] == 25 and pot["winners"] == [0, 2]
    # Seat 3 is the first winner clockwise from the button: it gets the odd chip.
    assert {p: t.players[p].chips for p in t.players} == {"p1": 1002, "p2": 995, "p3": 1003}


def test_misdeal_before_the_first_bet_redeals_with_the_same_forced_bets():
    t = start(3, levels=[Level(25, 50, 10)])
    t.apply({"type": "hand_start", "table": 1, "level": 0})
    before = t.table_view(1)
    assert before["pot"] == 105
    act(t, 1, 1, "fold")  # a fold is not a bet: a misdeal may still be called
    t.apply({"type": "misdeal", "table": 1})
    after = t.table_view(1)
    # 1604.3(cc): no new antes or blinds: same button, same posts, same stacks, same pot.
    assert after == before
    assert t.total_chips() == 3000 and t.tables[1].hand.misdeals == 1
    act(t, 1, 1, "call")
    with pytest.raises(TournamentError) as err:
        t.apply({"type": "misdeal", "table": 1})
    assert err.value.rule == "30 DCMR 1604.3(bb)"
    assert t.table_view(1)["seats"][0]["committed"] == 50  # refused: nothing changed
    with pytest.raises(TournamentError, match=r"1603\.23"):
        t.apply({"type": "misdeal", "table": 2})


def test_illegal_action_changes_nothing_and_is_not_recorded():
    t = start(3)
    t.apply({"type": "hand_start", "table": 1, "level": 0})
    view, events = t.table_view(1), len(t.events)
    with pytest.raises(TournamentError, match=r"out of turn"):
        act(t, 1, 2, "call")
    with pytest.raises(TournamentError, match=r"below the minimum raise"):
        act(t, 1, 1, "raise", 60)
    assert t.table_view(1) == view and len(t.events) == events


def test_hand_histories_replay_to_the_logged_result():
    t = start(3)
    t.apply({"type": "hand_start", "table": 1, "level": 0})
    act(t, 1, 1, "raise", 150)
    act(t, 1, 2, "fold")
    act(t, 1, 3, "fold")  # won by a fold: no showdown, the cards were never seen
    t.apply({"type": "hand_start", "table": 1, "level": 0})  # button 2, SB 3, BB 1
    act(t, 1, 2, "allin")
    act(t, 1, 3, "call")
    act(t, 1, 1, "fold")
    t.apply({"type": "showdown", "table": 1, "board": ["Ah", "Kd", "7c", "2s", "9h"],
             "shown": {"2": ["Kh", "Kc"], "3": ["Qh", "Qc"]}})  # fmt: skip
    assert [h["hand_no"] for h in t.hands] == [1, 2]
    for logged in t.hands:
        history = t.hand_history(1, logged["hand_no"])
        assert replay(history) == logged["result"]
        assert [s["name"] for s in history["seats"]] == ["Player 1", "Player 2", "Player 3"]
    history = t.hand_history(1, 2)
    # The real deck: dealt from left of the button (index 2, then 0, then 1), burns between streets.
    deck = history["deck"]
    assert history["button"] == 1
    assert (deck[0], deck[3], deck[2], deck[5]) == ("Qh", "Qc", "Kh", "Kc")
    assert [deck[i] for i in (7, 8, 9, 11, 13)] == ["Ah", "Kd", "7c", "2s", "9h"]
    assert replay(history)["shown"]["1"]["cards"] == ["Kh", "Kc"]
    assert t.players["p3"].place == 3 and t.status == "running"
    with pytest.raises(TournamentError, match=r"1604\.3\(dd\)"):
        t.hand_history(1, 3)
