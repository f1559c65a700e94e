"""Balancing and breaking tables between hands, 15 players on 3 tables down to one
(30 DCMR 1603.23: at most 7 players a table)."""

import random
from math import ceil

import pytest

from montecarlo.holdem.tournament import TournamentError, draw_seats
from montecarlo.holdem.tournament.seating import hands_until_big_blind
from tests.montecarlo.holdem.tournament.sim import play_hand, start


def _in_play(t):
    return {n: tb for n, tb in t.tables.items() if not tb.broken and tb.seats}


def _apply_moves(t, moves):
    for move in moves:
        dst = t.tables[move["to_table"]]
        others = sorted(dst.seats)
        # The proposed seat is the one where the player posts the big blind soonest.
        best = min(
            hands_until_big_blind(sorted([*others, s]), dst.button_seat, s) for s in range(1, 8) if s not in dst.seats
        )
        assert hands_until_big_blind(sorted([*others, move["to_seat"]]), dst.button_seat, move["to_seat"]) == best
        t.apply({"type": "move", "player": move["player"], "table": move["to_table"], "seat": move["to_seat"]})


@pytest.mark.parametrize("seed", [15, 1603, 2024])
def test_fifteen_players_on_three_tables_down_to_one_final_table(seed):
    rng = random.Random(seed)
    ids = [f"p{i}" for i in range(1, 16)]
    t = start(15, chips=1500, seats=draw_seats(ids, rng=rng))
    assert sorted(len(tb.seats) for tb in t.tables.values()) == [5, 5, 5]
    reasons: set[str] = set()
    table_counts = [len(_in_play(t))]
    hands = 0
    while t.status == "running":
        for number in sorted(_in_play(t)):
            if t.status != "running" or number not in _in_play(t) or len(t.tables[number].seats) < 2:
                continue
            play_hand(t, number, min(hands // 15, 4), rng, aggression=4)
            hands += 1
            moves = t.balancing_moves()
            reasons |= {m["reason"] for m in moves}
            _apply_moves(t, moves)
            if t.status != "running":
                break
            tables = _in_play(t)
            sizes = [len(tb.seats) for tb in tables.values()]
            # After the approved moves: no table more than one player from another, and a
            # table is broken as soon as the others can seat its players.
            assert max(sizes) - min(sizes) <= 1, sizes
            assert max(sizes) <= 7
            assert len(tables) == ceil(t.players_left() / 7), sizes
            assert t.balancing_moves() == []
            table_counts.append(len(tables))
        assert hands < 3000
    assert table_counts[0] == 3 and table_counts[-1] == 1 and 2 in table_counts
    assert table_counts == sorted(table_counts, reverse=True)  # a broken table stays broken
    assert "break" in reasons
    assert sum(1 for p in t.players.values() if p.chips) == 1 and t.total_chips() == 15 * 1500
    # Places 1..15, a place shared by k players (equal stacks out together) covering k places.
    places = sorted(p.place for p in t.players.values())
    assert places[0] == 1
    assert all(places[i] in (places[i - 1], i + 1) for i in range(1, len(places)))


def test_no_moves_from_or_to_a_table_in_a_hand():
    # Tables of 7, 2 and 2 (out of balance) with table 1 in a hand: only tables 2 and 3 may move.
    seats = {f"p{i}": (1, i) for i in range(1, 8)} | {"p8": (2, 1), "p9": (2, 2), "p10": (3, 1), "p11": (3, 4)}
    t = start(11, seats=seats)
    t.apply({"type": "hand_start", "table": 1, "level": 0})
    moves = t.balancing_moves()
    assert moves and all(1 not in (m["from_table"], m["to_table"]) for m in moves)
    assert [m["reason"] for m in moves] == ["break", "break"]  # table 3 breaks into table 2
    with pytest.raises(TournamentError, match=r"1603\.27"):
        t.apply({"type": "move", "player": "p1", "table": 2, "seat": 5})
    with pytest.raises(TournamentError, match=r"1603\.23"):
        t.apply({"type": "move", "player": "p10", "table": 2, "seat": 1})  # seat taken
    for m in moves:
        t.apply({"type": "move", "player": m["player"], "table": m["to_table"], "seat": m["to_seat"]})
    assert t.tables[3].broken and not t.tables[3].seats and len(t.tables[2].seats) == 4
    with pytest.raises(TournamentError, match=r"1603\.23"):
        t.apply({"type": "hand_start", "table": 3, "level": 0})
    # Once table 1's hand is over, it gives a player to table 2 (7 and 4 -> 6 and 5).
    for seat in (4, 5, 6, 7, 1, 2):
        t.apply({"type": "action", "table": 1, "seat": seat, "action": "fold", "to": None})
    moves = t.balancing_moves()
    assert [(m["from_table"], m["to_table"], m["reason"]) for m in moves] == [(1, 2, "balance")]
    # The player moved is the one due to post table 1's next big blind (button 2 -> BB seat 4).
    assert moves[0]["player"] == "p4"
