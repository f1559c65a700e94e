"""Over random tournaments with random legal actions and chip corrections: chips are conserved (apart
from the chips of players out before a deal), no stack goes negative, and every player gets a place."""

import random
from math import ceil

from hypothesis import given, settings
from hypothesis import strategies as st

from montecarlo.holdem.tournament import TEMPLATES, draw_seats
from tests.montecarlo.holdem.tournament.sim import play_hand, start


def _check(t, expected_total):
    forfeits = sum(f["chips"] for f in t.forfeits)  # out before a deal, unable to post (1604.3(aa))
    assert t.total_chips() == expected_total - forfeits  # corrections only move chips (1603.20, 1603.30)
    assert all(p.chips >= 0 for p in t.players.values())
    for number, table in t.tables.items():
        if table.hand is not None:
            view = t.table_view(number)
            assert all(s["chips"] >= 0 for s in view["seats"])
            assert sum(s["chips"] for s in view["seats"]) + view["pot"] == sum(table.hand.start_stacks)


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 16), st.integers(0, 2**32))
def test_chips_conserved_and_never_negative(n, seed):
    rng = random.Random(seed)
    ids = [f"p{i}" for i in range(1, n + 1)]
    levels = list(TEMPLATES["turbo"])
    playing = [i for i, lv in enumerate(levels) if not lv.is_break]
    t = start(n, chips=rng.choice([1000, 3000, 10000]), levels=levels, seats=draw_seats(ids, rng=rng))
    expected = t.total_chips()
    hands = 0
    check = lambda tt: _check(tt, expected)  # noqa: E731
    while t.status == "running" and hands < 400:
        for number in sorted(t.tables):
            table = t.tables[number]
            if t.status != "running" or table.broken or len(table.seats) < 2:
                continue
            if rng.random() < 0.05:  # a director's correction, recorded with its reason
                giver, taker = rng.sample(sorted(table.seats.values()), 2)
                if t.players[giver].chips:
                    t.apply({"type": "chip_correction", "from_player": giver, "to_player": taker,
                             "chips": rng.randint(1, t.players[giver].chips), "reason": "recount"})
            level = playing[min(hands // (3 * ceil(n / 7)), len(playing) - 1)]
            play_hand(t, number, level, rng, aggression=rng.choice([1, 3]), check=check)
            hands += 1
            for move in t.balancing_moves():
                t.apply({"type": "move", "player": move["player"], "table": move["to_table"], "seat": move["to_seat"]})
            check(t)
    if t.status == "finished":
        places = sorted(p.place for p in t.players.values())
        assert places[0] == 1 and len(places) == n
        assert sum(1 for p in t.players.values() if p.chips > 0) == 1
