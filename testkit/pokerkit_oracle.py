"""Play a finished hand history through pokerkit (a test and benchmark reference only)."""

import warnings

from pokerkit import Automation, NoLimitTexasHoldem

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PULLING,
    Automation.RUNOUT_COUNT_SELECTION,
)


def pk_index(seat: int, button: int, n: int) -> int:
    # pokerkit seats the small blind at 0 and the button last; heads-up the big blind is 0.
    # Either way its index 0 is the first seat left of the button.
    return (seat - button - 1) % n


def pokerkit_play(history: dict, *, mucked=frozenset()) -> dict:
    """Final stacks (in our seat order) and, when the hand reaches a showdown, its pots
    [(amount, eligible seats)] from pokerkit (read before any hand is shown or mucked);
    the seats in `mucked` muck at the showdown."""
    return _play(history, observe=None, partial=False, mucked=mucked)


def pokerkit_decisions(history: dict, observe) -> None:
    """`observe(index, decision)` before each recorded action, with pokerkit's view of the seat to
    act (see `decision`). The last action is observed, not played: what would follow it (the
    run-out, the showdown, where pokerkit weighs every hand that might still win, ~15 ms a hand)
    changes no decision."""
    _play(history, observe=observe, partial=False, mucked=frozenset(), decisions_only=True)


def pokerkit_next(history: dict) -> dict:
    """pokerkit's view of the seat to act after the history's actions (a hand still in play)."""
    return _play(history, observe=None, partial=True, mucked=frozenset())


def _play(history: dict, *, observe, partial: bool, mucked, decisions_only: bool = False) -> dict:
    n = len(history["seats"])
    button = history["button"]
    seat_of = [(button + 1 + k) % n for k in range(n)]
    state = NoLimitTexasHoldem.create_state(
        AUTOMATIONS,
        False,
        history["ante"],
        (history["small_blind"], history["big_blind"]),
        history["big_blind"],
        tuple(history["seats"][seat_of[k]]["stack"] for k in range(n)),
        n,
    )
    deck = history["deck"]
    for round_ in range(2):
        for k in range(n):
            state.deal_hole(deck[round_ * n + k], k)
    pos = 2 * n
    actions = list(history["actions"])
    taken = 0
    pots = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while True:
            if state.actor_index is not None:
                entry = actions[taken] if taken < len(actions) else None
                if (
                    (entry is None or entry["seat"] != seat_of[state.actor_index])
                    and state.checking_or_calling_amount == 0
                    and not state.can_complete_bet_or_raise_to()
                ):
                    # pokerkit asks the big blind to check when nobody is left to bet against;
                    # our engine closes the betting there (nothing can change), so check for it.
                    state.check_or_call()
                    continue
                if entry is None and partial:
                    return decision(state, seat_of)
                assert seat_of[state.actor_index] == entry["seat"], (state.actor_index, entry)
                if observe is not None:
                    observe(taken, decision(state, seat_of))
                taken += 1
                if decisions_only and taken == len(actions):
                    return {}
                action = entry["action"]
                if action == "fold":
                    state.fold()
                elif action in ("check", "call"):
                    state.check_or_call()
                elif action in ("bet", "raise"):
                    state.complete_bet_or_raise_to(entry["to"])
                else:  # allin: a call when it does not exceed the bet
                    i = state.actor_index
                    most = state.stacks[i] + state.bets[i]
                    if most <= max(state.bets):
                        state.check_or_call()
                    else:
                        state.complete_bet_or_raise_to(most)
            elif state.can_burn_card():
                state.burn_card(deck[pos])
                pos += 1
            elif state.can_deal_board():
                count = 3 if not state.board_cards else 1
                state.deal_board("".join(deck[pos : pos + count]))
                pos += count
            elif state.can_show_or_muck_hole_cards():
                # Pots are read before anyone shows or mucks, so that no hand has left one yet.
                if not pots:
                    pots = [(p.amount, sorted(seat_of[i] for i in p.player_indices)) for p in state.pots]
                state.show_or_muck_hole_cards(seat_of[state.showdown_index] not in mucked)
            elif state.can_push_chips():
                state.push_chips()
            else:
                break
    assert taken == len(actions), "pokerkit ended the hand before our engine did"
    stacks = [0] * n
    for k in range(n):
        stacks[seat_of[k]] = state.stacks[k]
    return {"stacks": stacks, "pots": pots}


def decision(state, seat_of) -> dict:
    """What pokerkit lets the seat to act do: {"seat", "call", "raise": (min_to, max_to) | None}."""
    raising = state.can_complete_bet_or_raise_to()
    return {
        "seat": seat_of[state.actor_index],
        "call": state.checking_or_calling_amount,
        "raise": (state.min_completion_betting_or_raising_to_amount,
                  state.max_completion_betting_or_raising_to_amount) if raising else None,
        # pokerkit's largest bet or raise increment of the street so far; pre-flop it starts at 0,
        # not at the big blind, so it counts a short raise over the blind as a full one.
        "increment": state.completion_betting_or_raising_amount,
        "street": state.street_index,
    }
