"""The standard pattern library (30 DCMR 1405.17: the pattern is shown and announced)."""

import re

import pytest

from bingo.engine import FREE_BIT, FULL_MASK, Pattern, patterns
from bingo.engine.patterns import mask_from_grid

ALL = patterns.all_patterns()
FRAME_SMALL = mask_from_grid(".....\n.XXX.\n.X.X.\n.XXX.\n.....")


def popcount(mask: int) -> int:
    return bin(mask).count("1")


def test_at_least_forty_patterns_with_unique_lowercase_hyphenated_names():
    names = patterns.names()
    assert len(names) >= 40
    assert len(set(names)) == len(names)
    for name in names:
        assert name == name.lower() and " " not in name and "_" not in name
        assert patterns.get(name).name == name


@pytest.mark.parametrize("pattern", ALL, ids=lambda p: p.name)
def test_every_pattern_is_well_formed(pattern):
    assert pattern.name_en.strip() and pattern.name_es.strip()
    assert isinstance(pattern.masks, tuple) and pattern.masks
    assert len(set(pattern.masks)) == len(pattern.masks), "no duplicate masks"
    for mask in pattern.masks:
        assert isinstance(mask, int) and 0 < mask <= FULL_MASK, "within 25 bits"
        # A mask needs at least one real number: the free space alone is no bingo.
        assert mask & ~FREE_BIT
        rendered = pattern.render(mask)
        assert len(rendered.splitlines()) == 5 and all(len(line) == 5 for line in rendered.splitlines())
        assert mask_from_grid(rendered) | FREE_BIT == mask | FREE_BIT
        assert sum(map(sum, pattern.grid(mask))) == popcount(mask)


def test_no_two_patterns_share_the_same_set_of_masks():
    shapes = {}
    for pattern in ALL:
        key = frozenset(m | FREE_BIT for m in pattern.masks)
        assert key not in shapes, f"{pattern.name} duplicates {shapes.get(key)}"
        shapes[key] = pattern.name


@pytest.mark.parametrize(("name", "count"), [
    ("any-line", 12), ("horizontal-line", 5), ("vertical-line", 5), ("diagonal-line", 2), ("two-lines", 66),
    ("hardway", 8), ("four-corners", 1), ("postage-stamp", 4), ("double-postage-stamp", 6), ("x", 1),
    ("blackout", 1), ("small-frame", 1), ("large-frame", 1), ("plus", 1), ("kite", 4), ("diamond", 1),
    ("letter-h", 1), ("letter-e", 1), ("letter-t", 1), ("letter-l", 1), ("block-of-four", 16),
    ("six-pack", 24), ("eight-pack", 16), ("nine-pack", 9),
])
def test_mask_counts(name, count):
    assert len(patterns.get(name).masks) == count


def test_named_shapes():
    assert all(popcount(m) == 5 for m in patterns.get("any-line").masks)
    assert sum(1 for m in patterns.get("any-line").masks if m & FREE_BIT) == 4  # the free space counts
    assert patterns.get("four-corners").masks == (1 | 1 << 4 | 1 << 20 | 1 << 24,)
    assert set(patterns.get("postage-stamp").masks) == {
        1 << 0 | 1 << 1 | 1 << 5 | 1 << 6, 1 << 3 | 1 << 4 | 1 << 8 | 1 << 9,
        1 << 15 | 1 << 16 | 1 << 20 | 1 << 21, 1 << 18 | 1 << 19 | 1 << 23 | 1 << 24}
    (x,) = patterns.get("x").masks
    assert x == sum(1 << (i * 6) for i in range(5)) | sum(1 << (i * 4 + 4) for i in range(5))
    (blackout,) = patterns.get("blackout").masks
    assert blackout == FULL_MASK and popcount(blackout & ~FREE_BIT) == 24
    assert patterns.get("small-frame").masks == (FRAME_SMALL,)
    (large,) = patterns.get("large-frame").masks
    assert popcount(large) == 16 and large & FRAME_SMALL == 0 and not large & FREE_BIT
    assert all(popcount(m) == 6 for m in patterns.get("six-pack").masks)
    assert all(popcount(m) == 8 for m in patterns.get("eight-pack").masks)
    assert all(popcount(m) == 9 for m in patterns.get("nine-pack").masks)
    assert not any(m & FREE_BIT for m in patterns.get("hardway").masks)
    assert patterns.get("letter-h").render(patterns.get("letter-h").masks[0]) == "X...X\nX...X\nXXFXX\nX...X\nX...X"


def test_get_unknown_pattern_and_pattern_passthrough():
    with pytest.raises(KeyError, match="unknown bingo pattern"):
        patterns.get("no-such-pattern")
    any_line = patterns.get("any-line")
    assert patterns.get(any_line) is any_line
    assert any_line.name_for("es") == any_line.name_es and any_line.name_for("en-us") == any_line.name_en


def test_custom_pattern_from_grids_and_bad_masks():
    house = Pattern.from_grids("house-t", "House T", "T de la casa", "XXXXX\n..X..\n..X..\n..X..\n..X..")
    assert house.masks == patterns.get("letter-t").masks
    with pytest.raises(ValueError, match="25-bit"):
        Pattern("bad", "Bad", "Malo", (1 << 25,))
    with pytest.raises(ValueError, match="repeats"):
        Pattern("bad", "Bad", "Malo", (3, 3))
    with pytest.raises(ValueError, match="five rows"):
        mask_from_grid("XXX")


@pytest.mark.parametrize(("masks", "message"), [
    ((), "pattern bad has no mask"),
    ((0,), "pattern bad: 0 is not a non-zero 25-bit mask"),
    ((-1,), "pattern bad: -1 is not a non-zero 25-bit mask"),
    ((FULL_MASK + 1,), f"pattern bad: {FULL_MASK + 1} is not a non-zero 25-bit mask"),
    (("31",), "pattern bad: '31' is not a non-zero 25-bit mask"),
    ((FREE_BIT,), "pattern bad: a mask needs a square besides the free centre"),
    ((3, 5, 3), "pattern bad repeats a mask"),
])
def test_pattern_refuses_each_bad_mask_set(masks, message):
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        Pattern("bad", "Bad", "Malo", masks)


def test_pattern_accepts_the_extreme_masks():
    # Square 0 alone, everything, and the free centre with one more square.
    assert Pattern("p", "P", "P", (1, FULL_MASK, FREE_BIT | 1)).masks == (1, FULL_MASK, FREE_BIT | 1)


def test_from_masks_and_from_grids_keep_the_names_and_one_sorted_tuple():
    made = Pattern.from_masks("two", "Two", "Dos", [8, 2, 8])
    assert (made.name, made.name_en, made.name_es, made.masks) == ("two", "Two", "Dos", (2, 8))
    drawn = Pattern.from_grids("corner", "Corner", "Esquina", "X....\n.....\n.....\n.....\n.....",
                               "....X\n.....\n.....\n.....\n.....", "X....\n.....\n.....\n.....\n.....")
    assert (drawn.name, drawn.name_en, drawn.name_es, drawn.masks) == ("corner", "Corner", "Esquina", (1, 16))
    assert str(drawn) == "Corner"


def test_mask_from_grid_reads_each_mark():
    assert mask_from_grid("Xx...\n.....\n..F..\n.....\n....f") == 1 | 2 | FREE_BIT | 1 << 24
    # ".", "-" and "_" (and a space inside a row) are empty squares.
    assert mask_from_grid("X-_ .\n.....\n.....\n.....\n.....") == 1
    assert mask_from_grid("\n  X....\n.....\n.....\n.....\n....X  \n") == 1 | 1 << 24  # rows are stripped
    with pytest.raises(ValueError, match=r"^unknown character 'o' in pattern grid$"):
        mask_from_grid("o....\n.....\n.....\n.....\n.....")


@pytest.mark.parametrize("grid", [
    "XXXXX\n" * 4,  # four rows
    "XXXXX\n" * 6,  # six rows
    "XXXX.\n" * 4 + "XXXX",  # five rows, one short
    "XXXXX\n" * 4 + "XXXXXX",  # five rows, one long
])
def test_mask_from_grid_refuses_any_other_size(grid):
    with pytest.raises(ValueError, match="^a pattern grid is five rows of five characters:"):
        mask_from_grid(grid)


def test_render_and_grid():
    corners = patterns.get("four-corners").masks[0]
    assert patterns.render(corners) == "X...X\n.....\n..F..\n.....\nX...X"
    assert Pattern.render(corners, "#", " ", "*") == "#   #\n     \n  *  \n     \n#   #"
    assert patterns.get("four-corners").render(corners, free="*") == "X...X\n.....\n..*..\n.....\nX...X"
    assert patterns.render(1) == "X....\n.....\n..F..\n.....\n....."
    assert patterns.render(FULL_MASK) == "XXXXX\nXXXXX\nXXFXX\nXXXXX\nXXXXX"
    for bad in (0, -1, FULL_MASK + 1):
        with pytest.raises(ValueError, match=rf"^a mask is a non-zero 25-bit int, not {bad}$"):
            patterns.render(bad)
    row = (True, False, False, False, True)
    empty = (False,) * 5
    assert Pattern.grid(corners) == (row, empty, empty, empty, row)
    assert patterns.grid(1 << 7) == (empty, (False, False, True, False, False), empty, empty, empty)


def test_is_complete_and_masks_with():
    corners = patterns.get("four-corners")
    (mask,) = corners.masks
    assert corners.is_complete(mask) and corners.is_complete(FULL_MASK)
    assert not corners.is_complete(mask & ~1) and not corners.is_complete(0)
    assert corners.masks_with(0) == (mask,) and corners.masks_with(24) == (mask,)
    assert corners.masks_with(1) == () and corners.masks_with(12) == ()
    rows = patterns.get("horizontal-line")
    assert rows.masks_with(6) == (0b11111 << 5,)
    assert rows.masks_with(0) == (0b11111,)
    assert not rows.is_complete(0b01111) and rows.is_complete(0b11111 << 20)


@pytest.mark.parametrize(("code", "spanish"), [("es", True), ("es-mx", True), ("en", False), ("en-us", False),
                                               ("", False), (None, False), ("fr", False)])
def test_name_for_a_language(code, spanish):
    plus = patterns.get("plus")
    assert plus.name_for(code) == ("Signo más (cruz)" if spanish else "Plus sign")


def test_unknown_pattern_names_the_known_ones():
    with pytest.raises(KeyError) as err:
        patterns.get("no-such-pattern")
    assert err.value.args[0] == f"unknown bingo pattern 'no-such-pattern'; known: {', '.join(patterns.names())}"
    assert patterns.names() == sorted(patterns.names()) and "any-line" in patterns.names()


def test_sum_or_joins_masks():
    assert patterns.sum_or([]) == 0
    assert patterns.sum_or([0b0101, 0b0011, 0b1000]) == 0b1111
