"""Shared builders for the bingo engine tests (no database)."""

import random

from bingo.engine import Card, column_range


def random_card(rng: random.Random) -> Card:
    columns = [rng.sample(column_range(col), 5) for col in range(5)]
    columns[2][2] = 0
    return Card(columns)


def card_from_rows(rows: list[list[int]]) -> Card:
    """A card written as it is printed: five rows, B to O."""
    return Card([[rows[r][c] for r in range(5)] for c in range(5)])


# Printed row by row; the centre is the FREE space.
SAMPLE = card_from_rows([
    [1, 16, 31, 46, 61],
    [2, 17, 32, 47, 62],
    [3, 18, 0, 48, 63],
    [4, 19, 34, 49, 64],
    [5, 20, 35, 50, 65],
])
