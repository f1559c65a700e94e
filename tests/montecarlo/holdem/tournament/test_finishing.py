"""Eliminations (30 DCMR 1604.3(aa)), finishing order by either method (1603.25), prizes
(1603.26), registration without rebuys (1603.30) and recovery from the event record."""

import random
from decimal import Decimal

import pytest

from montecarlo.holdem.tournament import Level, Tournament, TournamentError, prize_shares
from montecarlo.holdem.tournament.finishing import rank_batch
from tests.montecarlo.holdem.tournament.sim import act, play_hand, random_action, set_chips, start

PRIZES = [Decimal("300"), Decimal("100.01"), Decimal("50"), Decimal("25")]


def _all_in_hand(t, board, shown):
    t.apply({"type": "hand_start", "table": 1, "level": 1})  # 50/100: button 1, SB 2, BB 3
    act(t, 1, 4, "call")
    act(t, 1, 1, "allin")
    act(t, 1, 2, "allin")
    act(t, 1, 3, "allin")
    act(t, 1, 4, "call")
    t.apply({"type": "showdown", "table": 1, "board": board, "shown": shown})


def test_players_out_on_the_same_hand_finish_by_their_starting_stacks():
    t = start(4, chips=3000, prizes=PRIZES)
    set_chips(t, {"p1": 1000, "p2": 2000, "p3": 3000, "p4": 6000})
    _all_in_hand(t, ["2c", "7d", "9h", "Js", "3c"],
                 {"1": ["Ks", "Kh"], "2": ["Qs", "Qh"], "3": ["8s", "8h"], "4": ["As", "Ah"]})  # fmt: skip
    # Seat 4 wins every pot; three players are out at once, the biggest starting stack highest.
    assert t.status == "finished"
    assert [(r["place"], r["player"], r["prize"]) for r in t.results()] == [
        (1, "p4", Decimal("300.00")),
        (2, "p3", Decimal("100.01")),
        (3, "p2", Decimal("50.00")),
        (4, "p1", Decimal("25.00")),
    ]
    assert t.players["p1"].eliminated_in_hand == 1 and t.players["p1"].chips == 0
    assert t.players_left() == 1 and t.total_chips() == 12000


def test_equal_stacks_out_together_share_the_place_and_its_prizes():
    t = start(4, chips=3000, prizes=PRIZES)
    set_chips(t, {"p1": 2000, "p2": 2000, "p3": 1000, "p4": 7000})
    _all_in_hand(t, ["2c", "7d", "9h", "Js", "3c"],
                 {"1": ["Ks", "Kh"], "2": ["Qs", "Qh"], "3": ["8s", "8h"], "4": ["As", "Ah"]})  # fmt: skip
    places = {r["player"]: (r["place"], r["prize"]) for r in t.results()}
    # p1 and p2 started the hand with 2,000 each: both 2nd; places 2 and 3 pay 150.01 together,
    # 75.00 each and the odd cent to the first listed (1603.25, 1603.26).
    assert places == {
        "p4": (1, Decimal("300.00")),
        "p1": (2, Decimal("75.01")),
        "p2": (2, Decimal("75.00")),
        "p3": (4, Decimal("25.00")),
    }


def test_played_down_to_one_player_is_reverse_order_of_elimination():
    t = start(4, chips=2000, prizes=PRIZES)
    rng = random.Random(25)
    out_order = []
    hands = 0
    while t.status == "running":
        level = min(hands // 6, 4)
        play_hand(t, 1, level, rng, aggression=3)
        hands += 1
        for p in t.players.values():
            if p.out_order is not None and p.id not in out_order:
                out_order.append(p.id)
    assert t.finish_method == "last_player" and hands < 400
    results = t.results()
    winner = results[0]["player"]
    assert results[0]["place"] == 1 and t.players[winner].chips == 8000
    # 1603.25(a): the first out finishes last.
    by_place = [r["player"] for r in results]
    batches = sorted({t.players[p].out_order for p in out_order})
    if len(batches) == 3:  # nobody went out together in this seeded run
        assert by_place == [winner, *reversed(out_order)]
    with pytest.raises(TournamentError, match=r"1603\.25"):
        t.apply({"type": "hand_start", "table": 1, "level": 0})


def test_stopped_at_the_set_time_ranks_by_chips_with_shared_places():
    t = start(4, chips=2000, finish_method="time", prizes=PRIZES)
    set_chips(t, {"p1": 1500, "p2": 3000, "p3": 3000, "p4": 500})
    t.apply({"type": "hand_start", "table": 1, "level": 0})
    with pytest.raises(TournamentError, match=r"1603\.25\(b\)"):
        t.apply({"type": "stop"})  # not in the middle of a hand
    act(t, 1, 4, "fold")
    act(t, 1, 1, "fold")
    act(t, 1, 2, "fold")  # BB (p3) wins 25 from the SB (p2)
    with pytest.raises(TournamentError, match=r"results"):
        t.results()
    t.apply({"type": "stop"})
    assert t.status == "finished"
    assert [(r["place"], r["player"], r["prize"]) for r in t.results()] == [
        (1, "p3", Decimal("300.00")),
        (2, "p2", Decimal("100.01")),
        (3, "p1", Decimal("50.00")),
        (4, "p4", Decimal("25.00")),
    ]
    t2 = start(2, finish_method="time", prizes=PRIZES[:2])
    t2.apply({"type": "stop"})  # equal chips: both first, sharing 400.01
    assert [(r["place"], r["prize"]) for r in t2.results()] == [(1, Decimal("200.01")), (1, Decimal("200.00"))]


def test_stop_is_only_for_the_time_method():
    t = start(2)
    with pytest.raises(TournamentError) as err:
        t.apply({"type": "stop"})
    assert err.value.rule == "30 DCMR 1603.25(a)"


def test_player_who_cannot_post_the_blind_is_out_before_the_deal():
    t = start(3, levels=[Level(25, 50)])
    set_chips(t, {"p3": 40})  # seat 3 is the big blind of the first hand and cannot post 50; p1 has 1960
    t.apply({"type": "hand_start", "table": 1, "level": 0})
    p3 = t.players["p3"]
    assert (p3.place, p3.eliminated_in_hand, p3.chips, p3.table) == (3, 1, 0, None)
    view = t.table_view(1)
    # Heads-up now: the button (seat 1) posts the small blind (1604.3(g)).
    assert (view["button_seat"], view["sb_seat"], view["bb_seat"]) == (1, 1, 2)
    assert [s["seat"] for s in view["seats"]] == [1, 2]
    assert t.total_chips() == 2960
    assert t.forfeits == [{"player": "p3", "chips": 40, "table": 1, "hand_no": 1}]  # its 40 chips leave play


def test_antes_count_and_a_player_with_no_chips_is_out():
    t = start(4, levels=[Level(25, 50, 25)])
    set_chips(t, {"p1": 0, "p2": 40, "p4": 30})
    t.apply({"type": "hand_start", "table": 1, "level": 0})
    # p1 has no chips; p2 would be the small blind (25 + 25 ante > 40); then p3 and p4 are
    # heads-up, p4 the big blind owing 75: out too, and p3 is left alone: the winner.
    assert t.status == "finished"
    assert {p: t.players[p].place for p in t.players} == {"p3": 1, "p2": 2, "p4": 3, "p1": 4}


def test_registration_closes_at_the_start_and_there_are_no_rebuys():
    t = Tournament(starting_chips=1000, levels=[Level(25, 50)])
    t.apply({"type": "register", "player": "p1", "name": "Ana"})
    with pytest.raises(TournamentError, match=r"1603\.30"):
        t.apply({"type": "register", "player": "p1", "name": "Ana again"})
    t.apply({"type": "register", "player": "p2", "name": "Ben"})
    assert t.players["p2"].chips == 1000  # the same chips for everyone (1603.20)
    with pytest.raises(TournamentError, match=r"1603\.23"):
        t.apply({"type": "seat", "assignments": {"p1": [1, 1]}})
    t.apply({"type": "seat", "assignments": {"p1": [1, 1], "p2": [1, 2]}})
    with pytest.raises(TournamentError) as err:
        t.apply({"type": "register", "player": "p3", "name": "Cy"})
    assert err.value.rule == "30 DCMR 1603.30"
    set_chips(t, {"p2": 30})
    t.apply({"type": "hand_start", "table": 1, "level": 0})  # p2 cannot post the big blind
    assert t.status == "finished"
    with pytest.raises(TournamentError, match=r"1603\.30"):
        t.apply({"type": "register", "player": "p2", "name": "Ben"})


def test_chip_correction_needs_a_reason_and_no_hand_in_progress():
    t = start(3)
    move = {"type": "chip_correction", "from_player": "p1", "to_player": "p2", "chips": 100}
    with pytest.raises(TournamentError, match=r"reason"):
        t.apply({**move, "reason": " "})
    t.apply({"type": "hand_start", "table": 1, "level": 0})
    with pytest.raises(TournamentError) as caught:
        t.apply({**move, "reason": "miscount"})
    assert str(caught.value) == ("from_player: table 1 is playing hand 1; correct the chips after it "
                                 "(30 DCMR 1603.20)")


def test_restart_mid_hand_rebuilds_the_same_state_and_the_hand_continues():
    rng = random.Random(5)
    t = start(5, seats={"p1": (1, 1), "p2": (1, 3), "p3": (1, 4), "p4": (2, 2), "p5": (2, 6)}, prizes=PRIZES)
    for _ in range(3):
        for table in (1, 2):
            if len(t.tables[table].seats) >= 2:
                play_hand(t, table, 0, rng)
        for move in t.balancing_moves():
            t.apply({"type": "move", "player": move["player"], "table": move["to_table"], "seat": move["to_seat"]})
    assert t.status == "running" and len(t.tables[1].seats) >= 2
    t.apply({"type": "hand_start", "table": 1, "level": 1})
    view = t.table_view(1)  # one call: the hand goes on (the big blind still has the option)
    act(t, 1, view["to_act"], "call" if view["legal"]["call"] else "check")
    assert t.tables[1].hand is not None and t.tables[1].hand.actions  # really mid-hand
    restored = Tournament.replay(t.config(), t.events)
    assert restored.table_view(1) == t.table_view(1)
    assert restored.table_view(2) == t.table_view(2)
    assert restored.standings() == t.standings() and restored.hands == t.hands
    # The same next events give the same results on both.
    while t.tables[1].hand is not None:
        view = t.table_view(1)
        if view["needs_showdown"]:
            board = ["2c", "7d", "9h", "Js", "3c"]
            pairs = [["As", "Ah"], ["Ks", "Kh"], ["Qs", "Qh"], ["Ts", "Th"], ["5s", "5h"]]
            event = {"type": "showdown", "table": 1, "board": board,
                     "shown": {str(s): pairs[k] for k, s in enumerate(view["showdown_seats"])}}  # fmt: skip
        else:
            event = random_action(view, rng)
        t.apply(event)
        restored.apply(event)
    assert restored.hands == t.hands and restored.standings() == t.standings()
    assert restored.events == t.events


D = Decimal


def money(values):
    return [str(v) for v in values]


@pytest.mark.parametrize(("prizes", "place", "count", "shares"), [
    (["300", "100.01", "50", "25"], 1, 1, ["300.00"]),
    (["300", "100.01", "50", "25"], 2, 2, ["75.01", "75.00"]),
    (["300", "100.01", "50", "25"], 1, 3, ["150.01", "150.00", "150.00"]),
    # Rounded down to the cent, the odd cents to the first listed: 150.03 / 2 is 75.015, so 75.01
    # each and the cent left over to the first (rounding half to even or up would pay 75.02 twice).
    (["100", "50.03"], 1, 2, ["75.02", "75.01"]),
    (["0.02"], 1, 3, ["0.02", "0.00", "0.00"]),
    (["0.05", "0"], 1, 2, ["0.03", "0.02"]),
    (["10", "0.01", "0.01", "0.01"], 2, 3, ["0.01", "0.01", "0.01"]),
    # Places past the last prize pay nothing.
    (["300", "100", "50", "25"], 4, 2, ["12.50", "12.50"]),
    (["300", "100"], 3, 2, ["0.00", "0.00"]),
    ([], 1, 1, ["0.00"]),
])
def test_prize_shares(prizes, place, count, shares):
    assert money(prize_shares([D(p) for p in prizes], place, count)) == shares


def test_rank_batch_orders_by_stack_and_shares_equal_stacks():
    prizes = [D("300"), D("100.01"), D("50"), D("25"), D("10")]
    entries = [("a", 100), ("b", 300), ("c", 300), ("d", 50), ("e", 100)]
    assert [(p, place, str(prize)) for p, place, prize in rank_batch(entries, 1, prizes)] == [
        ("b", 1, "200.01"), ("c", 1, "200.00"), ("a", 3, "37.50"), ("e", 3, "37.50"), ("d", 5, "10.00")]
    # Counted from `first_place`; a tie keeps the listing order, so the odd cent follows the listing.
    assert [(p, place, str(prize)) for p, place, prize in rank_batch([("c", 7), ("b", 7)], 2, prizes)] == [
        ("c", 2, "75.01"), ("b", 2, "75.00")]
    assert rank_batch([("x", 5)], 6, prizes) == [("x", 6, D("0.00"))]
    assert rank_batch([], 1, prizes) == []


def test_rank_batch_of_stacks_that_differ_by_one_chip():
    prizes = [D("3"), D("2"), D("1")]
    assert [(p, place) for p, place, _ in rank_batch([("a", 1), ("b", 2), ("c", 3)], 1, prizes)] == [
        ("c", 1), ("b", 2), ("a", 3)]
