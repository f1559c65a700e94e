"""The showdown at a tournament table (30 DCMR 1604.3(t)(2)): the dealer enters the cards of the hands
shown and marks the others mucked; the hand that made the last bet or raise cannot muck, nor any hand
when nobody bet; each pot goes to the best hand shown. The dealer's "last hand" says who won which pot
with which hand, by the table's seat numbers; the hand history still replays to the same pots."""

import pytest

from montecarlo.holdem import replay
from montecarlo.holdem.tournament import TournamentError
from tests.montecarlo.holdem.tournament.sim import act, start

BOARD = ["2c", "7d", "9h", "Js", "3c"]


def flop_bet_hand():
    """Three players at table 1 (button seat 1, blinds seats 2 and 3, 25/50); seat 3 bets 100 on the
    flop and is called twice; turn and river are checked. The pot is 450."""
    t = start(3)
    t.apply({"type": "hand_start", "table": 1, "level": 0})
    for seat, action, *to in [(1, "call"), (2, "call"), (3, "check"), (2, "check"), (3, "bet", 100), (1, "call"),
                              (2, "call")] + [(s, "check") for _ in range(2) for s in (2, 3, 1)]:
        act(t, 1, seat, action, *to)
    return t


def showdown(t, shown, mucked=None, board=BOARD):
    event = {"type": "showdown", "table": 1, "board": board, "shown": shown}
    if mucked is not None:
        event["mucked"] = mucked
    t.apply(event)


def test_the_table_says_who_must_show():
    t = flop_bet_hand()
    view = t.table_view(1)
    assert view["needs_showdown"] and view["showdown_seats"] == [1, 2, 3]
    assert view["must_show"] == [3]  # the flop bet is the hand's last bet (1604.3(t)(2)(A))


def test_a_mucked_hand_is_not_entered_and_the_best_hand_shown_wins():
    t = flop_bet_hand()
    showdown(t, {"3": ["Kh", "Kc"], "2": ["Qh", "Qc"]}, mucked=[1])
    logged = t.hands[-1]
    assert logged["mucked"] == [0] and logged["result"]["pots"] == [
        {"amount": 450, "eligible": [0, 1, 2], "winners": [2]}]
    assert {p: t.players[p].chips for p in t.players} == {"p1": 850, "p2": 850, "p3": 1300}
    assert set(logged["result"]["shown"]) == {"1", "2"}  # seat 1 (index 0) showed nothing


def test_last_hand_shows_who_won_which_pot_with_which_hand():
    t = flop_bet_hand()
    showdown(t, {"3": ["Kh", "Kc"], "2": ["Qh", "Qc"]}, mucked=[1])
    assert t.table_view(1)["last_result"] == {
        "hand_no": 1,
        "board": BOARD,
        "showdown": True,
        "pots": [{"amount": 450, "winners": [
            {"seat": 3, "name": "Player 3", "cards": ["Kh", "Kc"], "rank": "one pair"}]}],
        "shown": [{"seat": 3, "name": "Player 3", "cards": ["Kh", "Kc"], "rank": "one pair"},
                  {"seat": 2, "name": "Player 2", "cards": ["Qh", "Qc"], "rank": "one pair"}],
        "mucked": [{"seat": 1, "name": "Player 1"}],
    }


def test_last_hand_won_by_a_fold_shows_no_cards():
    t = start(3)
    t.apply({"type": "hand_start", "table": 1, "level": 0})
    act(t, 1, 1, "fold")
    act(t, 1, 2, "fold")
    assert t.table_view(1)["last_result"] == {
        "hand_no": 1, "board": [], "showdown": False,
        "pots": [{"amount": 50, "winners": [{"seat": 3, "name": "Player 3", "cards": None, "rank": None}]}],
        "shown": [], "mucked": []}


def test_side_pots_by_seat_number():
    t = start(3, chips=1000)
    t.apply({"type": "chip_correction", "from_player": "p1", "to_player": "p3", "chips": 700, "reason": "test"})
    t.apply({"type": "hand_start", "table": 1, "level": 0})  # p1 300, p2 1000, p3 1700
    act(t, 1, 1, "allin")
    act(t, 1, 2, "allin")
    act(t, 1, 3, "call")
    # Seat 2 raised last (all in for 1000) and shows; seat 3 shows; seat 1, all in for 300, mucks.
    showdown(t, {"2": ["8h", "8c"], "3": ["Ah", "Ac"]}, mucked=[1])
    pots = t.table_view(1)["last_result"]["pots"]
    assert [(p["amount"], [w["seat"] for w in p["winners"]]) for p in pots] == [(900, [3]), (1400, [3])]
    assert pots[0]["winners"][0]["rank"] == "one pair"
    assert {p: t.players[p].chips for p in t.players} == {"p1": 0, "p2": 0, "p3": 3000}


def test_the_last_bettor_cannot_muck():
    t = flop_bet_hand()
    with pytest.raises(TournamentError) as caught:
        showdown(t, {"2": ["Qh", "Qc"]}, mucked=[1, 3])
    assert str(caught.value) == ("mucked: seat 3 made the last bet or raise of the hand and must show "
                                 "(30 DCMR 1604.3(t)(2)(A))")
    assert t.tables[1].hand is not None and not t.hands  # refused: nothing changed


def test_nobody_bet_so_nobody_mucks():
    t = start(2)
    t.apply({"type": "hand_start", "table": 1, "level": 0})
    act(t, 1, 1, "call")
    act(t, 1, 2, "check")
    for _ in range(3):
        act(t, 1, 2, "check")
        act(t, 1, 1, "check")
    assert t.table_view(1)["must_show"] == [1, 2]
    with pytest.raises(TournamentError) as caught:
        showdown(t, {"2": ["Qh", "Qc"]}, mucked=[1])
    assert str(caught.value) == ("mucked: seat 1 must show: nobody bet or raised after the blinds, so every player "
                                 "left shows (30 DCMR 1604.3(t)(2)(B))")


@pytest.mark.parametrize("shown,mucked,message", [
    ({"3": ["Kh", "Kc"], "2": ["Qh", "Qc"]}, [], "shown: seat 1: enter the cards shown, or mark the hand mucked"),
    ({"3": ["Kh", "Kc"], "1": ["Ah", "Ac"]}, [1, 2], "mucked: seat 1 cannot both show and muck"),
    ({"3": ["Kh", "Kc"]}, [1, 2, 2], "mucked: a seat is listed twice"),
    ({"3": ["Kh", "Kc"]}, [1, 2, 4], "mucked: seat 4 is not a player left in the hand"),
    ({"3": ["Kh", "Kc"], "4": ["Ah", "Ac"]}, [1, 2], "shown: seat 4 is not a player left in the hand"),
    ({"3": ["Kh", "Kc"], "x": ["Ah", "Ac"]}, [1, 2], "shown: seat x is not a player left in the hand"),
    ({"3": ["Kh", "Kc"]}, "1,2", "mucked: a list of the seats that muck"),
    ({"3": ["Kh", "Kc"]}, [True, 2], "mucked: a list of the seats that muck"),
    (["Kh", "Kc"], [1, 2], "shown: the cards shown, by seat"),
    ({"3": ["Kh"]}, [1, 2], "shown[3]: two hole cards"),
])
def test_every_player_left_shows_or_mucks_once(shown, mucked, message):
    t = flop_bet_hand()
    with pytest.raises(TournamentError) as caught:
        showdown(t, shown, mucked=mucked)
    assert str(caught.value).startswith(message + " (30 DCMR 1604.3(")


def test_a_record_without_mucks_shows_every_hand():
    t = flop_bet_hand()  # events kept before mucks were recorded list every hand in `shown`
    showdown(t, {"1": ["Ah", "Ac"], "2": ["Qh", "Qc"], "3": ["Kh", "Kc"]})
    assert t.hands[-1]["result"]["pots"][0]["winners"] == [0] and t.hands[-1]["mucked"] == []


def test_the_hand_history_replays_to_the_same_pots_with_a_mucked_hand():
    t = flop_bet_hand()
    showdown(t, {"3": ["Kh", "Kc"], "2": ["Qh", "Qc"]}, mucked=[1])
    logged = t.hands[-1]
    history = t.hand_history(1, 1)
    # The format has no word for a muck: the mucked hand is recorded with the weakest cards left,
    # which cannot beat the hands shown, so the replay awards the same pots.
    again = replay(history)
    assert again["pots"] == logged["result"]["pots"] and again["stacks"] == logged["result"]["stacks"]
    hole = [history["deck"][2], history["deck"][5]]  # seat 1 has the button: dealt third in each round
    assert [history["deck"][i] for i in (0, 3, 1, 4)] == ["Qh", "Qc", "Kh", "Kc"]
    assert set(hole).isdisjoint({"Kh", "Kc", "Qh", "Qc", *BOARD})
    assert again["shown"]["0"]["rank"] == "high card"


def test_a_mucked_hand_that_would_have_tied_is_a_limit_of_the_hand_history():
    """The board is a royal flush: every hand plays it. Seats 1 and 2 muck, so seat 3 takes the pot.
    A hand history cannot say "mucked": replayed, every hand is shown and the pot is split; the
    tournament's own record (its result, the pages) keeps the award that was made."""
    t = flop_bet_hand()
    royal = ["As", "Ks", "Qs", "Js", "Ts"]
    showdown(t, {"3": ["2h", "3h"]}, mucked=[1, 2], board=royal)
    assert t.hands[-1]["result"]["pots"][0]["winners"] == [2]
    assert [p["winners"] for p in replay(t.hand_history(1, 1))["pots"]] == [[0, 1, 2]]
