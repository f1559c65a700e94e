"""Card faces (30 DCMR 1404.1: 25 spaces; 1405.6: only the centre is free) and ball labels."""

import random

import pytest

from bingo.engine import FREE_BIT, Card, ball_label
from tests.bingo.factories import SAMPLE, card_from_rows, random_card

COLUMNS = [[1, 2, 3, 4, 5], [16, 17, 18, 19, 20], [31, 32, 0, 34, 35], [46, 47, 48, 49, 50], [61, 62, 63, 64, 65]]


def test_a_valid_card_knows_its_squares():
    card = Card(COLUMNS)
    assert card == SAMPLE
    assert card.squares[:5] == (1, 16, 31, 46, 61)  # row order: square = row * 5 + column
    assert card.squares[12] == 0
    assert card.square_of(1) == 0 and card.square_of(65) == 24 and card.square_of(33) is None
    assert len(card.numbers) == 24
    assert Card.from_squares(card.squares) == card
    assert card.columns == tuple(tuple(c) for c in COLUMNS)
    assert card.coverage([]) == FREE_BIT
    assert card.coverage([1, 65, 33]) == FREE_BIT | 1 | 1 << 24
    assert "FR" in str(card) and len({card, Card(COLUMNS)}) == 1


@pytest.mark.parametrize(("change", "message"), [
    (lambda c: c[0].__setitem__(0, 16), "column B holds 1-15"),
    (lambda c: c[4].__setitem__(4, 76), "column O holds 61-75"),
    (lambda c: c[1].__setitem__(0, 0), "column I holds 16-30"),
    (lambda c: c[2].__setitem__(2, 33), "FREE space"),
    (lambda c: c[3].__setitem__(1, 46), "46 appears twice"),
    (lambda c: c[0].__setitem__(1, "2"), "not a whole number"),
    (lambda c: c[0].__setitem__(1, True), "not a whole number"),
    (lambda c: c[0].pop(), "five columns"),
    (lambda c: c.pop(), "five columns"),
])
def test_invalid_cards_are_refused(change, message):
    columns = [list(c) for c in COLUMNS]
    change(columns)
    with pytest.raises(ValueError, match=message):
        Card(columns)


def test_card_from_rows_matches_columns_and_random_cards_validate():
    rng = random.Random(5)
    for _ in range(200):
        card = random_card(rng)
        assert Card.from_squares(card.squares) == card
        assert card_from_rows([list(card.squares[r * 5:r * 5 + 5]) for r in range(5)]) == card


@pytest.mark.parametrize(("number", "label"), [(1, "B 1"), (7, "B 7"), (15, "B 15"), (16, "I 16"), (31, "N 31"),
                                               (45, "N 45"), (46, "G 46"), (60, "G 60"), (61, "O 61"), (75, "O 75")])
def test_ball_label(number, label):
    assert ball_label(number) == label


@pytest.mark.parametrize("bad", [0, 76, -1, 7.0, "7", True])
def test_ball_label_refuses_non_balls(bad):
    with pytest.raises(ValueError, match="1 to 75"):
        ball_label(bad)
