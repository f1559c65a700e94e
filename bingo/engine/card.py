"""A 75-ball bingo card face: 25 squares, five columns B I N G O, the centre of N free.

Squares are numbered row by row, square = row * 5 + column (the bit layout of every pattern
mask), so square 12 is the free centre. 30 DCMR 1404.1: a card has 25 spaces; 1405.6: the
centre FREE space is the only free number."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

LETTERS = "BINGO"
SIZE = 5
FREE_SQUARE = 12
FREE_BIT = 1 << FREE_SQUARE
FULL_MASK = (1 << 25) - 1
HIGHEST_BALL = 75


def column_range(column: int) -> range:
    """The numbers that may appear in a column: B 1-15, I 16-30, N 31-45, G 46-60, O 61-75.

    The 75 balls are 30 DCMR 1405.7; splitting them by column is the standard 75-ball card
    layout (the regulation text does not spell it out), which the caller's labels rely on."""
    return range(column * 15 + 1, column * 15 + 16)


def column_of(number: int) -> int:
    """Column (0-4) of a ball number 1-75."""
    check_ball(number)
    return (number - 1) // 15


def check_ball(number: int) -> int:
    # bool is an int subclass; True is not ball 1.
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= HIGHEST_BALL:
        raise ValueError(f"a ball number is an integer from 1 to {HIGHEST_BALL} (30 DCMR 1405.7), not {number!r}")
    return number


def ball_label(number: int) -> str:
    """The caller's label of a ball: ball_label(7) == "B 7", ball_label(75) == "O 75"."""
    return f"{LETTERS[column_of(number)]} {number}"


class Card:
    """One card face, built from five columns of five numbers (B, I, N, G, O), N's centre 0.

    Raises ValueError when a number is outside its column's range, repeated, or when the
    centre is not the free space."""

    __slots__ = ("_squares", "_where")

    def __init__(self, columns: Sequence[Sequence[int]]):
        columns = [list(column) for column in columns]
        if len(columns) != SIZE or any(len(column) != SIZE for column in columns):
            raise ValueError("a card has five columns (B, I, N, G, O) of five numbers: 25 spaces (30 DCMR 1404.1)")
        squares = [0] * 25
        seen: set[int] = set()
        for col, column in enumerate(columns):
            allowed = column_range(col)
            for row, number in enumerate(column):
                if not isinstance(number, int) or isinstance(number, bool):
                    raise ValueError(f"column {LETTERS[col]} row {row + 1}: {number!r} is not a whole number")
                if row * SIZE + col == FREE_SQUARE:
                    if number != 0:
                        raise ValueError(
                            f"the centre of N is the FREE space and must be 0, not {number} (30 DCMR 1405.6)")
                    continue
                if number not in allowed:
                    raise ValueError(
                        f"column {LETTERS[col]} holds {allowed.start}-{allowed.stop - 1}; "
                        f"{number} in row {row + 1} is out of range")
                if number in seen:
                    raise ValueError(f"number {number} appears twice on the card")
                seen.add(number)
                squares[row * SIZE + col] = number
        self._squares = tuple(squares)
        self._where = {number: square for square, number in enumerate(self._squares) if number}

    @classmethod
    def from_squares(cls, squares: Sequence[int]) -> Card:
        """Build from 25 numbers in row order (square = row * 5 + column), centre 0."""
        squares = list(squares)
        if len(squares) != 25:
            raise ValueError("a card has 25 spaces (30 DCMR 1404.1)")
        return cls([[squares[row * SIZE + col] for row in range(SIZE)] for col in range(SIZE)])

    @property
    def squares(self) -> tuple[int, ...]:
        """The 25 numbers in row order; 0 is the free centre."""
        return self._squares

    @property
    def columns(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(self._squares[row * SIZE + col] for row in range(SIZE)) for col in range(SIZE))

    @property
    def numbers(self) -> frozenset[int]:
        """The 24 numbers printed on the face."""
        return frozenset(self._where)

    def square_of(self, number: int) -> int | None:
        """The square holding `number`, or None when the face does not carry it."""
        return self._where.get(number)

    def coverage(self, calls: Iterable[int]) -> int:
        """25-bit mask of the covered squares after `calls`; the free centre is always covered."""
        mask = FREE_BIT
        for number in calls:
            square = self._where.get(number)
            if square is not None:
                mask |= 1 << square
        return mask

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other._squares == self._squares

    def __hash__(self) -> int:
        return hash(self._squares)

    def __repr__(self) -> str:
        return f"Card({[list(column) for column in self.columns]!r})"

    def __str__(self) -> str:
        lines = ["  ".join(f"{letter:>2}" for letter in LETTERS)]
        for row in range(SIZE):
            cells = self._squares[row * SIZE:(row + 1) * SIZE]
            lines.append("  ".join("FR" if n == 0 else f"{n:>2}" for n in cells))
        return "\n".join(lines)
