"""Finishing order and prizes (30 DCMR 1603.25, 1603.26).

Players out on the same hand finish in the order of their stacks at the start of that hand,
the larger higher; equal stacks share a place. A shared place shares the prizes of the places
it covers, split equally, rounded down to the cent, any remainder to the first listed. The
same ranking ranks the players left when a tournament is stopped at its set time (by chips).
"""

from decimal import ROUND_DOWN, Decimal

CENT = Decimal("0.01")


def prize_shares(prizes: list[Decimal], place: int, count: int) -> list[Decimal]:
    """Prizes for `count` players sharing `place` (1-based): the prizes of places
    place..place+count-1 pooled and split equally; the odd cents go to the first listed."""
    pool = sum(prizes[place - 1 : place - 1 + count], Decimal("0"))
    share = (pool / count).quantize(CENT, rounding=ROUND_DOWN)
    shares = [share] * count
    shares[0] += pool - share * count
    return [s.quantize(CENT) for s in shares]


def rank_batch(entries: list[tuple[object, int]], first_place: int, prizes: list[Decimal]) -> list[tuple]:
    """`entries`: (player, stack) in listing order (registration order breaks nothing, it only
    lists). Returns (player, place, prize) with larger stacks placed higher and equal stacks
    sharing a place, places counted from `first_place`."""
    ordered = sorted(entries, key=lambda e: -e[1])  # stable: ties keep the listing order
    out: list[tuple] = []
    place = first_place
    i = 0
    while i < len(ordered):
        group = [e for e in ordered[i:] if e[1] == ordered[i][1]]
        for (player, _stack), prize in zip(group, prize_shares(prizes, place, len(group)), strict=True):
            out.append((player, place, prize))
        place += len(group)
        i += len(group)
    return out
