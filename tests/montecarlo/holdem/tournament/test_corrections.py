"""Chip corrections cannot become rebuys (30 DCMR 1603.20 the same chips, 1603.30 no rebuys): a
correction puts right a miscount at one table by moving chips from one player to another there,
between hands, with a reason; the chips in play never change. Anything else is refused."""

import pytest

from montecarlo.holdem.tournament import TournamentError
from tests.montecarlo.holdem.tournament.sim import act, start

TWO_TABLES = {"p1": (1, 1), "p2": (1, 2), "p3": (1, 3), "p4": (2, 1), "p5": (2, 2)}


def move(giver="p1", taker="p2", chips=100, reason="a 100 chip was counted in the wrong stack", **extra) -> dict:
    return {"type": "chip_correction", "from_player": giver, "to_player": taker, "chips": chips, "reason": reason,
            **extra}


def refused(t, event) -> TournamentError:
    before = ({p.id: p.chips for p in t.players.values()}, list(t.corrections), len(t.events))
    with pytest.raises(TournamentError) as caught:
        t.apply(event)
    assert ({p.id: p.chips for p in t.players.values()}, list(t.corrections), len(t.events)) == before
    return caught.value


def test_a_correction_moves_chips_between_two_players_at_a_table():
    t = start(3)
    t.apply(move(chips=250))
    assert {p.id: p.chips for p in t.players.values()} == {"p1": 750, "p2": 1250, "p3": 1000}
    assert t.total_chips() == 3000
    assert t.corrections == [{"table": 1, "from_player": "p1", "to_player": "p2", "chips": 250,
                              "reason": "a 100 chip was counted in the wrong stack"}]


def test_a_player_can_give_every_chip_and_no_more():
    t = start(2)
    error = refused(t, move(chips=1001))
    assert str(error) == ("chips: p1 has 1000 chips, fewer than 1001; a correction only moves chips in play, never "
                          "adds any (no rebuys, 1603.30) (30 DCMR 1603.20)")
    t.apply(move(chips=1000))
    assert (t.players["p1"].chips, t.players["p2"].chips) == (0, 2000)
    # With no chips p1 is out before the next deal (1604.3(aa)), and the tournament is over.
    t.apply({"type": "hand_start", "table": 1, "level": 0})
    assert t.status == "finished" and t.players["p1"].place == 2


@pytest.mark.parametrize("chips", [0, -5, 1.5, "100", True, None])
def test_a_correction_moves_at_least_one_whole_chip(chips):
    error = refused(start(2), move(chips=chips))
    assert str(error) == "chips: a whole number of chips, at least 1 (30 DCMR 1603.20)"


def test_setting_a_count_is_refused():
    t = start(2)
    error = refused(t, {"type": "chip_correction", "player": "p1", "chips": 5000, "reason": "recount"})
    assert str(error) == ("chips: a correction moves chips from one player to another at the same table; it never "
                          "sets a count, adds chips to play (a rebuy, 1603.30) or takes them out (30 DCMR 1603.20)")
    refused(t, {"type": "chip_correction", "from_player": "p1", "chips": 5, "reason": "recount"})
    refused(t, {"type": "chip_correction", "to_player": "p1", "chips": 5, "reason": "recount"})


def test_chips_stay_at_one_table():
    t = start(5, seats=TWO_TABLES)
    error = refused(t, move(giver="p1", taker="p4"))
    assert str(error) == ("to_player: p4 sits at table 2, p1 at table 1; a correction puts right a miscount at one "
                          "table (30 DCMR 1603.20)")
    t.apply(move(giver="p4", taker="p5", chips=1))
    assert (t.players["p4"].chips, t.players["p5"].chips) == (999, 1001)


def test_no_chips_to_or_from_a_player_who_is_out():
    t = start(3, seats={"p1": (1, 1), "p2": (1, 2), "p3": (1, 3)})
    t.apply(move(giver="p3", taker="p1", chips=1000))
    t.apply({"type": "hand_start", "table": 1, "level": 0})  # p3 has no chips: out before the deal
    act(t, 1, 1, "fold")
    assert t.players["p3"].out_order is not None
    error = refused(t, move(giver="p1", taker="p3"))
    assert str(error) == "to_player: p3 is out of the tournament; no rebuys (30 DCMR 1603.30)"
    assert refused(t, move(giver="p3", taker="p1")).rule == "30 DCMR 1603.30"


def test_the_players_must_be_two_registered_players():
    t = start(2)
    assert str(refused(t, move(taker="p1"))) == "to_player: p1 is also the player the chips come from (30 DCMR 1603.20)"
    assert str(refused(t, move(taker="p9"))) == "to_player: 'p9' is not registered (30 DCMR 1603.20)"
    assert str(refused(t, move(giver=None))) == "from_player: None is not registered (30 DCMR 1603.20)"


def test_a_reason_is_required():
    assert str(refused(start(2), move(reason=" "))) == "reason: required text (30 DCMR 1604.3(dd))"


def test_not_during_a_hand_at_the_table_but_at_another_table():
    t = start(5, seats=TWO_TABLES)
    t.apply({"type": "hand_start", "table": 1, "level": 0})
    assert refused(t, move()).rule == "30 DCMR 1603.20"
    t.apply(move(giver="p4", taker="p5", chips=10))  # table 2 is between hands
    assert t.total_chips() == 5000


def test_not_before_play_starts():
    t = start(2)
    registering = type(t)(starting_chips=1000, levels=t.levels)
    registering.apply({"type": "register", "player": "p1", "name": "Ana"})
    assert refused(registering, move()).rule == "30 DCMR 1603.25"
