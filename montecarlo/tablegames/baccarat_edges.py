"""The house edge of each punto y banca bet, exact, by enumerating every coup a full shoe can deal.

A shoe of 6 or 8 decks (002 Anexo I 1(a)) holds, by card value, 16 cards of value 0 (10, J, Q, K) and 4 of each
value 1-9 per deck. Every sequence of up to six card values dealt by the rules (`baccarat.player_draws`,
`baccarat.banker_draws`: the engine's own) is weighed by the product of the counts left in the shoe as each card
is dealt, so the probabilities are exact integers over N(N-1)...(N-5) and the edges exact fractions, rounded only
at the end. House edge = expected loss per unit bet, in percent; on a tie the player and banker bets push (002
art. 7.1) and count as a bet with nothing lost, the usual convention. The modalities (classic, mini, midi) settle
alike (002 art. 8), so they have no lines of their own; the two pay variants of the banker bet (002 art. 8(a)
commission, art. 8(b) half on a banker 6) each have theirs."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import prod

from montecarlo.tablegames.baccarat import (
    BANKER,
    COMMISSION,
    DECKS,
    HALF_ON_SIX,
    PLAYER,
    TIE,
    banker_draws,
    player_draws,
)

GAME = "baccarat"
VARIANT_TEXTS = {COMMISSION: "5% commission", HALF_ON_SIX: "no commission, banker 6 pays 1:2"}


@cache
def coup_weights(decks: int) -> tuple[dict[str, int], int]:
    """The weight of each result ("player", "banker", "banker_six" (the banker winning with 6, counted in
    "banker" too), "tie") out of the total N(N-1)...(N-5) for a fresh shoe of `decks` decks."""
    counts = [16 * decks] + [4 * decks] * 9
    size = sum(counts)
    # A coup of k cards stands for every way the shoe could go on to a sixth card: its weight is extended by
    # (N-k)...(N-5) so that every coup is counted over the same total.
    tail = [prod(range(size - 5, size - k + 1)) for k in range(7)]
    tally = {PLAYER: 0, BANKER: 0, "banker_six": 0, TIE: 0}

    def record(p: int, b: int, weight: int) -> None:
        if p > b:
            tally[PLAYER] += weight
        elif b > p:
            tally[BANKER] += weight
            if b == 6:
                tally["banker_six"] += weight
        else:
            tally[TIE] += weight

    def banker_third(p: int, b: int, weight: int, third: int | None, dealt: int) -> None:
        if not banker_draws(b, third):
            record(p, b, weight * tail[dealt])
            return
        for card in range(10):
            record(p, (b + card) % 10, weight * counts[card] * tail[dealt + 1])

    # The first four cards, dealt player, banker, player, banker.
    for p1 in range(10):
        w1 = counts[p1]
        counts[p1] -= 1
        for b1 in range(10):
            w2 = counts[b1]
            counts[b1] -= 1
            for p2 in range(10):
                w3 = counts[p2]
                counts[p2] -= 1
                for b2 in range(10):
                    w4 = counts[b2]
                    counts[b2] -= 1
                    p, b, weight = (p1 + p2) % 10, (b1 + b2) % 10, w1 * w2 * w3 * w4
                    if p >= 8 or b >= 8:
                        record(p, b, weight * tail[4])
                    elif not player_draws(p):
                        banker_third(p, b, weight, None, 4)
                    else:
                        for p3 in range(10):
                            w5 = counts[p3]
                            counts[p3] -= 1
                            banker_third((p + p3) % 10, b, weight * w5, p3, 5)
                            counts[p3] += 1
                    counts[b2] += 1
                counts[p2] += 1
            counts[b1] += 1
        counts[p1] += 1
    return tally, tail[0]


def bet_edges(decks: int, banker_pays: str) -> dict[str, Fraction]:
    """Expected loss per unit bet of each bet, as an exact fraction."""
    tally, total = coup_weights(decks)
    player, banker, six, tie = (Fraction(tally[key], total) for key in (PLAYER, BANKER, "banker_six", TIE))
    if banker_pays == COMMISSION:
        banker_edge = player - Fraction(19, 20) * banker
    else:
        banker_edge = player - (banker - six) - Fraction(1, 2) * six
    return {BANKER: banker_edge, PLAYER: banker - player, TIE: (1 - tie) - 8 * tie}


def edges() -> list[dict]:
    lines = []
    for decks in sorted(DECKS, reverse=True):
        for banker_pays in (COMMISSION, HALF_ON_SIX):
            variant = f"{decks} decks, {VARIANT_TEXTS[banker_pays]}"
            for bet, edge in bet_edges(decks, banker_pays).items():
                lines.append({"game": GAME, "variant": variant, "bet": bet,
                              "house_edge_pct": float(round(edge * 100, 4)), "method": "exact"})
    return lines
