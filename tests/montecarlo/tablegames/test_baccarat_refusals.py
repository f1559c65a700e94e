"""Punto y banca: the outcomes the table refuses, each naming the field and the rule, and changing nothing."""

import json

import pytest

from montecarlo.tablegames.baccarat import (
    CARDS_RULE,
    HAND_RULE,
    PLAYER_DRAWS_RULE,
    PLAYER_STANDS_RULE,
    TABLEAU_RULE,
    PuntoBanca,
)
from tests.montecarlo.tablegames.test_baccarat import ALL, coup, refused, table_with

GOOD_PLAYER, GOOD_BANKER = ["Kc", "6d"], ["Kh", "7s"]


def refuse(event_fields: dict, settings=None):
    """The refusal of an outcome, after checking that the table is as it was."""
    table = table_with(ALL, settings)
    before = json.dumps(table.view())
    error = refused(table.apply, {"type": "outcome", **event_fields})
    assert json.dumps(table.view()) == before
    assert len(table.bets) == 3 and table.expects() == "outcome"
    return error


@pytest.mark.parametrize(("player", "banker", "field", "rule"), [
    # a third card that must not be drawn
    (["Kc", "6d", "2c"], GOOD_BANKER, "player", PLAYER_STANDS_RULE),
    (GOOD_PLAYER, ["Kh", "7s", "2c"], "banker", TABLEAU_RULE),
    (["4c", "5d", "2c"], ["Kh", "3s"], "player", HAND_RULE),  # after a natural
    # a missing third card
    (["Kc", "3d"], GOOD_BANKER, "player", PLAYER_DRAWS_RULE),
    (["Kc", "3d", "2h"], ["Kh", "2s"], "banker", TABLEAU_RULE),
    # four cards, one card, none
    (["2c", "3d", "Qc", "4h"], GOOD_BANKER, "player", HAND_RULE),
    (GOOD_PLAYER, ["Kh", "2s", "3c", "4c"], "banker", HAND_RULE),
    (["Kc"], GOOD_BANKER, "player", HAND_RULE),
    (GOOD_PLAYER, [], "banker", HAND_RULE),
    # bad cards
    (["1h", "6d"], GOOD_BANKER, "player", CARDS_RULE),
    (["10h", "6d"], GOOD_BANKER, "player", CARDS_RULE),
    (["kh", "6d"], GOOD_BANKER, "player", CARDS_RULE),
    ([9, "6d"], GOOD_BANKER, "player", CARDS_RULE),
    ([None, "6d"], GOOD_BANKER, "player", CARDS_RULE),
    ([True, "6d"], GOOD_BANKER, "player", CARDS_RULE),
    ([["Kc"], "6d"], GOOD_BANKER, "player", CARDS_RULE),
    (GOOD_PLAYER, ["Kh", {"card": "7s"}], "banker", CARDS_RULE),
    (GOOD_PLAYER, ["Kh", "Xs"], "banker", CARDS_RULE),
    # not a list
    ("Kc 6d", GOOD_BANKER, "player", HAND_RULE),
    (None, GOOD_BANKER, "player", HAND_RULE),
    ({"0": "Kc", "1": "6d"}, GOOD_BANKER, "player", HAND_RULE),
    (GOOD_PLAYER, ("Kh", "7s"), "banker", HAND_RULE),  # a tuple is not JSON
    (GOOD_PLAYER, 7, "banker", HAND_RULE),
])
def test_refused_outcomes(player, banker, field, rule):
    error = refuse({"player": player, "banker": banker})
    assert (error.field, error.rule) == (field, rule)
    assert error.message.startswith(field + ": ")


@pytest.mark.parametrize("missing", ["player", "banker"])
def test_a_missing_hand(missing):
    fields = {"player": GOOD_PLAYER, "banker": GOOD_BANKER}
    del fields[missing]
    error = refuse(fields)
    assert (error.field, error.rule) == (missing, HAND_RULE)


def test_a_bad_card_is_named():
    error = refuse({"player": GOOD_PLAYER, "banker": ["Kh", "10s"]})
    assert error.message == "banker: '10s' is not a card: a rank of 2-9, T, J, Q, K, A and a suit of c, d, h, s"


def test_four_cards_are_named():
    error = refuse({"player": ["2c", "3d", "Qc", "4h"], "banker": GOOD_BANKER})
    assert error.message == "player: a hand has 2 cards, or 3 with a third card, not 4"


def test_a_card_at_most_as_many_times_as_the_decks():
    """Six aces of hearts in one coup fit a six-deck shoe (a legal coup: 2 and 2, both draw, 3 all); a seventh
    copy does not, and the count is judged on the cards read, before their number."""
    table = table_with(ALL, {"decks": 6})
    coup(table, ["Ah", "Ah", "Ah"], ["Ah", "Ah", "Ah"])
    assert table.last["winner"] == "tie"
    error = refuse({"player": ["Ah"] * 4, "banker": ["Ah"] * 3}, {"decks": 6})
    assert (error.field, error.rule) == ("banker", CARDS_RULE)
    assert error.message == "banker: Ah appears 7 times in the coup; a shoe of 6 decks holds it 6 times"
    error = refuse({"player": ["Ah"] * 4, "banker": ["Ah"] * 3}, {"decks": 8})
    assert (error.field, error.rule) == ("player", HAND_RULE)  # eight copies fit; four cards do not


def test_a_repeated_card_is_no_fault():
    table = table_with(ALL)
    coup(table, ["9h", "9h"], ["9h", "Kd"])  # several decks: the same card three times
    assert table.last["winner"] == "banker" and table.last["player"] == ["9h", "9h"]


def test_natural_refusal_names_the_hands():
    error = refuse({"player": ["2c", "3d", "5c"], "banker": ["4h", "4s"]})
    assert error.message == "player: a natural ends the coup (player 5, banker 8 on two cards): no third card"


@pytest.mark.parametrize("setup", [[], [{"type": "open"}], [{"type": "open"}, "bet", "coup"]])
def test_an_outcome_needs_an_open_round_with_bets(setup):
    table = PuntoBanca()
    for step in setup:
        if step == "bet":
            table.apply({"type": "bet", "participant": 1, "kind": "player", "amount": 20})
        elif step == "coup":
            coup(table, GOOD_PLAYER, GOOD_BANKER)
        else:
            table.apply(step)
    error = refused(table.apply, {"type": "outcome", "player": GOOD_PLAYER, "banker": GOOD_BANKER})
    assert error.field == "type"


def test_no_bets_after_the_coup_and_no_unknown_kind():
    table = table_with(ALL)
    coup(table, GOOD_PLAYER, GOOD_BANKER)
    assert refused(table.apply, {"type": "bet", "participant": 1, "kind": "player", "amount": 20}).field == "type"
    table.apply({"type": "open"})
    error = refused(table.apply, {"type": "bet", "participant": 1, "kind": "dragon", "amount": 20})
    assert error.field == "kind"
    error = refused(table.apply, {"type": "bet", "participant": 1, "kind": "player", "amount": 20, "number": 6})
    assert error.field == "number"


def test_unknown_event_type():
    assert refused(table_with(ALL).apply, {"type": "burn"}).field == "type"
