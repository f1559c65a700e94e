"""The standard library, pattern by pattern: its code (stored with every game, seeded by migration
0002), its English and Spanish names (announced before each game, 30 DCMR 1405.17) and its exact
set of winning masks, each shape drawn here independently of the engine."""

from itertools import combinations

import pytest

from bingo.engine import patterns


def shape(rows: str) -> int:
    """Five rows of five, separated by spaces: X covered."""
    lines = rows.split()
    assert len(lines) == 5 and all(len(line) == 5 for line in lines)
    return sum(1 << (r * 5 + c) for r, line in enumerate(lines) for c, char in enumerate(line) if char == "X")


def block(top: int, left: int, height: int, width: int) -> int:
    return sum(1 << ((top + r) * 5 + left + c) for r in range(height) for c in range(width))


def anywhere(height: int, width: int) -> set[int]:
    return {block(t, left, h, w) for h, w in {(height, width), (width, height)}
            for t in range(6 - h) for left in range(6 - w)}


def unions(masks, k: int) -> set[int]:
    out = set()
    for group in combinations(masks, k):
        mask = 0
        for m in group:
            mask |= m
        out.add(mask)
    return out


ROWS = [shape("XXXXX ..... ..... ..... ....."), shape("..... XXXXX ..... ..... ....."),
        shape("..... ..... XXXXX ..... ....."), shape("..... ..... ..... XXXXX ....."),
        shape("..... ..... ..... ..... XXXXX")]
COLUMNS = [shape("X.... X.... X.... X.... X...."), shape(".X... .X... .X... .X... .X..."),
           shape("..X.. ..X.. ..X.. ..X.. ..X.."), shape("...X. ...X. ...X. ...X. ...X."),
           shape("....X ....X ....X ....X ....X")]
DIAGONALS = [shape("X.... .X... ..X.. ...X. ....X"), shape("....X ...X. ..X.. .X... X....")]
LINES = ROWS + COLUMNS + DIAGONALS
CENTRE = 1 << 12
STAMPS = [shape("XX... XX... ..... ..... ....."), shape("...XX ...XX ..... ..... ....."),
          shape("..... ..... ..... XX... XX..."), shape("..... ..... ..... ...XX ...XX")]

CATALOGUE = [
    ("any-line", "Any line (horizontal, vertical or diagonal)", "Cualquier línea (horizontal, vertical o diagonal)",
     set(LINES)),
    ("horizontal-line", "Horizontal line", "Línea horizontal", set(ROWS)),
    ("vertical-line", "Vertical line", "Línea vertical", set(COLUMNS)),
    ("diagonal-line", "Diagonal line", "Línea diagonal", set(DIAGONALS)),
    ("two-lines", "Two lines (double bingo)", "Dos líneas (bingo doble)", unions(LINES, 2)),
    ("three-lines", "Three lines (triple bingo)", "Tres líneas (bingo triple)", unions(LINES, 3)),
    ("hardway", "Hardway line (without the free space)", "Línea difícil (sin la casilla libre)",
     {line for line in LINES if not line & CENTRE}),
    ("four-corners", "Four corners", "Cuatro esquinas", {shape("X...X ..... ..... ..... X...X")}),
    ("inner-corners", "Inner four corners", "Cuatro esquinas interiores", {shape("..... .X.X. ..... .X.X. .....")}),
    ("postage-stamp", "Postage stamp (any corner)", "Estampilla (cualquier esquina)", set(STAMPS)),
    ("double-postage-stamp", "Double postage stamp", "Doble estampilla", unions(STAMPS, 2)),
    ("small-frame", "Small frame", "Marco pequeño", {shape("..... .XXX. .X.X. .XXX. .....")}),
    ("large-frame", "Large frame (picture frame)", "Marco grande", {shape("XXXXX X...X X...X X...X XXXXX")}),
    ("x", "X (both diagonals)", "Equis (ambas diagonales)", {shape("X...X .X.X. ..X.. .X.X. X...X")}),
    ("plus", "Plus sign", "Signo más (cruz)", {shape("..X.. ..X.. XXXXX ..X.. ..X..")}),
    ("small-plus", "Small plus", "Cruz pequeña", {shape("..... ..X.. .XXX. ..X.. .....")}),
    ("wagon-wheel", "Wagon wheel", "Rueda de carreta", {shape("X.X.X .XXX. XXXXX .XXX. X.X.X")}),
    ("kite", "Kite (any corner)", "Cometa (cualquier esquina)", {
        shape("...XX ...XX ..X.. .X... X...."), shape("X.... .X... ..X.. ...XX ...XX"),
        shape("....X ...X. ..X.. XX... XX..."), shape("XX... XX... ..X.. ...X. ....X")}),
    ("diamond", "Diamond", "Diamante", {shape("..X.. .X.X. X...X .X.X. ..X..")}),
    ("heart", "Heart", "Corazón", {shape(".X.X. XXXXX XXXXX .XXX. ..X..")}),
    ("bow-tie", "Bow tie", "Corbata de moño", {shape("X...X XX.XX XXXXX XX.XX X...X")}),
    ("hourglass", "Hourglass", "Reloj de arena", {shape("XXXXX .XXX. ..X.. .XXX. XXXXX")}),
    ("pyramid", "Pyramid", "Pirámide", {shape("..... ..... ..X.. .XXX. XXXXX")}),
    ("arrow", "Arrow", "Flecha", {shape("..XXX ...XX ..X.X .X... X....")}),
    ("number-7", "Number 7", "Número 7", {shape("XXXXX ...X. ..X.. .X... X....")}),
    ("blackout", "Blackout (coverall)", "Cartón lleno (apagón)", {(1 << 25) - 1}),
    ("top-and-bottom", "Top and bottom lines", "Líneas de arriba y abajo", {shape("XXXXX ..... ..... ..... XXXXX")}),
    ("sides", "Outside columns (B and O)", "Columnas exteriores (B y O)", {shape("X...X X...X X...X X...X X...X")}),
    ("layer-cake", "Layer cake", "Pastel de capas", {shape("XXXXX ..... XXXXX ..... XXXXX")}),
    ("block-of-four", "Block of four anywhere", "Bloque de cuatro en cualquier lugar", anywhere(2, 2)),
    ("six-pack", "Six-pack anywhere", "Bloque de seis en cualquier lugar", anywhere(2, 3)),
    ("eight-pack", "Eight-pack anywhere", "Bloque de ocho en cualquier lugar", anywhere(2, 4)),
    ("nine-pack", "Nine-pack anywhere", "Bloque de nueve en cualquier lugar", anywhere(3, 3)),
    ("letter-a", "Letter A", "Letra A", {shape(".XXX. X...X XXXXX X...X X...X")}),
    ("letter-c", "Letter C", "Letra C", {shape("XXXXX X.... X.... X.... XXXXX")}),
    ("letter-e", "Letter E", "Letra E", {shape("XXXXX X.... XXXXX X.... XXXXX")}),
    ("letter-f", "Letter F", "Letra F", {shape("XXXXX X.... XXXXX X.... X....")}),
    ("letter-h", "Letter H", "Letra H", {shape("X...X X...X XXXXX X...X X...X")}),
    ("letter-i", "Letter I", "Letra I", {shape("XXXXX ..X.. ..X.. ..X.. XXXXX")}),
    ("letter-k", "Letter K", "Letra K", {shape("X...X X..X. XXX.. X..X. X...X")}),
    ("letter-l", "Letter L", "Letra L", {shape("X.... X.... X.... X.... XXXXX")}),
    ("letter-m", "Letter M", "Letra M", {shape("X...X XX.XX X.X.X X...X X...X")}),
    ("letter-n", "Letter N", "Letra N", {shape("X...X XX..X X.X.X X..XX X...X")}),
    ("letter-p", "Letter P", "Letra P", {shape("XXXXX X...X XXXXX X.... X....")}),
    ("letter-t", "Letter T", "Letra T", {shape("XXXXX ..X.. ..X.. ..X.. ..X..")}),
    ("letter-u", "Letter U", "Letra U", {shape("X...X X...X X...X X...X XXXXX")}),
    ("letter-w", "Letter W", "Letra W", {shape("X...X X...X X.X.X XX.XX X...X")}),
    ("letter-y", "Letter Y", "Letra Y", {shape("X...X .X.X. ..X.. ..X.. ..X..")}),
    ("letter-z", "Letter Z", "Letra Z", {shape("XXXXX ...X. ..X.. .X... XXXXX")}),
]


def test_the_library_is_exactly_the_catalogue():
    # Built afresh here (not the copy made at import), so a change to how it is built shows.
    built = patterns.standard_library()
    assert [(p.name, p.name_en, p.name_es) for p in built] == [row[:3] for row in CATALOGUE]
    for pattern, (name, _en, _es, masks) in zip(built, CATALOGUE, strict=True):
        # from_masks keeps one sorted tuple per shape: the same shape always stores the same masks.
        assert pattern.masks == tuple(sorted(masks)), name
    assert patterns.all_patterns() == sorted(built, key=lambda p: p.name)


@pytest.mark.parametrize(("name", "count"), [
    ("three-lines", 220), ("two-lines", 66), ("double-postage-stamp", 6), ("kite", 4), ("hardway", 8),
])
def test_combined_shapes_count_every_distinct_union(name, count):
    # Every union of distinct lines (or stamps) is a different set of squares.
    assert len(patterns.get(name).masks) == count
