"""Blind structures (30 DCMR 1604.3(c), 1604.4) and the tournament's settings."""

from decimal import Decimal

import pytest

from montecarlo.holdem.tournament import (
    TEMPLATES,
    Level,
    Tournament,
    TournamentError,
    check_levels,
    level_from_dict,
    level_to_dict,
)


def test_templates_are_clean_and_round_trip():
    assert {"standard", "turbo", "deep"} <= set(TEMPLATES)
    for levels in TEMPLATES.values():
        assert check_levels(levels) == []
        assert [level_from_dict(level_to_dict(lv)) for lv in levels] == levels
        # A structure built for 10,000 starting chips: the first big blind is a small part of it.
        assert levels[0].big_blind * 50 <= 10_000


@pytest.mark.parametrize(
    ("levels", "rule", "index", "words"),
    [
        ([], "30 DCMR 1604.4", 0, "at least one playing level"),
        ([Level(0, 0, minutes=10, is_break=True)], "30 DCMR 1604.4", 0, "at least one playing level"),
        ([Level(25, 50, minutes=0)], "30 DCMR 1604.4", 0, "minutes"),
        ([Level(0, 50)], "30 DCMR 1604.3(e),(f)", 0, "small blind"),
        ([Level(60, 50)], "30 DCMR 1604.3(e),(f)", 0, "small blind"),
        ([Level(25, 50, ante=30)], "30 DCMR 1604.3(c)", 0, "ante 30 is above the small blind 25"),
        ([Level(50, 100), Level(25, 50)], "30 DCMR 1604.4", 1, "never go down"),
        ([Level(50, 100, 10), Level(50, 100, 0)], "30 DCMR 1604.4", 1, "never go down"),
        (
            [Level(25, 50), Level(0, 0, 0, 10, True), Level(0, 0, 0, 10, True), Level(50, 100)],
            "30 DCMR 1604.4",
            2,
            "two breaks in a row",
        ),
        ([Level(25, 50), Level(25, 50, 0, 10, True)], "30 DCMR 1604.4", 1, "a break has no blinds"),
    ],
)
def test_check_levels_finds_each_problem(levels, rule, index, words):
    problems = check_levels(levels)
    assert any(r == rule and i == index and words in m for r, m, i in problems), problems


def test_break_between_levels_does_not_reset_the_blind_order():
    levels = [Level(25, 50), Level(0, 0, 0, 10, True), Level(50, 100)]
    assert check_levels(levels) == []
    assert check_levels([Level(50, 100), Level(0, 0, 0, 10, True), Level(25, 50)])[0][2] == 2


def test_constructor_refuses_bad_settings_with_the_rule():
    with pytest.raises(TournamentError) as err:
        Tournament(starting_chips=1000, levels=[Level(25, 50, ante=30)])
    assert err.value.rule == "30 DCMR 1604.3(c)"
    with pytest.raises(TournamentError, match=r"1603\.23"):
        Tournament(starting_chips=1000, levels=[Level(25, 50)], max_per_table=8)
    with pytest.raises(TournamentError, match=r"1603\.25"):
        Tournament(starting_chips=1000, levels=[Level(25, 50)], finish_method="chips")
    with pytest.raises(TournamentError, match=r"1603\.20"):
        Tournament(starting_chips=0, levels=[Level(25, 50)])


def test_prize_cap_of_500_dollars():
    with pytest.raises(TournamentError) as err:
        Tournament(starting_chips=1000, levels=[Level(25, 50)], prizes=[Decimal("500.01"), Decimal("100")])
    assert err.value.rule == "30 DCMR 1603.26"
    assert "place 1" in str(err.value) and "(30 DCMR 1603.26)" in str(err.value)
    with pytest.raises(TournamentError, match=r"1603\.26"):
        Tournament(starting_chips=1000, levels=[Level(25, 50)], prizes=["100", "-1"])
    t = Tournament(starting_chips=1000, levels=[Level(25, 50)], prizes=[Decimal("500"), "250.50"])
    assert t.prizes == [Decimal("500"), Decimal("250.50")]
    assert Tournament(**t.config()).config() == t.config()
