"""The showdown (30 DCMR 1604.3(t)(2)): the player who made the last bet or raise of the hand, in the
last betting round that had one, must show; the others may show or muck, and a mucked hand is not
entered; if nobody bet or raised after the blinds every player left shows. Each pot goes to the best
hand shown among its eligible players. Random hands with random mucks are compared with pokerkit."""

import random

import pytest

from montecarlo.holdem.cards import parse_cards
from montecarlo.holdem.hand import ALL_SHOW_RULE, SHOW_RULE, Hand, HandError, replay
from testkit.pokerkit_oracle import pokerkit_play
from testkit.random_hands import random_hand

# Three seats, button 0: seat 1 small blind, seat 2 big blind, seat 0 first pre-flop and last after.
# Seat 1 Ah Ad, seat 2 Kh Kd, seat 0 Qh Qd; burn, flop 2c 7s 9h, burn, turn 3d, burn, river 8c.
DECK = parse_cards(["Ah", "Kh", "Qh", "Ad", "Kd", "Qd", "4s", "2c", "7s", "9h", "5s", "3d", "6s", "8c"])


def hand(stacks=(1000, 1000, 1000), actions=()) -> Hand:
    h = Hand(stacks=list(stacks), button=0, small_blind=5, big_blind=10, deck=list(DECK))
    for seat, action, *to in actions:
        h.act(seat, action, to[0] if to else None)
    return h


CHECKED_DOWN = [(0, "call"), (1, "call"), (2, "check")] + [(s, "check") for _ in range(3) for s in (1, 2, 0)]
# Seat 2 bets the flop, both call; turn and river are checked: the flop bet is the hand's last.
FLOP_BET = [(0, "call"), (1, "call"), (2, "check"), (1, "check"), (2, "bet", 40), (0, "call"), (1, "call")] + [
    (s, "check") for _ in range(2) for s in (1, 2, 0)]


def test_the_last_bettor_of_an_earlier_street_must_show():
    h = hand(actions=FLOP_BET)
    assert h.over and h.last_aggressor == 2
    assert h.must_show() == [2]  # not only a river bettor: the flop bet was the hand's last (1604.3(t)(2)(A))
    # Replayed from a hand history every hand is shown; the last bettor first.
    assert list(h.result()["shown"]) == ["2", "0", "1"]


def test_a_river_bet_makes_the_river_bettor_show():
    actions = FLOP_BET[:-3] + [(1, "bet", 20), (2, "call"), (0, "call")]
    h = hand(actions=actions)
    assert h.must_show() == [1] and list(h.result()["shown"]) == ["1", "2", "0"]


def test_a_pre_flop_raise_with_no_later_bet_makes_the_raiser_show():
    actions = [(0, "raise", 30), (1, "call"), (2, "call")] + [(s, "check") for _ in range(3) for s in (1, 2, 0)]
    assert hand(actions=actions).must_show() == [0]


def test_nobody_bet_after_the_blinds_everyone_shows():
    h = hand(actions=CHECKED_DOWN)
    assert h.last_aggressor is None and h.must_show() == [0, 1, 2]  # 1604.3(t)(2)(B)
    with pytest.raises(HandError) as caught:
        h.showdown(mucked=[0])
    assert caught.value.rule == ALL_SHOW_RULE == "30 DCMR 1604.3(t)(2)(B)"
    assert str(caught.value) == ("seat 0: must show: nobody bet or raised after the blinds, so every player left "
                                 "shows (30 DCMR 1604.3(t)(2)(B))")


def test_a_fold_win_has_no_showdown():
    h = hand(actions=[(0, "fold"), (1, "fold")])
    assert h.must_show() == []  # 1604.3(t)(1)
    with pytest.raises(HandError, match=r"there is no showdown.*\(30 DCMR 1604.3\(t\)\)"):
        h.showdown(mucked=[])


def test_the_betting_must_be_over_for_a_showdown():
    h = hand(actions=[(0, "call")])
    with pytest.raises(HandError, match="there is no showdown"):
        h.showdown()


def test_the_last_bettor_cannot_muck():
    h = hand(actions=FLOP_BET)
    before = h.result()
    with pytest.raises(HandError) as caught:
        h.showdown(mucked=[2, 0])
    assert caught.value.rule == SHOW_RULE == "30 DCMR 1604.3(t)(2)(A)"
    assert str(caught.value) == ("seat 2: made the last bet or raise of the hand and must show "
                                 "(30 DCMR 1604.3(t)(2)(A))")
    assert h.result() == before  # refused: nothing changed


@pytest.mark.parametrize("seat", [-1, 3])
def test_only_a_player_left_in_the_hand_can_muck(seat):
    with pytest.raises(HandError, match=r"only a player left in the hand can muck.*1604.3\(t\)\(2\)"):
        hand(actions=FLOP_BET).showdown(mucked=[seat])


def test_a_folded_player_cannot_muck():
    actions = [(0, "fold"), (1, "call"), (2, "check")] + [(s, "check") for _ in range(3) for s in (1, 2)]
    with pytest.raises(HandError, match=r"seat 0: only a player left"):
        hand(actions=actions).showdown(mucked=[0])


def test_a_mucked_hand_is_not_entered_and_wins_nothing():
    h = hand(actions=FLOP_BET)  # pot 3 x 10 + 3 x 40 = 150; seat 1's aces are the best hand
    assert h.result()["pots"] == [{"amount": 150, "eligible": [0, 1, 2], "winners": [1]}]
    result = h.showdown(mucked=[1])
    # Seat 1 mucks its aces: the best hand shown, seat 2's kings, takes the pot.
    assert result["pots"] == [{"amount": 150, "eligible": [0, 1, 2], "winners": [2]}]
    assert result["stacks"] == [950, 950, 1100] and result["net"] == [-50, -50, 100]
    assert list(result["shown"]) == ["2", "0"] and "1" not in result["shown"]
    assert result["eliminated"] == []
    # Mucking the queens too leaves the kings alone; showing everything again gives the aces the pot.
    assert h.showdown(mucked=[1, 0])["shown"] == {"2": {"cards": ["Kh", "Kd"], "rank": "one pair"}}
    assert h.showdown(mucked=[])["stacks"] == [950, 1100, 950] == h.result()["stacks"]


def test_side_pots_go_to_the_best_hand_shown_among_their_players():
    # Seat 1 (aces) is all in for 100, seat 0 (queens) raises all in for 300, seat 2 (kings) calls.
    h = hand(stacks=(300, 100, 1000), actions=[(0, "allin"), (1, "allin"), (2, "call")])
    assert h.over and h.must_show() == [0]
    pots = [(p["amount"], p["eligible"]) for p in h.result()["pots"]]
    assert pots == [(300, [0, 1, 2]), (400, [0, 2])]
    # The aces muck: the main pot goes to the best hand shown among its three players, the kings.
    result = h.showdown(mucked=[1])
    assert [p["winners"] for p in result["pots"]] == [[2], [2]]
    assert result["stacks"] == [0, 0, 1400] and result["eliminated"] == [0, 1]
    # The kings muck instead: the queens, the hand that had to show, take both pots.
    result = h.showdown(mucked=[2])
    assert [p["winners"] for p in result["pots"]] == [[1], [0]]
    assert result["stacks"] == [400, 300, 700]


def test_the_hand_history_replay_shows_every_hand():
    history = {"betting": "no-limit", "small_blind": 5, "big_blind": 10, "ante": 0, "button": 0,
               "seats": [{"name": n, "stack": 1000} for n in "ABC"],
               "deck": ["Ah", "Kh", "Qh", "Ad", "Kd", "Qd", "4s", "2c", "7s", "9h", "5s", "3d", "6s", "8c"],
               "actions": [{"seat": s, "action": a, **({"to": t[0]} if t else {})} for s, a, *t in FLOP_BET]}
    result = replay(history)
    assert set(result["shown"]) == {"0", "1", "2"} and result["pots"][0]["winners"] == [1]


def test_random_showdowns_with_mucks_award_the_same_chips_as_pokerkit():
    rng = random.Random(1604)
    compared = mucks = alone = 0
    for _ in range(2500):
        history, h = random_hand(rng)
        live = [s for s in range(h.n) if not h.folded[s]]
        if len(live) < 2:
            continue
        optional = [s for s in live if s not in h.must_show()]
        mucked = {s for s in optional if rng.random() < 0.6}
        ours = h.showdown(mucked=mucked)
        assert set(ours["shown"]) == {str(s) for s in live if s not in mucked}
        for pot in ours["pots"]:
            assert set(pot["winners"]) <= set(pot["eligible"]) - mucked
        mucks += bool(mucked)
        if len(live) - len(mucked) == 1:
            # Only the hand that must show is left: it takes every pot, unseen by any other.
            (seat,) = set(live) - mucked
            assert all(pot["winners"] == [seat] for pot in ours["pots"])
            alone += 1
            continue  # pokerkit cannot run a board out after all but one hand is mucked
        theirs = pokerkit_play(history, mucked=mucked)
        compared += 1
        # pokerkit gives a split pot's odd chips to one winner; the format one at a time.
        odd = sum(1 for p in ours["pots"] if p["amount"] % len(p["winners"]))
        assert all(abs(a - b) <= odd for a, b in zip(ours["stacks"], theirs["stacks"], strict=True)), history
        if not odd:
            assert ours["stacks"] == theirs["stacks"], (history, mucked)
    assert compared > 500 and mucks > 200 and alone > 50, (compared, mucks, alone)
