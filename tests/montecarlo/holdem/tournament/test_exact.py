"""Exact behaviour of the blind structure checks and templates (30 DCMR 1604.3(c), (e), (f), 1604.4) and of
the finishing order's prize shares (1603.25, 1603.26): every boundary and every amount pinned, so that
a change to any comparison or constant shows."""

from decimal import Decimal

import pytest

from montecarlo.holdem.tournament import TEMPLATES, Level, check_levels, level_from_dict, level_to_dict
from montecarlo.holdem.tournament.finishing import prize_shares, rank_batch

HOUSE, ANTE, BLINDS = "30 DCMR 1604.4", "30 DCMR 1604.3(c)", "30 DCMR 1604.3(e),(f)"
D = Decimal


@pytest.mark.parametrize("levels", [
    [Level(1, 1, minutes=1)],  # the smallest blinds and level, a small blind equal to the big blind
    [Level(25, 50, ante=25)],  # an ante equal to the small blind
    [Level(25, 50), Level(25, 50)],  # blinds may stay the same
    [Level(25, 50, 5), Level(50, 100, 5), Level(0, 0, 0, 1, True), Level(50, 100, 5)],
])
def test_structures_at_the_boundaries_are_fine(levels):
    assert check_levels(levels) == []


@pytest.mark.parametrize("levels,problems", [
    ([], [(HOUSE, "the structure needs at least one playing level", 0)]),
    ([Level(25, 50, minutes=0)], [(HOUSE, "level 1: minutes must be a whole number of at least 1", 0)]),
    ([Level(25, 50, minutes=True)], [(HOUSE, "level 1: minutes must be a whole number of at least 1", 0)]),
    ([Level(25, 50, minutes=2.5)], [(HOUSE, "level 1: minutes must be a whole number of at least 1", 0)]),
    ([Level(0, 50)], [(BLINDS, "level 1: the small blind must be at least 1 and at most the big blind", 0)]),
    ([Level(51, 50)], [(BLINDS, "level 1: the small blind must be at least 1 and at most the big blind", 0)]),
    ([Level(25, 50, ante=-1)], [(ANTE, "level 1: the ante cannot be negative", 0)]),
    ([Level(25, 50, ante=26)], [(ANTE, "level 1: the ante 26 is above the small blind 25", 0)]),
    ([Level(25.0, 50)], [(HOUSE, "level 1: blinds and ante are whole numbers of chips", 0)]),
    ([Level(25, 50, ante=False)], [(HOUSE, "level 1: blinds and ante are whole numbers of chips", 0)]),
    ([Level(25, 50), Level(0, 0, 0, 10, True), Level(0, 0, 0, 10, True)],
     [(HOUSE, "level 3: two breaks in a row", 2)]),
    ([Level(25, 50), Level(0, 1, 0, 10, True)], [(HOUSE, "level 2: a break has no blinds or ante", 1)]),
    ([Level(25, 50), Level(0, 0, 1, 10, True)], [(HOUSE, "level 2: a break has no blinds or ante", 1)]),
    ([Level(25, 50), Level(24, 50)], [(HOUSE, "level 2: blinds and ante never go down from one level to the next", 1)]),
    ([Level(25, 50), Level(25, 49)], [(HOUSE, "level 2: blinds and ante never go down from one level to the next", 1)]),
    ([Level(25, 50, 5), Level(25, 50, 4)],
     [(HOUSE, "level 2: blinds and ante never go down from one level to the next", 1)]),
    # A level with blinds that are not whole numbers is not compared with the next one.
    ([Level(50, 100), Level(25.5, 50), Level(25, 50)], [
        (HOUSE, "level 2: blinds and ante are whole numbers of chips", 1),
        (HOUSE, "level 3: blinds and ante never go down from one level to the next", 2)]),
    ([Level(0, 0, 0, 0, True)], [(HOUSE, "the structure needs at least one playing level", 0),
                                 (HOUSE, "level 1: minutes must be a whole number of at least 1", 0)]),
])
def test_each_problem_exactly(levels, problems):
    assert check_levels(levels) == problems


def test_the_templates_exactly():
    standard, turbo, deep = TEMPLATES["standard"], TEMPLATES["turbo"], TEMPLATES["deep"]
    assert [len(standard), len(turbo), len(deep)] == [19, 17, 22]
    assert [i for i, lv in enumerate(standard) if lv.is_break] == [4, 9, 14]
    assert [i for i, lv in enumerate(turbo) if lv.is_break] == [6, 13]
    assert [i for i, lv in enumerate(deep) if lv.is_break] == [4, 9, 14, 19]
    assert {lv.minutes for lv in standard if lv.is_break} == {10} and {lv.minutes for lv in deep if lv.is_break} == {15}
    assert {lv.minutes for lv in turbo if lv.is_break} == {10}
    assert {lv.minutes for lv in standard if not lv.is_break} == {20}
    assert {lv.minutes for lv in turbo if not lv.is_break} == {10}
    assert {lv.minutes for lv in deep if not lv.is_break} == {30}
    assert standard[0] == Level(25, 50, 0, 20) and standard[-1] == Level(4000, 8000, 1000, 20)
    assert turbo[0] == Level(50, 100, 0, 10) and deep[0] == Level(10, 20, 0, 30) and deep[2] == Level(25, 50, 0, 30)
    assert standard[3] == Level(100, 200, 25, 20) and standard[4] == Level(0, 0, 0, 10, True)


def test_levels_as_dicts():
    assert level_to_dict(Level(25, 50, 5, 15)) == {"small_blind": 25, "big_blind": 50, "ante": 5, "minutes": 15,
                                                    "is_break": False}
    assert level_from_dict({}) == Level(0, 0, 0, 20, False)
    assert level_from_dict({"small_blind": 5, "big_blind": 10}) == Level(5, 10, 0, 20, False)
    assert level_from_dict({"minutes": 10, "is_break": 1}) == Level(0, 0, 0, 10, True)


@pytest.mark.parametrize("prizes,place,count,shares", [
    ([D("300"), D("100.01"), D("50"), D("25")], 1, 1, [D("300.00")]),
    ([D("300"), D("100.01"), D("50"), D("25")], 2, 2, [D("75.01"), D("75.00")]),
    ([D("300"), D("100.01"), D("50"), D("25")], 4, 2, [D("12.50"), D("12.50")]),  # place 5 pays nothing
    ([D("300"), D("100.01"), D("50"), D("25")], 5, 1, [D("0.00")]),
    ([D("100")], 1, 3, [D("33.34"), D("33.33"), D("33.33")]),
    ([D("0.05")], 1, 3, [D("0.03"), D("0.01"), D("0.01")]),
    ([D("0.01"), D("0.01")], 1, 3, [D("0.02"), D("0.00"), D("0.00")]),
    ([], 1, 2, [D("0.00"), D("0.00")]),
])
def test_prize_shares_exactly(prizes, place, count, shares):
    result = prize_shares(prizes, place, count)
    assert result == shares and [str(s) for s in result] == [str(s) for s in shares]
    assert sum(result) == sum(prizes[place - 1: place - 1 + count], D("0"))


def test_rank_batch_exactly():
    prizes = [D("300"), D("100"), D("50"), D("25"), D("10")]
    entries = [("a", 100), ("b", 200), ("c", 100), ("d", 50)]
    assert rank_batch(entries, 2, prizes) == [
        ("b", 2, D("100.00")),
        ("a", 3, D("37.50")), ("c", 3, D("37.50")),  # equal stacks share places 3 and 4
        ("d", 5, D("10.00")),
    ]
    assert rank_batch([("x", 5)], 6, prizes) == [("x", 6, D("0.00"))]
    assert rank_batch([], 1, prizes) == []
