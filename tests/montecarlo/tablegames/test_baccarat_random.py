"""Punto y banca under random play: `draw` deals coups the table accepts, a log replays to the same table, and
every event's postings balance (chips in hand + chips at stake + the house's result never change in sum)."""

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from montecarlo.holdem.cards import parse_card
from montecarlo.tablegames.baccarat import PuntoBanca
from montecarlo.tablegames.baccarat_edges import coup_weights
from montecarlo.tablegames.base import GameError, replay

TABLES = st.fixed_dictionaries({
    "decks": st.sampled_from([6, 8]),
    "banker_pays": st.sampled_from(["commission", "half_on_six"]),
    "modality": st.sampled_from(["punto_y_banca", "mini", "midi"]),
    "standing": st.booleans(),
})


def stake_total(table) -> int:
    return sum(table.at_stake().values())


def apply_balanced(table, event):
    """Apply `event`, checking that its postings balance; a refused event must change nothing."""
    before, staked = json.dumps(table.view()), stake_total(table)
    try:
        postings = table.apply(event)
    except GameError:
        assert json.dumps(table.view()) == before
        return None
    chips = sum(p.chips for p in postings)
    house = sum(p.house for p in postings)
    assert chips + (stake_total(table) - staked) + house == 0, (event, postings)
    return postings


def spoil(rng, event):
    """The same coup with one fault: a card dropped, one added, or one that is no card."""
    spoilt = json.loads(json.dumps(event))
    hand = spoilt[rng.choice(["player", "banker"])]
    fault = rng.randrange(3)
    if fault == 0:
        hand.pop()
    elif fault == 1:
        hand.append("5h")
    else:
        hand[0] = rng.choice(["1h", "10d", "", None, 7, "Qx"])
    return spoilt


def random_play(seed: int, table_settings: dict, rounds: int = 6):
    """A table played at random from `seed`: the events it accepted, and the table. Refused events (bad amounts,
    spoilt coups) are tried along the way and must leave the table as it was."""
    rng = random.Random(seed)
    table, events = PuntoBanca(table_settings), []

    def play(event):
        if apply_balanced(table, event) is not None:
            events.append(event)

    for _ in range(rounds):
        play({"type": "open"})
        for _ in range(rng.randrange(0, 12)):
            play({"type": "bet", "participant": rng.randrange(1, 16), "kind": rng.choice(["player", "banker", "tie"]),
                  "amount": rng.choice([1, 19, 20, 21, 22, 30, 40, 100, 500, 999, 1000, 1001])})
        coup = table.draw(rng)
        if rng.random() < 0.3:
            play(spoil(rng, coup))  # refused (or, rarely, a spoilt coup that is still legal)
        if rng.random() < 0.1 or not table.bets:
            play({"type": "void_round", "reason": "misdeal"})
        elif table.expects() == "outcome":
            play(coup)
    return events, table


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**48), TABLES)
def test_postings_balance(seed, table_settings):
    events, table = random_play(seed, table_settings)
    assert events and all(summary["round"] for summary in table.history)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**48), TABLES)
def test_replay_is_deterministic(seed, table_settings):
    events, live = random_play(seed, table_settings)
    logged = json.loads(json.dumps(events))
    first, postings = replay(PuntoBanca, table_settings, logged)
    second, again = replay(PuntoBanca, table_settings, logged)
    assert [[p.as_dict() for p in each] for each in postings] == [[p.as_dict() for p in each] for each in again]
    assert first.view() == second.view() == live.view()
    assert first.history == live.history


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**48), TABLES)
def test_draw_deals_coups_the_table_accepts(seed, table_settings):
    table = PuntoBanca(table_settings)
    table.apply({"type": "open"})
    table.apply({"type": "bet", "participant": 1, "kind": "tie", "amount": 20})
    event = table.draw(random.Random(seed))
    assert event == table.draw(random.Random(seed))  # the same seed, the same coup
    assert event["type"] == "outcome" and 2 <= len(event["player"]) <= 3 and 2 <= len(event["banker"]) <= 3
    copies = Counter(parse_card(c) for c in event["player"] + event["banker"])
    assert max(copies.values()) <= table_settings["decks"]
    table.apply(json.loads(json.dumps(event)))
    assert table.last["player"] == event["player"] and table.last["banker"] == event["banker"]


def test_draw_deals_results_at_the_exact_odds():
    """4000 coups from seed 2: each result's share within four standard deviations of its exact probability."""
    tally, total = coup_weights(8)
    rng, table = random.Random(2), PuntoBanca()
    seen, thirds = Counter(), Counter()
    for _ in range(4000):
        event = table.draw(rng)
        player = [parse_card(c) for c in event["player"]]
        banker = [parse_card(c) for c in event["banker"]]
        thirds[len(player), len(banker)] += 1
        p = sum(min(c // 4 + 2, 10) % 10 if c // 4 != 12 else 1 for c in player) % 10
        b = sum(min(c // 4 + 2, 10) % 10 if c // 4 != 12 else 1 for c in banker) % 10
        seen["player" if p > b else "banker" if b > p else "tie"] += 1
    for result in ("player", "banker", "tie"):
        share = tally[result] / total
        assert abs(seen[result] / 4000 - share) < 4 * (share * (1 - share) / 4000) ** 0.5, (result, seen)
    assert set(thirds) == {(2, 2), (2, 3), (3, 2), (3, 3)}
