"""Seat draw (30 DCMR 1603.23) and the seat a moved player takes."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from montecarlo.holdem.tournament import TournamentError, draw_seats, fair_seat
from montecarlo.holdem.tournament.seating import blind_seats, next_button


@given(st.integers(2, 70), st.integers(0, 2**32))
def test_draw_uses_fewest_tables_of_at_most_seven_and_even_sizes(n, seed):
    ids = [f"p{i}" for i in range(n)]
    seats = draw_seats(ids, rng=random.Random(seed))
    assert set(seats) == set(ids)
    assert len(set(seats.values())) == n  # nobody shares a seat
    sizes: dict[int, int] = {}
    for table, seat in seats.values():
        assert 1 <= seat <= 7
        sizes[table] = sizes.get(table, 0) + 1
    assert sorted(sizes) == list(range(1, -(-n // 7) + 1))
    assert max(sizes.values()) <= 7
    assert max(sizes.values()) - min(sizes.values()) <= 1


def test_draw_is_random_but_reproducible_from_the_injected_rng():
    ids = [f"p{i}" for i in range(15)]
    assert draw_seats(ids, rng=random.Random(7)) == draw_seats(ids, rng=random.Random(7))
    assert draw_seats(ids, rng=random.Random(7)) != draw_seats(ids, rng=random.Random(8))
    sizes = sorted(
        sum(1 for t, _ in draw_seats(ids, rng=random.Random(1)).values() if t == table) for table in (1, 2, 3)
    )
    assert sizes == [5, 5, 5]


def test_draw_with_a_set_number_of_tables_and_its_limits():
    seats = draw_seats([f"p{i}" for i in range(9)], tables=2, rng=random.Random(3))
    assert sorted(sum(1 for t, _ in seats.values() if t == k) for k in (1, 2)) == [4, 5]
    with pytest.raises(TournamentError, match=r"1603\.23"):
        draw_seats([f"p{i}" for i in range(15)], tables=2, rng=random.Random(3))  # 8 at a table
    with pytest.raises(TournamentError, match=r"1603\.25"):
        draw_seats(["p1"], rng=random.Random(3))


def test_button_and_blinds_skip_empty_seats():
    assert next_button([2, 5, 7], None) == 2
    assert next_button([2, 5, 7], 7) == 2
    assert next_button([2, 5, 7], 3) == 5  # the button seat emptied: on to the next player
    assert blind_seats([2, 5, 7], 2) == (5, 7)
    assert blind_seats([2, 5], 5) == (5, 2)  # heads-up: the button posts the small blind


def test_moved_player_takes_the_seat_that_posts_the_big_blind_soonest():
    # Button on 1: next hand the button is 3, small blind 5, big blind 7. A newcomer in seat 6
    # sits between the small blind and big blind and posts the big blind at once.
    assert fair_seat([1, 3, 5, 7], 1, 7) == 6
    # Button on 4: next hand button 1, small blind 2; seat 3 is then the big blind, while seats
    # 5-7 would wait a hand or more.
    assert fair_seat([1, 2, 4], 4, 7) == 3
    # No hand played yet: the button will be the lowest seat, 2; small blind 4, then seat 5.
    assert fair_seat([2, 4, 6], None, 7) == 5
    assert fair_seat(list(range(1, 8)), 1, 7) is None


def test_draw_seats_up_to_the_seat_limit_the_caller_passes():
    ids = [f"p{i}" for i in range(9)]
    seats = draw_seats(ids, max_per_table=9, seats_limit=9, rng=random.Random(3))
    assert {table for table, _seat in seats.values()} == {1}
    assert sorted(seat for _table, seat in seats.values()) == list(range(1, 10))
    with pytest.raises(TournamentError, match=r"2 to 7 players.*1603\.23"):
        draw_seats(ids, max_per_table=9, rng=random.Random(3))
