import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from montecarlo.holdem.cards import format_cards, full_deck, parse_cards
from montecarlo.holdem.hand import Hand, HandError, replay, start_hand

REPO = Path(__file__).resolve().parents[3]

# The format document's input, with a full deck so the hand can be run out.
DOC_EXAMPLE = {
    "betting": "no-limit",
    "small_blind": 50,
    "big_blind": 100,
    "ante": 0,
    "button": 0,
    "seats": [{"name": "Ana", "stack": 1500}, {"name": "Ben", "stack": 800}, {"name": "Cy", "stack": 2300}],
    "deck": ["As", "Kd", "7h", "Qs", "Qh", "Kc", "2c", "Ah", "Ks", "7c", "3d", "2s", "4d", "9h"],
    "actions": [
        {"seat": 0, "action": "raise", "to": 300},
        {"seat": 1, "action": "allin"},
        {"seat": 2, "action": "call"},
        {"seat": 0, "action": "fold"},
    ],
}


def history(**changes) -> dict:
    h = copy.deepcopy(DOC_EXAMPLE)
    h.update(changes)
    return h


def test_format_document_example():
    result = replay(DOC_EXAMPLE)
    # Deal from left of the button: Ben As Qs, Cy Kd Qh, Ana 7h Kc; burn 2c, flop Ah Ks 7c,
    # burn 3d, turn 2s, burn 4d, river 9h.
    assert result == {
        "board": ["Ah", "Ks", "7c", "2s", "9h"],
        "pots": [{"amount": 1900, "eligible": [1, 2], "winners": [1]}],
        "stacks": [1200, 1900, 1500],
        "net": [-300, 1100, -800],
        "shown": {"1": {"cards": ["As", "Qs"], "rank": "one pair"}, "2": {"cards": ["Kd", "Qh"], "rank": "one pair"}},
        "eliminated": [],
    }
    assert list(result) == ["board", "pots", "stacks", "net", "shown", "eliminated"]
    assert sum(result["stacks"]) == 1500 + 800 + 2300


def test_fold_to_the_big_blind_returns_the_uncalled_part():
    result = replay(history(actions=[{"seat": 0, "action": "fold"}, {"seat": 1, "action": "fold"}]))
    # 1604.3(y): Cy's unmatched 50 goes back; the pot is Ben's 50 and Cy's matching 50.
    assert result["pots"] == [{"amount": 100, "eligible": [2], "winners": [2]}]
    assert result["stacks"] == [1500, 750, 2350]
    assert result["board"] == [] and result["shown"] == {}


def test_heads_up_button_posts_small_blind_and_acts_first_preflop_last_after():
    deck = parse_cards(["As", "Kd", "Ah", "Kh", "2c", "7c", "8d", "9s", "3d", "Jc", "4d", "2h"])
    hand = Hand(stacks=[1000, 1000], button=1, small_blind=50, big_blind=100, deck=deck)
    assert (hand.sb_seat, hand.bb_seat) == (1, 0)  # 1604.3(g)
    assert hand.committed == [100, 50]
    assert hand.to_act == 1  # 1604.3(m)(2): the button acts first preflop
    assert hand.hole == [parse_cards(["As", "Ah"]), parse_cards(["Kd", "Kh"])]  # dealt from left of the button
    hand.act(1, "call")
    assert hand.to_act == 0 and hand.legal_actions()["check"]  # the big blind may check (1604.3(m)(3))
    hand.act(0, "check")
    assert hand.street == 1 and hand.to_act == 0  # 1604.3(o)(1): first left of the button
    for _ in range(3):
        hand.act(0, "check")
        hand.act(1, "check")
    result = hand.result()
    assert result["board"] == ["7c", "8d", "9s", "Jc", "2h"]
    assert result["stacks"] == [1100, 900]
    # Nobody bet on the river: everyone shows, from the first seat left of the button.
    assert list(result["shown"]) == ["0", "1"]


def test_river_bettor_shows_first():
    deck = parse_cards(["As", "Kd", "Ah", "Kh", "2c", "7c", "8d", "9s", "3d", "Jc", "4d", "2h"])
    hand = Hand(stacks=[1000, 1000], button=1, small_blind=50, big_blind=100, deck=deck)
    for seat, action in [(1, "call"), (0, "check")] + [(0, "check"), (1, "check")] * 2 + [(0, "check")]:
        hand.act(seat, action)
    hand.act(1, "bet", 100)
    hand.act(0, "call")
    assert list(hand.result()["shown"]) == ["1", "0"]  # 1604.3(t)(2)(A)


def test_three_way_all_in_with_two_side_pots():
    h = {
        "betting": "no-limit",
        "small_blind": 50,
        "big_blind": 100,
        "ante": 0,
        "button": 0,
        "seats": [
            {"name": "Dee", "stack": 2000},
            {"name": "Sam", "stack": 200},
            {"name": "Bea", "stack": 500},
            {"name": "Uma", "stack": 800},
        ],
        # Sam As Ah, Bea Ks Kh, Uma Qs Qh, Dee 7c 2d; burn 2c, flop 3c 8d 9s, burn, 4h, burn, Tc.
        "deck": ["As", "Ks", "Qs", "7c", "Ah", "Kh", "Qh", "2d", "2c", "3c", "8d", "9s", "5d", "4h", "6d", "Tc"],
        "actions": [
            {"seat": 3, "action": "allin"},
            {"seat": 0, "action": "call"},
            {"seat": 1, "action": "allin"},
            {"seat": 2, "action": "allin"},
        ],
    }
    result = replay(h)
    assert result["board"] == ["3c", "8d", "9s", "4h", "Tc"]
    # 1604.3(z): main pot 4 x 200, side pots 3 x 300 and 2 x 300, each to its best eligible hand.
    assert result["pots"] == [
        {"amount": 800, "eligible": [0, 1, 2, 3], "winners": [1]},
        {"amount": 900, "eligible": [0, 2, 3], "winners": [2]},
        {"amount": 600, "eligible": [0, 3], "winners": [3]},
    ]
    assert result["stacks"] == [1200, 800, 900, 600]
    assert result["net"] == [-800, 600, 400, -200]
    assert result["eliminated"] == []
    # Seat 3 made the hand's last raise (pre-flop): it shows first, then clockwise (1604.3(t)(2)(A)).
    assert list(result["shown"]) == ["3", "0", "1", "2"]


def test_odd_chips_go_one_at_a_time_clockwise_from_left_of_the_button():
    h = {
        "betting": "no-limit",
        "small_blind": 1,
        "big_blind": 2,
        "ante": 1,
        "button": 0,
        "seats": [{"name": n, "stack": 100} for n in "ABCD"],
        # Hole cards: seat 1 2c 3c, seat 2 3d 4d, seat 3 4h 5s, seat 0 2s 3h; board Ah Kd Qc Js Th.
        "deck": ["2c", "3d", "4h", "2s", "3c", "4d", "5s", "3h", "9c", "Ah", "Kd", "Qc", "9d", "Js", "9h", "Th"],
        "actions": [
            {"seat": 3, "action": "call"},
            {"seat": 0, "action": "call"},
            {"seat": 1, "action": "fold"},
            {"seat": 2, "action": "check"},
        ]
        + [{"seat": s, "action": "check"} for _ in range(3) for s in (2, 3, 0)],
    }
    result = replay(h)
    # Pot: 4 antes + 1 dead small blind + 3 x 2 = 11, three-way tie: 3 each and 2 odd chips,
    # to seat 2 then seat 3 (seat 1, left of the button, folded).
    assert result["pots"] == [{"amount": 11, "eligible": [0, 2, 3], "winners": [0, 2, 3]}]
    assert result["stacks"] == [100, 98, 101, 101]
    assert all(v["rank"] == "straight" for v in result["shown"].values())


def test_short_all_in_does_not_reopen_the_betting():
    deck = parse_cards(["As", "Kd", "Ah", "Kh", "2c", "7c", "8d", "9s", "3d", "Jc", "4d", "2h"])
    hand = Hand(stacks=[5000, 400, 5000], button=0, small_blind=50, big_blind=100, deck=deck)
    hand.act(0, "raise", 300)
    hand.act(1, "allin")  # to 400: 100 more, short of the 200 raise
    hand.act(2, "call")
    assert hand.legal_actions()["raise"] is None
    with pytest.raises(HandError, match=r"action 3, seat 0: may not raise.*1604.4"):
        hand.act(0, "raise", 600, index=3)
    with pytest.raises(HandError):
        hand.act(0, "allin", index=3)
    hand.act(0, "call")
    assert hand.street == 1


def test_full_raise_reopens_and_minimum_raise_is_the_last_raise():
    deck = parse_cards(["As", "Kd", "Ah", "Kh", "2c", "7c", "8d", "9s", "3d", "Jc", "4d", "2h"])
    hand = Hand(stacks=[5000, 5000, 5000], button=0, small_blind=50, big_blind=100, deck=deck)
    hand.act(0, "raise", 300)
    assert hand.legal_actions()["raise"] == (500, 5000)
    with pytest.raises(HandError, match="minimum raise to 500"):
        hand.act(1, "raise", 450)
    hand.act(1, "raise", 700)
    hand.act(2, "call")
    assert hand.legal_actions()["raise"] == (1100, 5000)


def bad(h: dict, pattern: str):
    with pytest.raises(HandError, match=pattern) as info:
        replay(h)
    assert "\n" not in str(info.value)
    return str(info.value)


def test_errors_name_the_action_the_seat_and_the_rule():
    assert (
        bad(history(actions=[{"seat": 1, "action": "fold"}]), "action 0, seat 1: acts out of turn")
        == "action 0, seat 1: acts out of turn: seat 0 is to act on the preflop (30 DCMR 1604.3(m))"
    )
    bad(history(actions=[{"seat": 0, "action": "check"}]), r"action 0, seat 0: cannot check.*1604.3\(m\)")
    bad(history(actions=[{"seat": 0, "action": "bet", "to": 300}]), "action 0, seat 0: cannot bet.*raise instead")
    bad(history(actions=[{"seat": 0, "action": "raise", "to": 150}]), r"minimum raise to 200.*1604.4")
    bad(history(actions=[{"seat": 0, "action": "raise"}]), "needs `to`")
    bad(history(actions=[{"seat": 0, "action": "raise", "to": 1600}]), r"has 1500.*1604.3\(z\)")
    bad(history(actions=[{"seat": 0, "action": "limp"}]), "'limp' is not an action")
    bad(history(actions=[{"seat": "0", "action": "fold"}]), "action 0: seat must be a seat index")
    over = history()
    over["actions"] = over["actions"] + [{"seat": 2, "action": "check"}]
    bad(over, r"action 4, seat 2: acts after the hand is over \(30 DCMR 1604.3\(t\)\)")
    bad(history(actions=[{"seat": 0, "action": "call"}]), r"action 1, seat 1: the hand is not over.*1604.3\(m\)")


def test_postflop_errors():
    actions = [{"seat": 0, "action": "call"}, {"seat": 1, "action": "call"}, {"seat": 2, "action": "check"}]
    bad(history(actions=actions + [{"seat": 1, "action": "bet", "to": 50}]), r"below the big blind.*1604.4")
    bad(history(actions=actions + [{"seat": 1, "action": "raise", "to": 200}]), "no bet to raise")
    bad(history(actions=actions + [{"seat": 1, "action": "call"}]), "nothing to call")
    bad(history(actions=actions + [{"seat": 0, "action": "check"}]), r"seat 1 is to act on the flop.*1604.3\(o\)")


def test_hand_level_errors():
    bad(history(deck=["As", "Kd", "Zz"]), r"deck\[2\].*1603.22")
    bad(history(deck=["As", "Kd", "As", "Qs", "Qh", "Kc"]), r"deck\[2\]: As is repeated.*1603.22")
    bad(history(deck=["As", "Kd", "7h", "Qs", "Qh"]), r"too few to deal.*1604.3\(i\)")
    short_deck = history(deck=DOC_EXAMPLE["deck"][:9])
    bad(short_deck, r"action 3, seat 0: the deck has 9 cards.*flop needs 10.*1604.3\(n\)")
    seats = [{"name": "Ana", "stack": 1500}, {"name": "Ben", "stack": 40}, {"name": "Cy", "stack": 2300}]
    assert bad(history(seats=seats), r"seat 1: has 40 chips") == (
        "seat 1: has 40 chips and cannot post 50 in full; the tournament eliminates it before the hand "
        "(30 DCMR 1604.3(aa))"
    )
    seats = [{"name": "Ana", "stack": 0}, {"name": "Ben", "stack": 800}, {"name": "Cy", "stack": 2300}]
    bad(history(seats=seats), r"seat 0: has 0 chips.*1604.3\(aa\)")
    bad(
        history(
            ante=10, seats=[{"name": "A", "stack": 1000}, {"name": "B", "stack": 55}, {"name": "C", "stack": 1000}]
        ),
        r"seat 1: .*cannot post 60.*1604.3\(aa\)",
    )
    bad(history(seats=[{"name": str(i), "stack": 1000} for i in range(8)]), r"2 to 7 players.*1603.23")
    bad(history(betting="fixed-limit"), "only no-limit")
    bad(history(button=3), r"button 3.*1604.3\(d\)")
    bad(history(big_blind=100.5), "big_blind must be a whole number")


def run_cli(*args, stdin: str | None = None):
    return subprocess.run(
        [sys.executable, "-m", "montecarlo.holdem", "replay", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )


def test_cli_replays_a_file_and_stdin(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(DOC_EXAMPLE))
    done = run_cli(str(path))
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout) == replay(DOC_EXAMPLE)
    done = run_cli("-", stdin=json.dumps(DOC_EXAMPLE))
    assert done.returncode == 0 and json.loads(done.stdout) == replay(DOC_EXAMPLE)


def test_cli_illegal_hand_exits_2_with_one_line():
    done = run_cli("-", stdin=json.dumps(history(actions=[{"seat": 0, "action": "check"}])))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("action 0, seat 0: cannot check")


def test_cli_many_hands():
    illegal = history(actions=[{"seat": 2, "action": "fold"}])
    done = run_cli("-", stdin=json.dumps([DOC_EXAMPLE, illegal, DOC_EXAMPLE]))
    assert done.returncode == 0 and done.stderr == ""
    results = json.loads(done.stdout)
    assert results[0] == results[2] == replay(DOC_EXAMPLE)
    assert results[1] == {
        "error": "action 0, seat 2: acts out of turn: seat 0 is to act on the preflop (30 DCMR 1604.3(m))"
    }


def test_cli_unreadable_input_exits_2():
    done = run_cli("-", stdin="{not json")
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1


def test_no_hi_lo_the_best_high_hand_takes_the_whole_pot():
    """30 DCMR 1603.29: no hi/lo; the winner is the best-ranked Texas Hold'em hand. Seat 0's A-2-3-4-7 would take the
    low half of a hi/lo pot; here the kings take it all."""
    deck = parse_cards(["As", "Kd", "4d", "Kh", "5c", "7c", "8d", "3s", "9d", "Jc", "Qd", "2h"])
    hand = Hand(stacks=[1000, 1000], button=1, small_blind=50, big_blind=100, deck=deck)
    hand.act(1, "call")
    hand.act(0, "check")
    for _ in range(3):
        hand.act(0, "check")
        hand.act(1, "check")
    result = hand.result()
    assert result["board"] == ["7c", "8d", "3s", "Jc", "2h"]
    assert result["pots"] == [{"amount": 200, "eligible": [0, 1], "winners": [1]}]
    assert result["stacks"] == [900, 1100]


def test_a_table_of_the_tournaments_seat_limit_deals():
    """The table's limit is the caller's (a tournament passes its recorded seats_limit, 1603.23); DC's 7 by default."""
    nine = history(seats=[{"name": str(i), "stack": 1000} for i in range(9)], deck=format_cards(full_deck()),
                   actions=[{"seat": (3 + i) % 9, "action": "fold"} for i in range(8)])
    bad(nine, r"2 to 7 players.*1603.23")
    hand = start_hand(nine, max_seats=9)
    assert (hand.n, hand.max_seats) == (9, 9)
    assert replay(nine, max_seats=9)["stacks"][2] == 1050  # everyone folds to the big blind
    out = run_cli("--max-seats", "9", "-", stdin=json.dumps(nine))
    assert out.returncode == 0 and json.loads(out.stdout)["stacks"][2] == 1050
