"""Random play (hypothesis): `draw` gives valid outcomes, every event's postings balance, the meter moves only as
`jackpot_moves` says, and the log replays to the same table."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from montecarlo.holdem.cards import parse_card
from montecarlo.tablegames.base import replay
from montecarlo.tablegames.caribbean import CaribbeanPoker
from tests.montecarlo.tablegames.test_caribbean import cards


def random_night(seed: int) -> tuple[dict, list[dict]]:
    """Settings and a few rounds of events chosen by `seed`: antes, side bets, decisions, now and then a void
    hand or a void round, and the outcomes dealt by `draw`."""
    rng = random.Random(seed)
    table_settings = {"jackpot": rng.random() < 0.7, "straights": rng.choice(["000", "001"]),
                      "payout_cap": rng.choice([0, 0, 150]), "jackpot_seed": rng.choice([0, 37, 100_000]),
                      "jackpot_contribution_pct": rng.choice([0, 20, 33])}
    table = CaribbeanPoker(table_settings)
    log = []

    def apply(event):
        log.append(event)
        return table.apply(event)

    for _ in range(rng.randint(1, 4)):
        apply({"type": "open"})
        players = rng.sample(range(1, 20), rng.randint(1, 7))
        for p in players:
            apply({"type": "bet", "participant": p, "kind": "ante", "amount": rng.randint(10, 500)})
            if table_settings["jackpot"] and rng.random() < 0.6:
                apply({"type": "bet", "participant": p, "kind": "jackpot", "amount": 5})
        for p in players:
            if rng.random() < 0.05:
                apply({"type": "void_hand", "participant": p, "reason": "wrong count"})
            else:
                apply({"type": "decision", "participant": p, "choice": rng.choice(["raise", "raise", "fold"])})
        if table.expects() != "outcome":
            continue  # every hand void: the round closed itself
        if rng.random() < 0.05:
            apply({"type": "void_round", "reason": "the dealer has four cards"})
        else:
            apply(table.draw(rng))
    return table_settings, log


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_postings_balance_and_the_meter_moves_as_reported(seed):
    table_settings, log = random_night(seed)
    table = CaribbeanPoker(table_settings)
    for event in log:
        stake_before, meter_before = sum(table.at_stake().values()), table.meter
        postings = table.apply(event)
        stake_change = sum(table.at_stake().values()) - stake_before
        assert sum(p.chips for p in postings) + stake_change + sum(p.house for p in postings) == 0
        assert table.meter - meter_before == sum(m["chips"] for m in table.jackpot_moves)
        assert table.meter >= 0
    assert table.expects() == "open" and not table.bets


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_draw_deals_one_deck_to_the_dealer_and_the_raised_hands(seed):
    rng = random.Random(seed)
    table = CaribbeanPoker()
    table.apply({"type": "open"})
    players = rng.sample(range(1, 50), rng.randint(1, 7))
    for p in players:
        table.apply({"type": "bet", "participant": p, "kind": "ante", "amount": 10})
    for p in players:
        table.apply({"type": "decision", "participant": p, "choice": rng.choice(["raise", "fold"])})
    event = table.draw(random.Random(seed))
    assert event == table.draw(random.Random(seed))  # deterministic for a seeded rng
    raised = table.view()["hands"]["raised"]
    assert sorted(event["hands"]) == sorted(str(p) for p in raised)
    cards = event["dealer"] + [card for hand in event["hands"].values() for card in hand]
    assert len(event["dealer"]) == 5 and all(len(hand) == 5 for hand in event["hands"].values())
    assert len({parse_card(card) for card in cards}) == len(cards)
    postings = table.apply(event)
    assert len([p for p in postings if p.kind != "award"]) == len(players) + len(raised)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_the_log_replays_to_the_same_table_through_json(seed):
    table_settings, log = random_night(seed)
    first, first_postings = replay(CaribbeanPoker, table_settings, log)
    again, again_postings = replay(CaribbeanPoker, table_settings, json.loads(json.dumps(log)))
    assert first_postings == again_postings
    assert (first.meter, first.history, first.view()) == (again.meter, again.history, again.view())
    json.dumps(first.view())
    json.dumps(first.history)


def test_awards_balance_too():
    # Random play rarely deals a flush or better: one scripted round pays every kind of award.
    table = CaribbeanPoker({"jackpot": True})
    script = [{"type": "open"}]
    for p in range(1, 7):
        script += [{"type": "bet", "participant": p, "kind": "ante", "amount": 10 * p},
                   {"type": "bet", "participant": p, "kind": "jackpot", "amount": 5}]
    script += [{"type": "decision", "participant": p, "choice": "raise"} for p in range(1, 7)]
    script.append({"type": "outcome", "dealer": cards("Kd Kc 9d 6c 2h"), "hands": {
        "1": cards("Ts Js Qs Ks As"), "2": cards("Th Jh Qh Kh Ah"), "3": cards("Jc Tc 7c 5c 3c"),
        "4": cards("9s 8s 7s 6s 5s"), "5": cards("8c 8d 8h 2c 2d"), "6": cards("4c 4d 4h 4s Qd")}})
    for event in script:
        stake_before = sum(table.at_stake().values())
        postings = table.apply(event)
        stake_change = sum(table.at_stake().values()) - stake_before
        assert sum(p.chips for p in postings) + stake_change + sum(p.house for p in postings) == 0
    assert sorted(p.params["award"] for p in postings if p.kind == "award") == [
        "flush", "four of a kind", "full house", "royal flush", "royal flush", "straight flush"]
