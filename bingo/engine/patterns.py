"""The standard 75-ball pattern library.

A pattern is the set of 5x5 masks that win: 25-bit ints, bit (row * 5 + column) set for a
square that must be covered (the layout of bingo.models.Pattern.masks). "Anywhere" patterns
(any line, six-pack...) carry one mask per placement. The free centre is always covered
(30 DCMR 1405.6), so a mask may include it or not with the same result. Before each game
the pattern is shown and announced (30 DCMR 1405.17): every pattern has English and Spanish
names, because DC serves Spanish speakers."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from .card import FREE_BIT, FREE_SQUARE, FULL_MASK, SIZE


def _square(row: int, col: int) -> int:
    return 1 << (row * SIZE + col)


def mask_from_grid(grid: str) -> int:
    """A mask from five rows of five characters: X (or F for the free centre) covered, '.' not."""
    rows = [line.strip() for line in grid.strip().splitlines()]
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
        raise ValueError(f"a pattern grid is five rows of five characters:\n{grid}")
    mask = 0
    for r, row in enumerate(rows):
        for c, char in enumerate(row):
            if char in "XxFf":
                mask |= _square(r, c)
            elif char not in ".-_ ":
                raise ValueError(f"unknown character {char!r} in pattern grid")
    return mask


def render(mask: int, covered: str = "X", empty: str = ".", free: str = "F") -> str:
    """Five text rows of a mask; the free centre shows as `free` (it always counts as covered)."""
    if not 0 < mask <= FULL_MASK:
        raise ValueError(f"a mask is a non-zero 25-bit int, not {mask!r}")
    lines = []
    for r in range(SIZE):
        line = ""
        for c in range(SIZE):
            square = r * SIZE + c
            line += free if square == FREE_SQUARE else (covered if mask >> square & 1 else empty)
        lines.append(line)
    return "\n".join(lines)


def grid(mask: int) -> tuple[tuple[bool, ...], ...]:
    """A mask as 5 rows of 5 booleans (True: the square must be covered)."""
    return tuple(tuple(bool(mask >> (r * SIZE + c) & 1) for c in range(SIZE)) for r in range(SIZE))


@dataclass(frozen=True)
class Pattern:
    name: str  # lowercase, hyphens: the code stored with a game
    name_en: str
    name_es: str
    masks: tuple[int, ...]

    def __post_init__(self):
        if not self.masks:
            raise ValueError(f"pattern {self.name} has no mask")
        for mask in self.masks:
            if not isinstance(mask, int) or not 0 < mask <= FULL_MASK:
                raise ValueError(f"pattern {self.name}: {mask!r} is not a non-zero 25-bit mask")
            if not mask & ~FREE_BIT:
                # The free centre is always covered (30 DCMR 1405.6): alone it would win before any call.
                raise ValueError(f"pattern {self.name}: a mask needs a square besides the free centre")
        if len(set(self.masks)) != len(self.masks):
            raise ValueError(f"pattern {self.name} repeats a mask")

    @classmethod
    def from_masks(cls, name: str, name_en: str, name_es: str, masks: Iterable[int]) -> Pattern:
        """Duplicates dropped, sorted, so the same shape always gives the same tuple."""
        return cls(name, name_en, name_es, tuple(sorted(set(masks))))

    @classmethod
    def from_grids(cls, name: str, name_en: str, name_es: str, *grids: str) -> Pattern:
        """A pattern (e.g. a house pattern of the program sheet, 30 DCMR 1405.1) from drawn grids."""
        return cls.from_masks(name, name_en, name_es, (mask_from_grid(g) for g in grids))

    def name_for(self, language_code: str) -> str:
        return self.name_es if (language_code or "").startswith("es") else self.name_en

    def is_complete(self, coverage: int) -> bool:
        """Whether a face with this coverage (free bit included by the caller) shows the pattern."""
        return any(coverage & mask == mask for mask in self.masks)

    def masks_with(self, square: int) -> tuple[int, ...]:
        """The arrangements that use a square: the only ones a call on that square can complete."""
        bit = 1 << square
        return tuple(mask for mask in self.masks if mask & bit)

    @staticmethod
    def render(mask: int, covered: str = "X", empty: str = ".", free: str = "F") -> str:
        return render(mask, covered, empty, free)

    @staticmethod
    def grid(mask: int) -> tuple[tuple[bool, ...], ...]:
        return grid(mask)

    def __str__(self) -> str:
        return self.name_en


# ---- building blocks ---------------------------------------------------------------------

ROWS = tuple(sum(_square(r, c) for c in range(SIZE)) for r in range(SIZE))
COLUMNS = tuple(sum(_square(r, c) for r in range(SIZE)) for c in range(SIZE))
DIAGONALS = (sum(_square(i, i) for i in range(SIZE)), sum(_square(i, SIZE - 1 - i) for i in range(SIZE)))
LINES = ROWS + COLUMNS + DIAGONALS
FREE_LINES = tuple(line for line in LINES if line >> FREE_SQUARE & 1)
CORNER_ORIGINS = ((0, 0), (0, SIZE - 2), (SIZE - 2, 0), (SIZE - 2, SIZE - 2))


def _block(top: int, left: int, height: int, width: int) -> int:
    return sum(_square(top + r, left + c) for r in range(height) for c in range(width))


def _blocks_anywhere(height: int, width: int) -> list[int]:
    """Every placement of a height x width block, both orientations."""
    masks = []
    for h, w in {(height, width), (width, height)}:
        masks += [_block(top, left, h, w) for top in range(SIZE - h + 1) for left in range(SIZE - w + 1)]
    return masks


def _rotations(mask: int) -> list[int]:
    """The mask turned by 0, 90, 180 and 270 degrees."""
    out = [mask]
    for _ in range(3):
        mask = sum(_square(c, SIZE - 1 - r) for r in range(SIZE) for c in range(SIZE) if mask & _square(r, c))
        out.append(mask)
    return out


def _unions(masks: Iterable[int], k: int) -> list[int]:
    return [sum_or(group) for group in combinations(masks, k)]


def sum_or(masks: Iterable[int]) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out


STAMPS = tuple(_block(r, c, 2, 2) for r, c in CORNER_ORIGINS)

_LETTERS = {
    "a": ".XXX. X...X XXXXX X...X X...X",
    "c": "XXXXX X.... X.... X.... XXXXX",
    "e": "XXXXX X.... XXXXX X.... XXXXX",
    "f": "XXXXX X.... XXXXX X.... X....",
    "h": "X...X X...X XXXXX X...X X...X",
    "i": "XXXXX ..X.. ..X.. ..X.. XXXXX",
    "k": "X...X X..X. XXX.. X..X. X...X",
    "l": "X.... X.... X.... X.... XXXXX",
    "m": "X...X XX.XX X.X.X X...X X...X",
    "n": "X...X XX..X X.X.X X..XX X...X",
    "p": "XXXXX X...X XXXXX X.... X....",
    "t": "XXXXX ..X.. ..X.. ..X.. ..X..",
    "u": "X...X X...X X...X X...X XXXXX",
    "w": "X...X X...X X.X.X XX.XX X...X",
    "y": "X...X .X.X. ..X.. ..X.. ..X..",
    "z": "XXXXX ...X. ..X.. .X... XXXXX",
}


def _g(rows: str) -> int:
    return mask_from_grid("\n".join(rows.split()))


def standard_library() -> list[Pattern]:
    """The standard patterns, built afresh (the library that `get` serves is built from it at import;
    migration 0002 stores their names and masks)."""
    p = Pattern.from_masks
    library = [
        p("any-line", "Any line (horizontal, vertical or diagonal)",
          "Cualquier línea (horizontal, vertical o diagonal)", LINES),
        p("horizontal-line", "Horizontal line", "Línea horizontal", ROWS),
        p("vertical-line", "Vertical line", "Línea vertical", COLUMNS),
        p("diagonal-line", "Diagonal line", "Línea diagonal", DIAGONALS),
        p("two-lines", "Two lines (double bingo)", "Dos líneas (bingo doble)", _unions(LINES, 2)),
        p("three-lines", "Three lines (triple bingo)", "Tres líneas (bingo triple)", _unions(LINES, 3)),
        p("hardway", "Hardway line (without the free space)", "Línea difícil (sin la casilla libre)",
          [line for line in LINES if line not in FREE_LINES]),
        p("four-corners", "Four corners", "Cuatro esquinas", [_g("X...X ..... ..... ..... X...X")]),
        p("inner-corners", "Inner four corners", "Cuatro esquinas interiores", [_g("..... .X.X. ..... .X.X. .....")]),
        p("postage-stamp", "Postage stamp (any corner)", "Estampilla (cualquier esquina)", STAMPS),
        p("double-postage-stamp", "Double postage stamp", "Doble estampilla", _unions(STAMPS, 2)),
        p("small-frame", "Small frame", "Marco pequeño", [_g("..... .XXX. .X.X. .XXX. .....")]),
        p("large-frame", "Large frame (picture frame)", "Marco grande", [_g("XXXXX X...X X...X X...X XXXXX")]),
        p("x", "X (both diagonals)", "Equis (ambas diagonales)", [DIAGONALS[0] | DIAGONALS[1]]),
        p("plus", "Plus sign", "Signo más (cruz)", [ROWS[2] | COLUMNS[2]]),
        p("small-plus", "Small plus", "Cruz pequeña", [_g("..... ..X.. .XXX. ..X.. .....")]),
        p("wagon-wheel", "Wagon wheel", "Rueda de carreta", [ROWS[2] | COLUMNS[2] | DIAGONALS[0] | DIAGONALS[1]]),
        p("kite", "Kite (any corner)", "Cometa (cualquier esquina)", _rotations(_g("...XX ...XX ..X.. .X... X....")),),
        p("diamond", "Diamond", "Diamante", [_g("..X.. .X.X. X...X .X.X. ..X..")]),
        p("heart", "Heart", "Corazón", [_g(".X.X. XXXXX XXXXX .XXX. ..X..")]),
        p("bow-tie", "Bow tie", "Corbata de moño", [_g("X...X XX.XX XXXXX XX.XX X...X")]),
        p("hourglass", "Hourglass", "Reloj de arena", [_g("XXXXX .XXX. ..X.. .XXX. XXXXX")]),
        p("pyramid", "Pyramid", "Pirámide", [_g("..... ..... ..X.. .XXX. XXXXX")]),
        p("arrow", "Arrow", "Flecha", [_g("..XXX ...XX ..X.X .X... X....")]),
        p("number-7", "Number 7", "Número 7", [_g("XXXXX ...X. ..X.. .X... X....")]),
        p("blackout", "Blackout (coverall)", "Cartón lleno (apagón)", [FULL_MASK]),
        p("top-and-bottom", "Top and bottom lines", "Líneas de arriba y abajo", [ROWS[0] | ROWS[4]]),
        p("sides", "Outside columns (B and O)", "Columnas exteriores (B y O)", [COLUMNS[0] | COLUMNS[4]]),
        p("layer-cake", "Layer cake", "Pastel de capas", [ROWS[0] | ROWS[2] | ROWS[4]]),
        p("block-of-four", "Block of four anywhere", "Bloque de cuatro en cualquier lugar", _blocks_anywhere(2, 2)),
        p("six-pack", "Six-pack anywhere", "Bloque de seis en cualquier lugar", _blocks_anywhere(2, 3)),
        p("eight-pack", "Eight-pack anywhere", "Bloque de ocho en cualquier lugar", _blocks_anywhere(2, 4)),
        p("nine-pack", "Nine-pack anywhere", "Bloque de nueve en cualquier lugar", _blocks_anywhere(3, 3)),
    ]
    library += [p(f"letter-{letter}", f"Letter {letter.upper()}", f"Letra {letter.upper()}", [_g(rows)])
                for letter, rows in _LETTERS.items()]
    return library


_LIBRARY: dict[str, Pattern] = {}
for _pattern in standard_library():
    if _pattern.name in _LIBRARY:
        raise RuntimeError(f"pattern {_pattern.name} defined twice")
    _LIBRARY[_pattern.name] = _pattern


def get(name: str | Pattern) -> Pattern:
    """The standard pattern of that name (a Pattern passes through, so callers may use either)."""
    if isinstance(name, Pattern):
        return name
    try:
        return _LIBRARY[name]
    except KeyError:
        raise KeyError(f"unknown bingo pattern {name!r}; known: {', '.join(sorted(_LIBRARY))}") from None


def names() -> list[str]:
    """Every standard pattern name, sorted."""
    return sorted(_LIBRARY)


def all_patterns() -> list[Pattern]:
    return [_LIBRARY[name] for name in names()]
