"""Helpers for the tournament tests: build a tournament from events and play hands with
random legal actions and random (but real, distinct) cards at the showdown."""

import random

from montecarlo.holdem.cards import format_card
from montecarlo.holdem.tournament import Level, Tournament

LEVELS = [Level(25, 50), Level(50, 100), Level(100, 200, 25), Level(200, 400, 50), Level(400, 800, 100)]


def start(n: int, *, chips: int = 1000, levels=LEVELS, seats=None, **kwargs) -> Tournament:
    """n players p1..pn; `seats` maps player -> (table, seat), else all at table 1 seats 1..n."""
    t = Tournament(starting_chips=chips, levels=levels, **kwargs)
    for i in range(1, n + 1):
        t.apply({"type": "register", "player": f"p{i}", "name": f"Player {i}"})
    seats = seats or {f"p{i}": (1, i) for i in range(1, n + 1)}
    t.apply({"type": "seat", "assignments": {p: list(s) for p, s in seats.items()}})
    return t


def set_chips(t: Tournament, chips: dict[str, int]) -> None:
    """Give the named players (all at table 1) these counts by chip corrections, which only move chips
    between players at a table (1603.20): the first player not named gives or takes the difference."""
    deltas = {pid: amount - t.players[pid].chips for pid, amount in chips.items()}
    rest = sum(deltas.values())
    if rest:
        bank = next(pid for seat, pid in sorted(t.tables[1].seats.items()) if pid not in chips)
        deltas[bank] = -rest
    givers = [[pid, -d] for pid, d in deltas.items() if d < 0]
    for taker, need in ((pid, d) for pid, d in deltas.items() if d > 0):
        while need:
            giver = next(g for g in givers if g[1])
            moved = min(need, giver[1])
            t.apply({"type": "chip_correction", "from_player": giver[0], "to_player": taker, "chips": moved,
                     "reason": "test setup"})
            giver[1] -= moved
            need -= moved


def act(t: Tournament, table: int, seat: int, action: str, to: int | None = None) -> None:
    t.apply({"type": "action", "table": table, "seat": seat, "action": action, "to": to})


def random_showdown(t: Tournament, table: int, rng: random.Random) -> dict:
    view = t.table_view(table)
    deck = [format_card(c) for c in rng.sample(range(52), 5 + 2 * len(view["showdown_seats"]))]
    shown = {str(s): [deck[5 + 2 * k], deck[6 + 2 * k]] for k, s in enumerate(view["showdown_seats"])}
    event = {"type": "showdown", "table": table, "board": deck[:5], "shown": shown}
    t.apply(event)
    return event


def random_action(view: dict, rng: random.Random, *, aggression: int = 1) -> dict:
    legal = view["legal"]
    options = []
    if legal["check"]:
        options += ["check"] * 4
    if legal["call"] is not None:
        options += ["call"] * 4 + ["fold"] * 3
    if legal["raise_action"]:
        options += [legal["raise_action"]] * 2
    if legal["allin"] is not None:
        options += ["allin"] * aggression
    action = rng.choice(options)
    event = {"type": "action", "table": view["table"], "seat": view["to_act"], "action": action, "to": None}
    if action in ("bet", "raise"):
        low, high = legal["min_raise_to"], legal["max_raise_to"]
        event["to"] = rng.choice([low, high, rng.randint(low, high)])
    return event


def play_hand(t: Tournament, table: int, level: int, rng: random.Random, *, aggression: int = 1, check=None) -> None:
    """Start a hand and play it to its end with random legal actions; `check(t)` after each event."""
    t.apply({"type": "hand_start", "table": table, "level": level})
    while t.status == "running" and t.tables[table].hand is not None:
        view = t.table_view(table)
        if view["needs_showdown"]:
            random_showdown(t, table, rng)
        else:
            t.apply(random_action(view, rng, aggression=aggression))
        if check:
            check(t)
