"""The engine's state at the edges of the rules, hand by hand: who may post and be dealt in (1604.3(aa)),
what `legal_actions` offers the seat to act (the dealer screen's buttons, so every key and bound is
pinned), who still has to act with one chip behind, the opening all-in below the big blind, the order
hands are shown in and odd chips paid (1604.3(t), (v)), and the state once the hand is over."""

import pytest

from montecarlo.holdem.cards import parse_cards
from montecarlo.holdem.hand import Hand, HandError, replay
from tests.montecarlo.holdem.test_hand import history

# Dealt from left of the button, two rounds; then burn, flop, burn, turn, burn, river.
DECK = parse_cards(["As", "Kd", "7h", "Qs", "Qh", "Kc", "2c", "Ah", "Ks", "7c", "3d", "2s", "4d", "9h", "5c", "6c"])


def deal(stacks, *, button=0, small_blind=50, big_blind=100, ante=0, deck=DECK) -> Hand:
    return Hand(stacks=list(stacks), button=button, small_blind=small_blind, big_blind=big_blind, deck=list(deck),
                ante=ante)


def legal(*, fold=True, check=False, call=None, bet=None, raise_=None, allin=True) -> dict:
    return {"fold": fold, "check": check, "call": call, "bet": bet, "raise": raise_, "allin": allin}


# --- posting and dealing in (1604.3(aa)) ----------------------------------------------------------


def test_a_stack_of_exactly_the_blind_posts_it_all_and_is_dealt_in():
    hand = deal([1000, 50, 100])  # seat 1 small blind, seat 2 big blind: both all-in by posting
    assert hand.stack == [1000, 0, 0] and hand.to_act == 0 and not hand.over


def test_the_big_blind_must_post_the_big_blind_in_full():
    with pytest.raises(HandError) as caught:
        deal([1000, 1000, 60])
    assert str(caught.value) == ("seat 2: has 60 chips and cannot post 100 in full; the tournament eliminates it "
                                 "before the hand (30 DCMR 1604.3(aa))")


def test_a_seat_without_a_blind_owes_only_the_ante():
    hand = deal([10, 1000, 1000], ante=10)  # seat 0 is all-in on the ante and still dealt in
    assert hand.stack == [0, 940, 890] and hand.total == [10, 60, 110] and hand.committed == [0, 50, 100]
    assert deal([1, 1000, 1000]).stack == [1, 950, 900]  # one chip and no ante: dealt in, nothing owed


def test_blinds_all_in_by_posting_run_the_board_out_at_once():
    hand = deal([50, 100], button=0)  # heads-up: the button posts the small blind
    assert hand.over and hand.to_act is None and len(hand.board) == 5
    assert sum(hand.result()["stacks"]) == 150


def test_a_deck_of_exactly_two_cards_a_seat_deals_a_hand_that_ends_before_the_flop():
    hand = deal([1000, 1000, 1000], deck=DECK[:6])
    hand.act(0, "fold")
    hand.act(1, "fold")
    assert hand.result()["stacks"] == [1000, 950, 1050]


def test_the_blinds_and_ante_are_kept_on_the_hand():
    hand = deal([1000, 1000, 1000], small_blind=25, big_blind=50, ante=5)
    assert (hand.small_blind, hand.big_blind, hand.ante) == (25, 50, 5)


def test_a_history_without_an_ante_has_none_and_blinds_may_be_equal():
    h = history(small_blind=100, big_blind=100)
    del h["ante"]
    h["actions"] = [{"seat": 0, "action": "fold"}, {"seat": 1, "action": "fold"}]
    assert replay(h)["stacks"] == [1500, 700, 2400]  # no ante taken; the big blind wins the small blind's 100


def test_blinds_of_one_chip_each():
    h = history(small_blind=1, big_blind=1, actions=[{"seat": 0, "action": "bet", "to": 3}])
    with pytest.raises(HandError) as caught:
        replay(h)
    assert str(caught.value) == ("action 0, seat 0: cannot bet: there is already a bet of 1 on the preflop; "
                                 "raise instead (30 DCMR 1604.3(m))")
    hand = deal([100, 100, 100], small_blind=1, big_blind=1)
    for seat, action in [(0, "call"), (1, "check"), (2, "check")]:
        hand.act(seat, action)
    assert hand.legal_actions() == legal(check=True, bet=(1, 99))  # the smallest bet is the big blind, 1


# --- what the seat to act may do ------------------------------------------------------------------


def test_facing_the_big_blind_pre_flop():
    hand = deal([1500, 800, 2300])
    assert hand.legal_actions() == legal(call=100, raise_=(200, 1500))


def test_opening_the_flop():
    hand = deal([1500, 800, 2300])
    for seat, action in [(0, "call"), (1, "call"), (2, "check")]:
        hand.act(seat, action)
    assert hand.street == 1 and hand.to_act == 1
    assert hand.legal_actions() == legal(check=True, bet=(100, 700))


def test_a_stack_short_of_the_minimum_raise_may_raise_all_in():
    hand = deal([150, 1000, 1000])
    assert hand.legal_actions() == legal(call=100, raise_=(150, 150))


def test_a_stack_that_only_covers_the_call_may_not_raise_but_call_all_in():
    hand = deal([1000, 1000, 300])
    hand.act(0, "raise", 300)
    hand.act(1, "fold")
    # The big blind's 300 is exactly the bet: all in is a call, not a raise.
    assert hand.legal_actions() == legal(call=200, allin=True)


def test_with_every_other_seat_all_in_there_is_no_raise_and_no_all_in_raise():
    hand = deal([1000, 100], button=0)  # the big blind is all-in by posting
    assert hand.to_act == 0
    assert hand.legal_actions() == legal(call=50, allin=False)


def test_an_opponent_with_chips_behind_its_blind_can_be_raised():
    # Heads-up: the big blind has 100 in and 100 behind, more than the bet of 100, so a raise can be called.
    hand = deal([1000, 200], button=0)
    assert hand.legal_actions() == legal(call=50, raise_=(200, 1000))


def test_a_seat_with_one_chip_behind_still_has_to_act():
    hand = deal([101, 1000, 1000])
    hand.act(0, "call")  # one chip behind
    hand.act(1, "raise", 300)
    hand.act(2, "fold")
    assert hand.to_act == 0 and hand.legal_actions() == legal(call=1)
    hand.act(0, "call")
    assert hand.street == 4 and hand.over  # all-in for the last chip: the board is run out


def test_an_all_in_bet_below_the_big_blind_opens_the_betting_and_the_next_raise_adds_the_big_blind():
    hand = deal([1000, 150, 1000])
    for seat, action in [(0, "call"), (1, "call"), (2, "check")]:
        hand.act(seat, action)
    hand.act(1, "allin")  # 50 on the flop, below the big blind of 100
    assert (hand.current_bet, hand.last_raise, hand.last_aggressor) == (50, 100, 1)
    assert hand.to_act == 2 and hand.legal_actions() == legal(call=50, raise_=(150, 900))


def test_a_check_then_an_all_in_below_the_big_blind_reopens_the_seat_that_checked():
    hand = deal([1000, 1000, 150])
    for seat, action in [(0, "call"), (1, "call"), (2, "check"), (1, "check")]:
        hand.act(seat, action)
    hand.act(2, "allin")  # 50 more on the flop, below the big blind of 100
    hand.act(0, "call")
    # Seat 1 checked before the all-in, so it faces 50, less than a full raise: the opening bet reopens it.
    assert hand.to_act == 1 and hand.legal_actions() == legal(call=50, raise_=(150, 900))


# --- showing and paying ---------------------------------------------------------------------------

# Three seats, button on seat 1: seat 2 small blind, seat 0 big blind, seat 1 first pre-flop. Seat 2 4c 5d,
# seat 0 2c 3d, seat 1 7h 8h; the board Ah Kd Qc Js Th is a straight that both seats left play.
TIE_DECK = parse_cards(["4c", "2c", "7h", "5d", "3d", "8h", "9c", "Ah", "Kd", "Qc", "9d", "Js", "9s", "Th"])


def test_checked_down_hands_show_from_left_of_the_button_and_the_odd_chip_goes_there_first():
    hand = Hand(stacks=[100, 100, 100], button=1, small_blind=1, big_blind=2, ante=1, deck=list(TIE_DECK))
    hand.act(1, "fold")
    hand.act(2, "call")
    hand.act(0, "check")
    for _ in range(3):
        hand.act(2, "check")
        hand.act(0, "check")
    result = hand.result()
    assert list(result["shown"]) == ["2", "0"]  # nobody bet: from the first seat left of the button
    # 3 antes + 2 + 2 = 7 split two ways: 3 each, the odd chip to seat 2, first left of the button.
    assert result["pots"] == [{"amount": 7, "eligible": [0, 2], "winners": [0, 2]}]
    assert result["stacks"] == [100, 99, 101]
    assert hand.stack == result["stacks"]


def test_heads_up_at_the_showdown_the_last_bettor_must_show():
    hand = deal([1000, 1000], button=0)
    hand.act(0, "call")
    hand.act(1, "check")
    hand.act(1, "bet", 100)
    hand.act(0, "call")
    for _ in range(2):
        hand.act(1, "check")
        hand.act(0, "check")
    assert hand.must_show() == [1]
    assert set(hand.showdown(mucked=())["shown"]) == {"0", "1"}
    assert set(hand.showdown(mucked={0})["shown"]) == {"1"}


def test_two_left_of_three_after_no_bet_both_must_show():
    hand = deal([1000, 1000, 1000])
    for seat, action in [(0, "fold"), (1, "call"), (2, "check")] + [(s, "check") for _ in range(3) for s in (1, 2)]:
        hand.act(seat, action)
    assert hand.must_show() == [1, 2]
    with pytest.raises(HandError) as caught:
        hand.showdown(mucked={0})
    assert str(caught.value) == "seat 0: only a player left in the hand can muck at the showdown (30 DCMR 1604.3(t)(2))"


def test_a_hand_that_is_over_offers_no_action():
    hand = deal([1000, 1000, 1000])
    hand.act(0, "fold")
    hand.act(1, "fold")
    assert hand.over and hand.to_act is None and hand.legal_actions() == {}
    assert [hand.live(s) for s in range(3)] == [False, False, True]


def test_a_hand_error_carries_its_line_as_its_argument():
    with pytest.raises(HandError) as caught:
        deal([1000])
    assert caught.value.args == ("a table deals to 2 to 7 players, not 1 (30 DCMR 1603.23)",)
    assert (caught.value.rule, caught.value.seat, caught.value.index) == ("30 DCMR 1603.23", None, None)
