"""Card series: a reproducible set of distinct faces, face number = position + 1."""

from __future__ import annotations

import random

from .card import FREE_SQUARE, SIZE, Card, column_range


def generate(seed, size: int = 9000) -> list[Card]:
    """`size` distinct faces (never the same numbers in the same places), the same for the
    same seed: a series can be reprinted or re-verified from its seed. Face n is list[n - 1]."""
    if not isinstance(size, int) or size < 1:
        raise ValueError(f"a series has at least one face, not {size!r}")
    rng = random.Random(seed)
    faces: list[Card] = []
    seen: set[tuple[int, ...]] = set()
    while len(faces) < size:
        columns = []
        for col in range(SIZE):
            column = rng.sample(column_range(col), SIZE)
            if col == FREE_SQUARE % SIZE:
                column[FREE_SQUARE // SIZE] = 0  # 30 DCMR 1405.6: the centre is the FREE space
            columns.append(column)
        card = Card(columns)
        # Duplicates are astronomically rare, but a series must never hold two equal faces.
        if card.squares in seen:
            continue
        seen.add(card.squares)
        faces.append(card)
    return faces
