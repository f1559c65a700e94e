"""Card series: reproducible from the seed, no two faces alike."""

from bingo.engine import Card, series


def test_reproducible_and_unique():
    first = series.generate(20240601, size=9000)
    assert len(first) == 9000 and all(isinstance(card, Card) for card in first)
    assert len({card.squares for card in first}) == 9000
    assert series.generate(20240601, size=9000) == first
    assert series.generate(20240601, size=10) == first[:10]  # face n is the same in a shorter series
    assert series.generate(20240602, size=10) != first[:10]


def test_faces_are_valid_cards():
    for card in series.generate("x", size=200):
        assert Card.from_squares(card.squares) == card and card.squares[12] == 0


def test_default_size_is_9000():
    assert len(series.generate(1)) == 9000


def test_size_must_be_positive():
    import pytest

    with pytest.raises(ValueError):
        series.generate(1, size=0)
