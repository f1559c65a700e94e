"""Random legal hands: the same results as pokerkit, and the invariants of 1604.3(y), (z)."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from montecarlo.holdem.hand import replay
from testkit.pokerkit_oracle import pokerkit_play
from testkit.random_hands import random_hand


def test_same_pots_winners_and_stacks_as_pokerkit():
    rng = random.Random(1604)
    showdowns = side_pots = 0
    for _ in range(1500):
        history, hand = random_hand(rng)
        ours = hand.result()
        theirs = pokerkit_play(history)
        if theirs["pots"]:
            showdowns += 1
            side_pots += len(ours["pots"]) > 1
            assert [(p["amount"], p["eligible"]) for p in ours["pots"]] == theirs["pots"], history
        # pokerkit merges pots with the same winners and gives a pot's whole remainder to one
        # winner; the format splits each pot on its own, an odd chip at a time. Only split pots
        # with a remainder may differ, by at most one chip each.
        odd = sum(1 for p in ours["pots"] if p["amount"] % len(p["winners"]))
        assert all(abs(a - b) <= odd for a, b in zip(ours["stacks"], theirs["stacks"], strict=True)), history
        if not odd:
            assert ours["stacks"] == theirs["stacks"], history
    assert showdowns > 300 and side_pots > 100  # the generator really exercises all-ins


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**48))
def test_invariants(seed):
    history, hand = random_hand(random.Random(seed))
    result = hand.result()
    start = [s["stack"] for s in history["seats"]]
    assert sum(result["stacks"]) == sum(start)  # chips are conserved
    assert all(s >= 0 for s in result["stacks"])
    assert result["net"] == [a - b for a, b in zip(result["stacks"], start, strict=True)]
    live = {s for s in range(len(start)) if not hand.folded[s]}
    for pot in result["pots"]:
        assert pot["amount"] > 0
        assert pot["winners"] and set(pot["winners"]) <= set(pot["eligible"]) <= live
    # Each pot's eligible seats shrink from the main pot to the last side pot (1604.3(z)).
    for a, b in zip(result["pots"], result["pots"][1:], strict=False):
        assert set(b["eligible"]) < set(a["eligible"])
    # A pot never holds more than what went in, less what came back uncalled (1604.3(y)).
    assert sum(p["amount"] for p in result["pots"]) == sum(hand.total)
    assert result["eliminated"] == [s for s, chips in enumerate(result["stacks"]) if chips == 0]
    if len(live) > 1:
        assert len(result["board"]) == 5 and set(result["shown"]) == {str(s) for s in live}
    # The state is the replay of the actions: the JSON history gives the same result.
    assert replay(json.loads(json.dumps(history))) == result
