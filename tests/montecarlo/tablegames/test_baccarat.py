"""Punto y banca (002 art. 7-8): the settlement of each bet, naturals, the player's rule, every cell of the banker's
tableau, the two banker pay variants, units, limits, seating and the dealer's view."""

import pytest

from montecarlo.tablegames.baccarat import (
    PLAYER_DRAWS_RULE,
    PLAYER_STANDS_RULE,
    TABLEAU_RULE,
    PuntoBanca,
)
from montecarlo.tablegames.base import LOST, PUSHED, RETURNED, WON, GameError, cite

# The standard tableau, written out here on its own so that the engine's copy is checked against it: the values
# of the player's third card against which the banker draws, by the banker's two-card total.
TABLEAU = {0: "0123456789", 1: "0123456789", 2: "0123456789", 3: "012345679", 4: "234567", 5: "4567", 6: "67",
           7: ""}


def card(value: int, suit: str = "c") -> str:
    """A card of a baccarat value: 0 a king, 1 an ace, 2-9 themselves."""
    return {0: "K", 1: "A"}.get(value, str(value)) + suit


def two(total: int, suit: str = "h") -> list[str]:
    """Two cards (a ten first) adding up to `total`."""
    return ["T" + suit, card(total, suit)]


def table_with(bets, settings=None) -> PuntoBanca:
    """An open round with `bets`, (participant, kind, amount) each."""
    table = PuntoBanca(settings)
    table.apply({"type": "open"})
    for participant, kind, amount in bets:
        table.apply({"type": "bet", "participant": participant, "kind": kind, "amount": amount})
    return table


def coup(table, player, banker):
    return table.apply({"type": "outcome", "player": player, "banker": banker})


def by_bet(postings):
    return {p.bet: p for p in postings}


def refused(call, *args) -> GameError:
    with pytest.raises(GameError) as caught:
        call(*args)
    return caught.value


ALL = [(1, "player", 100), (2, "banker", 100), (3, "tie", 20)]


# --- each bet won, lost, pushed ---

def test_player_wins():
    table = table_with(ALL)
    postings = by_bet(coup(table, ["4c", "3d"], ["Kh", "6s"]))  # 7 to 6, both stand
    assert (postings["1.1"].kind, postings["1.1"].chips, postings["1.1"].house) == (WON, 200, -100)
    assert (postings["1.2"].kind, postings["1.2"].chips, postings["1.2"].house) == (LOST, 0, 100)
    assert (postings["1.3"].kind, postings["1.3"].chips, postings["1.3"].house) == (LOST, 0, 20)
    assert table.last["winner"] == "player" and table.last["points"] == {"player": 7, "banker": 6}
    assert not table.bets and table.expects() == "open"


def test_banker_wins_less_the_commission():
    table = table_with(ALL)
    postings = by_bet(coup(table, ["Kc", "6d"], ["Kh", "7s"]))
    assert (postings["1.1"].kind, postings["1.1"].chips, postings["1.1"].house) == (LOST, 0, 100)
    assert (postings["1.2"].kind, postings["1.2"].chips, postings["1.2"].house) == (WON, 195, -95)
    assert postings["1.2"].params == {"player": 6, "banker": 7, "commission": 5}
    assert (postings["1.3"].kind, postings["1.3"].chips) == (LOST, 0)
    assert table.last["winner"] == "banker"


def test_tie_pays_eight_to_one_and_pushes_player_and_banker():
    table = table_with(ALL)
    postings = by_bet(coup(table, ["4c", "3d"], ["Kh", "7s"]))
    assert (postings["1.1"].kind, postings["1.1"].chips, postings["1.1"].house) == (PUSHED, 100, 0)
    assert (postings["1.2"].kind, postings["1.2"].chips, postings["1.2"].house) == (PUSHED, 100, 0)
    assert (postings["1.3"].kind, postings["1.3"].chips, postings["1.3"].house) == (WON, 180, -160)
    assert table.last["winner"] == "tie"


@pytest.mark.parametrize("amount", [20, 40, 100, 980, 1000])
def test_commission_is_five_percent_of_the_stake(amount):
    table = table_with([(1, "banker", amount)])
    (posting,) = coup(table, ["Kc", "6d"], ["Kh", "7s"])
    assert posting.chips == amount + amount * 19 // 20 and -posting.house * 20 == amount * 19
    assert posting.params["commission"] * 20 == amount


# --- the banker's six under each variant ---

HALF = {"banker_pays": "half_on_six"}
BANKER_SIX_ON_TWO = (["2c", "3d", "Qc"], ["Kh", "6s"])  # player 5 draws a 0; the banker's 6 stands on it
BANKER_SIX_ON_THREE = (["2c", "3d", "Qc"], ["Kh", "3s", "3h"])  # banker 3 draws against a 0 and makes 6


@pytest.mark.parametrize("hands", [BANKER_SIX_ON_TWO, BANKER_SIX_ON_THREE])
def test_half_on_six_pays_half_a_banker_win_on_six(hands):
    table = table_with([(1, "banker", 100), (2, "player", 100)], HALF)
    postings = by_bet(coup(table, *hands))
    assert (postings["1.1"].kind, postings["1.1"].chips, postings["1.1"].house) == (WON, 150, -50)
    assert postings["1.2"].kind == LOST
    assert table.last["banker_six_paid_half"] is True and table.last["points"]["banker"] == 6


@pytest.mark.parametrize("hands", [BANKER_SIX_ON_TWO, BANKER_SIX_ON_THREE])
def test_commission_table_pays_a_banker_six_like_any_win(hands):
    table = table_with([(1, "banker", 100)])
    (posting,) = coup(table, *hands)
    assert (posting.kind, posting.chips) == (WON, 195)
    assert table.last["banker_six_paid_half"] is False


def test_half_on_six_pays_other_banker_wins_even_money_without_commission():
    table = table_with([(1, "banker", 100)], HALF)
    (posting,) = coup(table, ["Kc", "6d"], ["Kh", "7s"])
    assert (posting.kind, posting.chips, posting.house) == (WON, 200, -100)
    assert table.last["banker_six_paid_half"] is False


def test_half_on_six_a_tie_on_six_pushes_and_the_player_bet_is_even_money():
    table = table_with([(1, "banker", 100), (2, "player", 100)], HALF)
    postings = by_bet(coup(table, ["Kc", "6d"], ["Kh", "6s"]))
    assert postings["1.1"].kind == postings["1.2"].kind == PUSHED
    assert table.last["banker_six_paid_half"] is False
    table = table_with([(1, "banker", 100), (2, "player", 100)], HALF)
    postings = by_bet(coup(table, ["Kc", "7d"], ["Kh", "6s"]))
    assert (postings["1.2"].kind, postings["1.2"].chips) == (WON, 200) and postings["1.1"].kind == LOST


# --- naturals ---

def test_player_natural_wins_and_ends_the_coup():
    table = table_with(ALL)
    postings = by_bet(coup(table, ["4c", "5d"], ["Kh", "2s"]))  # the banker's 2 would otherwise draw
    assert postings["1.1"].kind == WON and postings["1.2"].kind == LOST
    assert table.last["naturals"] == {"player": True, "banker": False}
    error = refused(coup, table_with(ALL), ["4c", "5d"], ["Kh", "2s", "5h"])
    assert (error.field, error.rule) == ("banker", cite("002", "art. 7.1"))


def test_banker_natural_wins_and_the_player_draws_nothing():
    table = table_with(ALL)
    postings = by_bet(coup(table, ["2c", "3d"], ["4h", "4s"]))
    assert postings["1.2"].kind == WON and postings["1.1"].kind == LOST
    assert table.last["naturals"] == {"player": False, "banker": True}
    error = refused(coup, table_with(ALL), ["2c", "3d", "5c"], ["4h", "4s"])
    assert (error.field, error.rule) == ("player", cite("002", "art. 7.1"))


def test_both_naturals_nine_beats_eight():
    table = table_with(ALL)
    postings = by_bet(coup(table, ["4h", "4s"], ["4c", "5d"]))
    assert postings["1.2"].kind == WON and postings["1.1"].kind == LOST
    assert table.last["naturals"] == {"player": True, "banker": True}
    assert table.last["points"] == {"player": 8, "banker": 9}


def test_equal_naturals_tie():
    table = table_with(ALL)
    postings = by_bet(coup(table, ["4c", "4d"], ["Kh", "8s"]))
    assert postings["1.3"].kind == WON and postings["1.1"].kind == postings["1.2"].kind == PUSHED


# --- the player's rule, every branch ---

@pytest.mark.parametrize("total", range(8))
def test_player_draws_on_0_to_5_and_stands_on_6_and_7(total):
    hand = two(total, "c")
    draws = total <= 5
    right, wrong = (hand + ["Kd"], hand) if draws else (hand, hand + ["Kd"])
    coup(table_with(ALL), right, ["Kh", "7s"])  # the banker's 7 stands on everything
    error = refused(coup, table_with(ALL), wrong, ["Kh", "7s"])
    assert error.field == "player"
    assert error.rule == (PLAYER_DRAWS_RULE if draws else PLAYER_STANDS_RULE)
    assert error.params["points"] == total


# --- the banker's tableau, every cell ---

@pytest.mark.parametrize("third", [*range(10), "stood"])
@pytest.mark.parametrize("total", range(8))
def test_banker_tableau(total, third):
    if third == "stood":
        player, draws = ["Kc", "6d"], total <= 5
    else:
        player, draws = ["2c", "3d", card(third, "d")], str(third) in TABLEAU[total]
    banker = two(total)
    right, wrong = (banker + ["4s"], banker) if draws else (banker, banker + ["4s"])
    table = table_with(ALL)
    coup(table, player, right)
    assert len(table.last["banker"]) == (3 if draws else 2)
    error = refused(coup, table_with(ALL), player, wrong)
    assert (error.field, error.rule) == ("banker", TABLEAU_RULE)
    assert "standard tableau" in error.message and error.message.startswith("banker: ")
    assert ("draws a third card" if draws else "stands") in error.message


def test_tableau_refusal_names_the_cell():
    error = refused(coup, table_with(ALL), ["2c", "3d", "3h"], ["Kh", "5s", "2c"])
    assert error.message == "banker: with 5 against the player's third card 3 the banker stands (standard tableau)"
    error = refused(coup, table_with(ALL), ["Kc", "7d"], ["Kh", "5s"])
    assert error.message == "banker: with 5, the player having stood, the banker draws a third card (standard tableau)"


# --- units and limits ---

@pytest.mark.parametrize(("settings", "kind", "amount", "taken"), [
    ({}, "banker", 30, False), ({}, "banker", 40, True), ({}, "banker", 1000, True),
    (HALF, "banker", 21, False), (HALF, "banker", 22, True),
    ({}, "player", 21, True), ({}, "tie", 21, True), (HALF, "player", 21, True),
])
def test_units(settings, kind, amount, taken):
    table = table_with([], settings)
    event = {"type": "bet", "participant": 1, "kind": kind, "amount": amount}
    if taken:
        assert table.apply(event)[0].chips == -amount
    else:
        error = refused(table.apply, event)
        assert (error.field, error.rule) == ("amount", table.kind(kind).rule)
        assert error.params["unit"] == table.kind(kind).unit


@pytest.mark.parametrize(("kind", "amount"), [("player", 19), ("player", 1001), ("tie", 5), ("banker", 1020)])
def test_limits(kind, amount):
    table = table_with([])
    error = refused(table.apply, {"type": "bet", "participant": 1, "kind": kind, "amount": amount})
    assert (error.field, error.rule) == ("amount", table.kind(kind).rule)
    assert (error.params["low"], error.params["high"]) == (20, 1000)


def test_limits_are_settings():
    table = table_with([(1, "player", 5)], {"min_bet": 5, "max_bet": 50})
    assert table.view()["limits"] == {"min_bet": 5, "max_bet": 50}
    assert refused(table.apply, {"type": "bet", "participant": 1, "kind": "player", "amount": 55}).field == "amount"


# --- settings ---

@pytest.mark.parametrize(("settings", "field", "rule"), [
    ({"decks": 7}, "settings.decks", cite("002", "Anexo I 1(a)")),
    ({"decks": True}, "settings.decks", cite("002", "Anexo I 1(a)")),
    ({"decks": "8"}, "settings.decks", cite("002", "Anexo I 1(a)")),
    ({"decks": 8.0}, "settings.decks", cite("002", "Anexo I 1(a)")),
    ({"banker_pays": "free"}, "settings.banker_pays", cite("002", "art. 8")),
    ({"banker_pays": ["commission"]}, "settings.banker_pays", cite("002", "art. 8")),
    ({"modality": "grand"}, "settings.modality", cite("002", "art. 3")),
    ({"modality": {}}, "settings.modality", cite("002", "art. 3")),
    ({"standing": "yes"}, "settings.standing", cite("002", "Anexo I 2")),
    ({"min_bet": 21, "max_bet": 39}, "settings.max_bet", "30 DCMR 1603.2"),
])
def test_bad_settings(settings, field, rule):
    error = refused(PuntoBanca, settings)
    assert (error.field, error.rule) == (field, rule)


def test_a_narrow_limit_fits_half_on_six_but_not_the_commission():
    assert PuntoBanca({"min_bet": 21, "max_bet": 22, **HALF}).kind("banker").unit == 2
    assert refused(PuntoBanca, {"min_bet": 21, "max_bet": 22}).field == "settings.max_bet"


def test_the_banker_bet_follows_the_table_variant():
    assert PuntoBanca.bet_kinds()[1].pays == (19, 20) and PuntoBanca.bet_kinds()[1].unit == 20
    assert PuntoBanca().kind("banker").unit == 20
    half = PuntoBanca(HALF).kind("banker")
    assert (half.pays, half.unit, half.rule) == ((1, 1), 2, cite("002", "art. 8(b)"))
    assert [k.kind for k in PuntoBanca(HALF).bet_kinds()] == ["player", "banker", "tie"]


# --- seating ---

@pytest.mark.parametrize(("modality", "places", "rule"), [
    ("mini", 7, cite("002", "Anexo I 2(a)")),
    ("midi", 9, cite("002", "Anexo I 2(b)")),
    ("punto_y_banca", 14, cite("002", "Anexo I 1(b)")),
])
def test_a_table_without_standing_players_takes_as_many_participants_as_places(modality, places, rule):
    table = table_with([(p, "player", 20) for p in range(1, places + 1)], {"modality": modality, "standing": False})
    table.apply({"type": "bet", "participant": places, "kind": "tie", "amount": 20})  # a seated player bets again
    error = refused(table.apply, {"type": "bet", "participant": places + 1, "kind": "player", "amount": 20})
    assert (error.field, error.rule) == ("participant", rule)
    coup(table, ["Kc", "6d"], ["Kh", "7s"])
    table.apply({"type": "open"})  # a new coup, places free again
    table.apply({"type": "bet", "participant": places + 1, "kind": "player", "amount": 20})


@pytest.mark.parametrize(("modality", "places"), [("mini", 7), ("midi", 9)])
def test_mini_and_midi_take_standing_players_by_default(modality, places):
    table = table_with([(p, "player", 20) for p in range(1, places + 6)], {"modality": modality})
    assert len(table.at_stake()) == places + 5
    assert table.view()["modality"]["standing"] is True


def test_the_classic_table_ignores_standing():
    table = table_with([(p, "player", 20) for p in range(1, 15)], {"standing": True})
    assert refused(table.apply, {"type": "bet", "participant": 15, "kind": "player", "amount": 20}).field == (
        "participant")
    assert table.view()["modality"]["standing"] is False


# --- void ---

def test_a_coup_is_never_void_but_the_round_is():
    table = table_with(ALL)
    error = refused(table.apply, {"type": "void_outcome", "reason": "card exposed"})
    assert error.field == "type" and error.rule.startswith(cite("002", "art. 7.2"))
    postings = table.apply({"type": "void_round", "reason": "misdeal: a card exposed"})
    assert [(p.kind, p.chips) for p in postings] == [(RETURNED, 100), (RETURNED, 100), (RETURNED, 20)]
    assert table.last["voided"] is True and table.expects() == "open"


# --- the dealer's view ---

def test_view_of_the_default_table():
    table = table_with(ALL)
    view = table.view()
    assert [(row["kind"], row["pays"], row["unit"]) for row in view["pay_table"]] == [
        ("player", [1, 1], 1), ("banker", [19, 20], 20), ("tie", [8, 1], 1)]
    assert view["banker_pays"]["variant"] == "commission" and view["banker_pays"]["rule"] == cite("002", "art. 8(a)")
    assert view["decks"] == 8
    assert view["modality"]["name"] == "punto_y_banca" and view["modality"]["places"] == 14
    assert view["modality"]["cards"]["touch"] == "players_deal"
    tableau = view["tableau"]
    assert tableau["player"]["draws"] == [0, 1, 2, 3, 4, 5] and tableau["player"]["stands"] == [6, 7]
    assert tableau["banker_player_stood"] == {"draws": [0, 1, 2, 3, 4, 5], "stands": [6, 7]}
    assert {row["points"]: "".join(map(str, row["draws_against"])) for row in tableau["banker"]} == TABLEAU
    assert all(sorted(row["draws_against"] + row["stands_against"]) == list(range(10)) for row in tableau["banker"])
    assert view["expects"] == "outcome" and len(view["bets"]) == 3


@pytest.mark.parametrize(("modality", "touch", "rule"), [
    ("mini", "nobody", cite("002", "art. 3(b)")),
    ("midi", "seated_receivers", cite("002", "art. 3(c)")),
])
def test_view_says_who_touches_the_cards(modality, touch, rule):
    view = PuntoBanca({"modality": modality, "decks": 6, **HALF}).view()
    assert view["modality"]["cards"]["touch"] == touch and view["modality"]["cards"]["rule"] == rule
    assert view["decks"] == 6
    banker = view["pay_table"][1]
    assert (banker["pays"], banker["pays_on_six"], banker["unit"]) == ([1, 1], [1, 2], 2)
    assert view["banker_pays"]["rule"] == cite("002", "art. 8(b)")


def test_last_and_history_carry_the_coup():
    table = table_with(ALL)
    coup(table, ["2c", "3d", "Qc"], ["Kh", "3s", "3h"])
    assert table.last == {
        "round": 1, "player": ["2c", "3d", "Qc"], "banker": ["Kh", "3s", "3h"],
        "points": {"player": 5, "banker": 6}, "naturals": {"player": False, "banker": False},
        "winner": "banker", "banker_six_paid_half": False,
    }
    assert table.history == [table.last]
