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
from montecarlo.holdem.tournament.levels import structure


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


HOUSE, ANTE, BLINDS = "30 DCMR 1604.4", "30 DCMR 1604.3(c)", "30 DCMR 1604.3(e),(f)"
BREAK = Level(0, 0, 0, 10, True)


@pytest.mark.parametrize(("levels", "problems"), [
    # The limits, just inside and just past: minutes at least 1, small blind 1 to the big blind,
    # ante 0 to the small blind.
    ([Level(1, 1, 1, 1)], []),
    ([Level(1, 2, 0, 0)], [(HOUSE, "level 1: minutes must be a whole number of at least 1", 0)]),
    ([Level(1, 2, 0, -5)], [(HOUSE, "level 1: minutes must be a whole number of at least 1", 0)]),
    ([Level(0, 2)], [(BLINDS, "level 1: the small blind must be at least 1 and at most the big blind", 0)]),
    ([Level(-1, 2)], [(BLINDS, "level 1: the small blind must be at least 1 and at most the big blind", 0)]),
    ([Level(3, 2)], [(BLINDS, "level 1: the small blind must be at least 1 and at most the big blind", 0)]),
    ([Level(2, 2)], []),
    ([Level(25, 50, 25)], []),
    ([Level(25, 50, 26)], [(ANTE, "level 1: the ante 26 is above the small blind 25", 0)]),
    ([Level(25, 50, -1)], [(ANTE, "level 1: the ante cannot be negative", 0)]),
    # A negative ante is reported as negative, never also as "above the small blind".
    ([Level(25, 50, -100)], [(ANTE, "level 1: the ante cannot be negative", 0)]),
    # Every problem of a level is reported, in order.
    ([Level(30, 20, 31, 0)], [(HOUSE, "level 1: minutes must be a whole number of at least 1", 0),
                              (BLINDS, "level 1: the small blind must be at least 1 and at most the big blind", 0),
                              (ANTE, "level 1: the ante 31 is above the small blind 30", 0)]),
])
def test_each_limit_of_a_level(levels, problems):
    assert check_levels(levels) == problems


WHOLE = (HOUSE, "level 1: blinds and ante are whole numbers of chips", 0)


@pytest.mark.parametrize("level", [
    Level(25.0, 50), Level(25, 50.5), Level(25, 50, 0.5), Level(True, 50), Level(25, True), Level(25, 50, True),
    Level("25", 50), Level(25, 50, None), Level(25, 50, Decimal("5")),
])
def test_blinds_and_ante_are_whole_chips(level):
    # Only that problem: the other checks are not run on values that are not chips.
    assert check_levels([level]) == [WHOLE]


@pytest.mark.parametrize("minutes", [20.0, 20.5, True, "20", None])
def test_minutes_are_whole(minutes):
    assert check_levels([Level(25, 50, 0, minutes)]) == [
        (HOUSE, "level 1: minutes must be a whole number of at least 1", 0)]


def test_a_level_that_is_not_chips_is_skipped_in_the_order_check():
    # Level 2 is refused; level 3 is checked against level 1, the last level that was chips.
    assert check_levels([Level(50, 100), Level(1.5, 100), Level(50, 100)]) == [
        (HOUSE, "level 2: blinds and ante are whole numbers of chips", 1)]
    assert check_levels([Level(50, 100), Level(1.5, 100), Level(25, 100)])[1:] == [
        (HOUSE, "level 3: blinds and ante never go down from one level to the next", 2)]


DOWN = "blinds and ante never go down from one level to the next"


@pytest.mark.parametrize(("second", "down"), [
    (Level(50, 100, 10), False), (Level(75, 150, 20), False),
    (Level(49, 100, 10), True), (Level(50, 99, 10), True), (Level(50, 100, 9), True),
])
def test_blinds_and_ante_never_go_down(second, down):
    problems = check_levels([Level(50, 100, 10), BREAK, second])
    assert problems == ([(HOUSE, f"level 3: {DOWN}", 2)] if down else [])


def test_a_negative_ante_after_a_good_level_also_goes_down():
    assert check_levels([Level(25, 50, 0), Level(50, 100, -5)]) == [
        (ANTE, "level 2: the ante cannot be negative", 1), (HOUSE, f"level 2: {DOWN}", 1)]


@pytest.mark.parametrize("level", [Level(1, 0, 0, 10, True), Level(0, 1, 0, 10, True), Level(0, 0, 1, 10, True),
                                   Level(0, 0, -1, 10, True)])
def test_a_break_has_no_blinds_and_no_ante(level):
    assert check_levels([Level(25, 50), level]) == [(HOUSE, "level 2: a break has no blinds or ante", 1)]


def test_breaks():
    assert check_levels([Level(25, 50), Level(0, 0, 0, 0, True)]) == [
        (HOUSE, "level 2: minutes must be a whole number of at least 1", 1)]
    # Breaks first and last are allowed; only two in a row are not (the last and first are not a row).
    assert check_levels([BREAK, Level(25, 50), BREAK]) == []
    assert check_levels([Level(25, 50), BREAK, BREAK, BREAK]) == [
        (HOUSE, "level 3: two breaks in a row", 2), (HOUSE, "level 4: two breaks in a row", 3)]
    assert check_levels([BREAK, BREAK]) == [
        (HOUSE, "the structure needs at least one playing level", 0), (HOUSE, "level 2: two breaks in a row", 1)]
    assert check_levels([]) == [(HOUSE, "the structure needs at least one playing level", 0)]


@pytest.mark.parametrize("flag", ["false", "true", 0, 1, None])
def test_is_break_is_a_real_boolean(flag):
    # A form or JSON "false" is a non-empty string, which Python reads as true: it is refused, not
    # guessed, and a level after it is not taken for the second of two breaks.
    level = level_from_dict({"small_blind": 25, "big_blind": 50, "is_break": flag})
    assert check_levels([Level(10, 20), level, BREAK]) == [(HOUSE, "level 2: is_break is true or false", 1)]


def test_level_from_dict_defaults_and_round_trip():
    assert level_from_dict({}) == Level(0, 0, 0, 20, False)
    assert level_from_dict({"small_blind": 5, "big_blind": 10, "ante": 1, "minutes": 7, "is_break": True}) == Level(
        5, 10, 1, 7, True)
    assert level_to_dict(Level(5, 10, 1, 7)) == {
        "small_blind": 5, "big_blind": 10, "ante": 1, "minutes": 7, "is_break": False}
    assert Level(5, 10) == Level(5, 10, 0, 20, False)


def test_structure_puts_a_break_before_every_nth_level_after_the_first():
    blinds = [(1, 2, 0), (2, 4, 0), (3, 6, 1), (4, 8, 1), (5, 10, 2)]
    assert structure(blinds, 20, 2) == [
        Level(1, 2, 0, 20), Level(2, 4, 0, 20), Level(0, 0, 0, 10, True), Level(3, 6, 1, 20), Level(4, 8, 1, 20),
        Level(0, 0, 0, 10, True), Level(5, 10, 2, 20)]
    # Levels longer than 20 minutes get 15-minute breaks; 20 exactly still gets 10.
    assert structure(blinds[:2], 21, 1) == [Level(1, 2, 0, 21), Level(0, 0, 0, 15, True), Level(2, 4, 0, 21)]
    assert structure(blinds[:2], 19, 1)[1] == Level(0, 0, 0, 10, True)
    assert structure(blinds, 20, 5) == [Level(*b, 20) for b in blinds]
    assert structure([], 20, 4) == []


def _template(spec: str, minutes: int) -> list[Level]:
    """`spec`: levels "small/big/ante" and "B<minutes>" for a break, space separated."""
    out = []
    for item in spec.split():
        if item.startswith("B"):
            out.append(Level(0, 0, 0, int(item[1:]), True))
        else:
            out.append(Level(*map(int, item.split("/")), minutes))
    return out


def test_template_content():
    assert list(TEMPLATES) == ["standard", "turbo", "deep"]
    assert TEMPLATES["standard"] == _template(
        "25/50/0 50/100/0 75/150/0 100/200/25 B10 150/300/25 200/400/50 300/600/75 400/800/100 B10 "
        "500/1000/100 600/1200/200 800/1600/200 1000/2000/300 B10 1500/3000/400 2000/4000/500 3000/6000/1000 "
        "4000/8000/1000", 20)
    assert TEMPLATES["turbo"] == _template(
        "50/100/0 75/150/0 100/200/25 150/300/25 200/400/50 300/600/75 B10 400/800/100 500/1000/100 "
        "600/1200/200 800/1600/200 1000/2000/300 1500/3000/400 B10 2000/4000/500 3000/6000/1000 4000/8000/1000", 10)
    assert TEMPLATES["deep"] == _template(
        "10/20/0 15/30/0 25/50/0 50/100/0 B15 75/150/0 100/200/25 150/300/25 200/400/50 B15 300/600/75 "
        "400/800/100 500/1000/100 600/1200/200 B15 800/1600/200 1000/2000/300 1500/3000/400 2000/4000/500 B15 "
        "3000/6000/1000 4000/8000/1000", 30)


@pytest.mark.parametrize("small_blind", [0, -1, -50])
def test_an_ante_is_not_measured_against_a_small_blind_below_one(small_blind):
    # The small blind is refused; "the ante 0 is above the small blind -1" would send the director
    # to fix an ante that is fine (30 DCMR 1604.3(c), (e)).
    assert check_levels([Level(small_blind, 50, 0)]) == [
        (BLINDS, "level 1: the small blind must be at least 1 and at most the big blind", 0)]
    assert check_levels([Level(small_blind, 50, 1)]) == [
        (BLINDS, "level 1: the small blind must be at least 1 and at most the big blind", 0)]


def test_the_ante_limit_at_a_small_blind_of_one():
    assert check_levels([Level(1, 2, 1)]) == []
    assert check_levels([Level(1, 2, 2)]) == [(ANTE, "level 1: the ante 2 is above the small blind 1", 0)]


def test_a_level_that_is_neither_break_nor_play_does_not_hide_the_next_problem():
    assert check_levels([Level(10, 20, is_break="no"), Level(0, 20)]) == [
        (HOUSE, "level 1: is_break is true or false", 0),
        (BLINDS, "level 2: the small blind must be at least 1 and at most the big blind", 1)]


def test_the_seat_limit_and_the_cap_are_the_callers():
    """The engine holds no figure of the Board's: the caller passes the seats a table may have (1603.23) and the
    prize cap (1603.26) in force on the tournament's date; the defaults are DC's, which older logs were played under."""
    with pytest.raises(TournamentError, match=r"2 to 7 players.*1603\.23"):
        Tournament(starting_chips=1000, levels=[Level(25, 50)], max_per_table=9)
    t = Tournament(starting_chips=1000, levels=[Level(25, 50)], max_per_table=9, seats_limit=9,
                   prize_cap=Decimal("750.00"), prizes=["700"])
    assert (t.max_per_table, t.seats_limit, t.prize_cap) == (9, 9, Decimal("750.00"))
    assert Tournament(**t.config()).config() == t.config()
    with pytest.raises(TournamentError, match=r"2 to 9 players.*1603\.23"):
        Tournament(starting_chips=1000, levels=[Level(25, 50)], max_per_table=10, seats_limit=9)
    for limit in (1, True, "9"):
        with pytest.raises(TournamentError, match=r"seats_limit.*1603\.23"):
            Tournament(starting_chips=1000, levels=[Level(25, 50)], max_per_table=2, seats_limit=limit)
    # A config recorded before the seat limit was passed replays under 7 a table.
    old = {"starting_chips": 1000, "levels": [level_to_dict(Level(25, 50))], "max_per_table": 7,
           "finish_method": "last_player", "prizes": ["500"], "prize_cap": "500"}
    assert Tournament.replay(old, []).seats_limit == 7
