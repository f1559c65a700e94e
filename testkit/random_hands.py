"""Random legal hands for differential and property tests (and the benchmark): a seeded RNG
picks each action from `Hand.legal_actions()`, leaning towards all-ins so side pots are common."""

import random

from montecarlo.holdem.cards import format_card
from montecarlo.holdem.hand import Hand


def random_setup(rng: random.Random) -> dict:
    n = rng.randint(2, 7)
    big_blind = rng.choice([2, 10, 100])
    small_blind = big_blind // 2  # pokerkit cannot seat heads-up blinds of equal size
    ante = rng.choice([0, 0, 1, big_blind // 10])
    floor = ante + big_blind
    stacks = [rng.choice([rng.randint(floor, floor * 5), rng.randint(floor, floor * 60)]) for _ in range(n)]
    deck = list(range(52))
    rng.shuffle(deck)
    return {
        "betting": "no-limit",
        "small_blind": small_blind,
        "big_blind": big_blind,
        "ante": ante,
        "button": rng.randrange(n),
        "seats": [{"name": f"P{i}", "stack": s} for i, s in enumerate(stacks)],
        "deck": [format_card(c) for c in deck],
        "_deck": deck,
    }


def choose(rng: random.Random, hand: Hand) -> dict:
    legal = hand.legal_actions()
    seat = hand.to_act
    options = []
    if legal["check"]:
        options += ["check"] * 4
    if legal["call"] is not None:
        options += ["call"] * 4 + ["fold"] * 2
    if legal["bet"]:
        options += ["bet"] * 2
    if legal["raise"]:
        options += ["raise"] * 2
    if legal["allin"]:
        options.append("allin")
    action = rng.choice(options)
    entry = {"seat": seat, "action": action}
    if action in ("bet", "raise"):
        low, high = legal[action]
        entry["to"] = rng.choice([low, high, rng.randint(low, high)])
    return entry


def random_hand(rng: random.Random) -> tuple[dict, Hand]:
    """A random hand history played to its end, and the finished Hand."""
    setup = random_setup(rng)
    deck = setup.pop("_deck")
    hand = Hand(
        stacks=[s["stack"] for s in setup["seats"]],
        button=setup["button"],
        small_blind=setup["small_blind"],
        big_blind=setup["big_blind"],
        ante=setup["ante"],
        deck=deck,
    )
    actions = []
    while not hand.over:
        entry = choose(rng, hand)
        hand.act(entry["seat"], entry["action"], entry.get("to"))
        actions.append(entry)
    setup["actions"] = actions
    return setup, hand
