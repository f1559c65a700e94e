"""Every refusal of the hand engine, word for word: the replay CLI prints `str(HandError)` as its one
line, and the dealer screen shows it, so the wording (the action, the seat, what is wrong and the rule)
is part of the behaviour. Each case is the smallest history that breaks one rule."""

import pytest

from montecarlo.holdem.cards import parse_cards
from montecarlo.holdem.hand import Hand, HandError, replay
from tests.montecarlo.holdem.test_hand import DOC_EXAMPLE, history

NO_LIMIT = "30 DCMR 1604.4 posted house rules, no-limit"
LIMPED = [(0, "call"), (1, "call"), (2, "check")]  # to the flop, where seat 1 acts first


def acts(*entries) -> list[dict]:
    return [{"seat": seat, "action": action, **({"to": to[0]} if to else {})} for seat, action, *to in entries]


SEATS_1500_800_2300 = [{"name": "A", "stack": 1500}, {"name": "B", "stack": 800}, {"name": "C", "stack": 2300}]

REFUSALS = {
    # The table and the deck (Hand.__init__).
    "one seat": (
        history(seats=[{"name": "A", "stack": 100}]), "a table deals to 2 to 7 players, not 1 (30 DCMR 1603.23)"),
    "button below the seats": (history(button=-1), "button -1 is not one of the 3 seats (30 DCMR 1604.3(d))"),
    "too few cards for the hole cards": (
        history(deck=["As", "Kd", "7h", "Qs", "Qh"]),
        "the deck has 5 cards, too few to deal two to each of 3 seats (30 DCMR 1604.3(i))"),
    # One action (Hand.act), pre-flop: seat 0 is on the button, facing the big blind of 100.
    "not an action": (
        history(actions=acts((0, "limp"))),
        "action 0, seat 0: 'limp' is not an action: fold, check, call, bet, raise or allin (30 DCMR 1604.3(m))"),
    "check facing a bet": (
        history(actions=acts((0, "check"))),
        "action 0, seat 0: cannot check facing a bet of 100: call, raise or fold (30 DCMR 1604.3(m))"),
    "raise without an amount": (
        history(actions=acts((0, "raise"))),
        "action 0, seat 0: raise needs `to`, a whole number of chips: the seat's total on this street "
        "(30 DCMR 1604.3(m))"),
    "raise to true": (
        history(actions=acts((0, "raise", True))),
        "action 0, seat 0: raise needs `to`, a whole number of chips: the seat's total on this street "
        "(30 DCMR 1604.3(m))"),
    "bet facing a bet": (
        history(actions=acts((0, "bet", 300))),
        "action 0, seat 0: cannot bet: there is already a bet of 100 on the preflop; raise instead "
        "(30 DCMR 1604.3(m))"),
    "more chips than the seat has": (
        history(actions=acts((0, "raise", 1600))),
        "action 0, seat 0: raise to 1600 needs 1600 chips but the seat has 1500; a seat bets only the chips it has, "
        "or goes all-in (30 DCMR 1604.3(z))"),
    "more chips than the big blind has behind its blind": (
        history(actions=acts((0, "call"), (1, "call"), (2, "raise", 2400))),
        "action 2, seat 2: raise to 2400 needs 2300 chips but the seat has 2200; a seat bets only the chips it has, "
        "or goes all-in (30 DCMR 1604.3(z))"),
    "a raise to the bet": (
        history(actions=acts((0, "raise", 100))),
        "action 0, seat 0: raise to 100 is not above the bet of 100 (30 DCMR 1604.3(m))"),
    "below the minimum raise": (
        history(actions=acts((0, "raise", 150))),
        f"action 0, seat 0: raise to 150 is below the minimum raise to 200 (the last bet or raise was 100) "
        f"({NO_LIMIT})"),
    "nobody left to raise against": (
        history(seats=SEATS_1500_800_2300, actions=acts((0, "fold"), (1, "allin"), (2, "raise", 2000))),
        f"action 2, seat 2: may not raise: every other seat has folded or is all-in; call or fold ({NO_LIMIT})"),
    # On the flop (1604.3(o)).
    "a bet below the big blind": (
        history(actions=acts(*LIMPED, (1, "bet", 50))),
        f"action 3, seat 1: bet to 50 is below the big blind of 100 ({NO_LIMIT})"),
    "a raise with no bet": (
        history(actions=acts(*LIMPED, (1, "raise", 200))),
        "action 3, seat 1: has no bet to raise on the flop; bet instead (30 DCMR 1604.3(o))"),
    "a call with nothing to call": (
        history(actions=acts(*LIMPED, (1, "call"))),
        "action 3, seat 1: has nothing to call: check, bet or fold (30 DCMR 1604.3(o))"),
    # Burning and dealing the board: the all-in of the format example runs the board out at action 3.
    "no cards for the turn": (
        history(deck=DOC_EXAMPLE["deck"][:11]),
        "action 3, seat 0: the deck has 11 cards; burning and dealing the turn needs 12 (30 DCMR 1604.3(p))"),
    "no cards for the river": (
        history(deck=DOC_EXAMPLE["deck"][:13]),
        "action 3, seat 0: the deck has 13 cards; burning and dealing the river needs 14 (30 DCMR 1604.3(r))"),
    # The hand history itself (start_hand, replay).
    "not an object": ([], "a hand history is a JSON object (hand-history format)"),
    "no betting structure": (
        history(betting=None), f"betting None is not offered: only no-limit ({NO_LIMIT})"),
    "fixed-limit betting": (
        history(betting="fixed-limit"), f"betting 'fixed-limit' is not offered: only no-limit ({NO_LIMIT})"),
    "no small blind": (
        history(small_blind=0), "small_blind must be a whole number of chips, at least 1 (30 DCMR 1603.20)"),
    "small blind above the big blind": (
        history(small_blind=200), "small blind 200 is above the big blind 100 (30 DCMR 1604.3(f))"),
    "negative ante": (history(ante=-1), "ante must be a whole number of chips, at least 0 (30 DCMR 1603.20)"),
    "seats not a list": (history(seats="x"), "seats must be a list of {name, stack}, clockwise (30 DCMR 1604.3(h))"),
    "a seat not an object": (
        history(seats=[{"name": "A", "stack": 100}, "B"]),
        "seats must be a list of {name, stack}, clockwise (30 DCMR 1604.3(h))"),
    "a stack as text": (
        history(seats=[{"name": "A", "stack": 100}, {"name": "B", "stack": "800"}]),
        "seat 1: stack must be a whole number of chips, not '800' (30 DCMR 1603.20)"),
    "a negative stack": (
        history(seats=[{"name": "A", "stack": -1}, {"name": "B", "stack": 800}]),
        "seat 0: stack must be a whole number of chips, not -1 (30 DCMR 1603.20)"),
    "a stack of true": (
        history(seats=[{"name": "A", "stack": True}, {"name": "B", "stack": 800}]),
        "seat 0: stack must be a whole number of chips, not True (30 DCMR 1603.20)"),
    "button as text": (history(button="0"), "button must be a seat index, not '0' (30 DCMR 1604.3(d))"),
    "button of true": (history(button=True), "button must be a seat index, not True (30 DCMR 1604.3(d))"),
    "deck as text": (history(deck="As Kd"), "deck must be a list of cards from the top (30 DCMR 1603.22)"),
    "a card that is not one": (
        history(deck=["As", "Kd", "Zz"]),
        "deck[2]: 'Zz' is not a card: a rank of 2-9, T, J, Q, K, A and a suit of c, d, h, s (30 DCMR 1603.22)"),
    "a repeated card": (
        history(deck=["As", "Kd", "As"]),
        "deck[2]: As is repeated; a standard 52-card deck holds each card once (30 DCMR 1603.22)"),
    "actions not a list": (history(actions=None), "actions must be a list, in acting order (hand-history format)"),
    "an action not an object": (
        history(actions=["fold"]), "action 0: an action is an object {seat, action, to} (hand-history format)"),
    "a seat as text": (
        history(actions=acts(("0", "fold"))), "action 0: seat must be a seat index, not '0' (hand-history format)"),
    "a seat of true": (
        history(actions=acts((True, "fold"))), "action 0: seat must be a seat index, not True (hand-history format)"),
    "the history stops before the hand ends": (
        history(actions=acts((0, "call"))),
        "action 1, seat 1: the hand is not over: seat 1 is still to act on the preflop (30 DCMR 1604.3(m))"),
}


@pytest.mark.parametrize(("hand_history", "message"), REFUSALS.values(), ids=REFUSALS.keys())
def test_each_refusal_says_where_what_and_which_rule(hand_history, message):
    with pytest.raises(HandError) as caught:
        replay(hand_history)
    assert str(caught.value) == message
    assert caught.value.args == (message,)


def test_a_hand_in_play_has_no_result_and_no_showdown_yet():
    hand = Hand(stacks=[1000, 1000, 1000], button=0, small_blind=50, big_blind=100,
                deck=parse_cards(DOC_EXAMPLE["deck"]))
    with pytest.raises(HandError) as caught:
        hand.result()
    assert str(caught.value) == "the hand is not over: seat 0 is to act (30 DCMR 1604.3(m))"
    with pytest.raises(HandError) as caught:
        hand.showdown()
    assert str(caught.value) == (
        "there is no showdown: the betting is not over with two or more players left (30 DCMR 1604.3(t))")
