"""Craps: the table's flow (rounds, refusals, taking bets down, void throws) and random play."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from montecarlo.tablegames.base import BETTING, RETURNED, SETTLED, GameError, replay
from montecarlo.tablegames.craps import LINE, POINTS, RULE, SIDE_BOARDS_RULE, Craps
from tests.montecarlo.tablegames.test_craps_bets import bet, dice, on_point, opened, throw


def refused(table, event, field, rule=RULE):
    before = table.view()
    with pytest.raises(GameError) as caught:
        table.apply(event)
    assert (caught.value.field, caught.value.rule) == (field, rule)
    assert table.view() == before  # a refusal changes nothing
    return caught.value


def odds(participant, amount, backs):
    return {"type": "bet", "participant": participant, "kind": "odds", "amount": amount, "backs": backs}


def test_a_round_is_a_come_out_cycle_and_the_table_stays_open():
    table = opened()
    first = bet(table, 1, "pass", 10)
    assert first == "1.1"
    throw(table, 7)  # a natural: round 1 closes, round 2's come-out starts
    assert (table.round, table.phase, table.point) == (2, BETTING, None)
    assert table.history == [{"round": 1, "point": None, "dice": [6, 1], "total": 7, "decision": "natural"}]
    second = bet(table, 1, "pass", 10)
    assert second == "2.1"
    throw(table, 5)
    field = bet(table, 2, "field", 10)
    assert field == "2.2"
    throw(table, 8)
    throw(table, 7)  # seven-out
    assert table.round == 3 and [h["decision"] for h in table.history] == ["natural", "seven_out"]
    with pytest.raises(GameError) as caught:
        table.apply({"type": "open"})  # the table is open already
    assert caught.value.field == "type"


def test_the_round_is_voided_and_opened_again():
    table = on_point(6)
    place = bet(table, 1, "place", 12, number=8)
    postings = table.apply({"type": "void_round", "reason": "the dice were lost"})
    assert {p.kind for p in postings} == {RETURNED} and len(postings) == 2
    assert (table.phase, table.point, table.bets, table.backing) == (SETTLED, None, {}, {})
    assert place not in table.bets
    table.apply({"type": "open"})
    assert table.round == 2 and table.view()["come_out"] is True
    bet(table, 1, "pass", 10)


def test_line_bets_by_phase():
    table = opened()
    refused(table, {"type": "bet", "participant": 1, "kind": "come", "amount": 10}, "kind")
    refused(table, {"type": "bet", "participant": 1, "kind": "dont_come", "amount": 10}, "kind")
    assert table.view()["may_bet"] == ["pass", "dont_pass", "field", "place"]
    bet(table, 1, "pass", 10)
    throw(table, 9)
    refused(table, {"type": "bet", "participant": 1, "kind": "pass", "amount": 10}, "kind")
    error = refused(table, {"type": "bet", "participant": 1, "kind": "dont_pass", "amount": 10}, "kind")
    assert "9" in error.message
    assert table.view()["may_bet"] == ["come", "dont_come", "odds", "field", "place"]


def test_odds_need_ones_own_line_bet_with_a_point():
    table = opened()
    line = bet(table, 1, "pass", 10)
    refused(table, odds(1, 10, line), "backs")  # no point yet
    throw(table, 4)
    field = bet(table, 1, "field", 10)
    for backs in (None, "9.9", 3, ["1.1"], {"id": line}, field):
        refused(table, odds(1, 10, backs), "backs")
    error = refused(table, odds(2, 10, line), "backs")  # someone else's
    assert "another participant" in error.message
    refused(table, {"type": "bet", "participant": 1, "kind": "field", "amount": 10, "backs": line}, "backs")
    refused(table, {**odds(1, 10, line), "number": 4}, "number", "")
    bet(table, 1, "odds", 20, backs=line)


@pytest.mark.parametrize("multiple", [1, 2, 5])
def test_odds_are_at_most_the_multiple_of_the_line_bet(multiple):
    table = on_point(4, {"odds_multiple": multiple})  # participant 9's pass bet of 10
    (line,) = table.bets
    refused(table, odds(9, 10 * multiple + 1, line), "amount")
    bet(table, 9, "odds", 10 * multiple - 1, backs=line)
    refused(table, odds(9, 2, line), "amount")  # the odds behind one line bet add up
    bet(table, 9, "odds", 1, backs=line)


@pytest.mark.parametrize("kind, point, amount, unit", [
    ("pass", 5, 15, 2), ("pass", 9, 7, 2), ("pass", 6, 12, 5), ("pass", 8, 18, 5),
    ("dont_pass", 4, 5, 2), ("dont_pass", 10, 7, 2), ("dont_pass", 5, 8, 3), ("dont_pass", 9, 10, 3),
    ("dont_pass", 6, 9, 6), ("dont_pass", 8, 10, 6),
])
def test_odds_are_taken_in_units_paid_whole(kind, point, amount, unit):
    table = opened()
    line = bet(table, 1, kind, 30)
    throw(table, point)
    error = refused(table, odds(1, amount, line), "amount")
    assert error.params["per"] == unit
    bet(table, 1, "odds", unit * (amount // unit), backs=line)


@pytest.mark.parametrize("number, amount", [(4, 12), (10, 11), (5, 13), (9, 14), (6, 10), (8, 20)])
def test_place_bets_are_taken_in_units_paid_whole(number, amount):
    table = opened()
    refused(table, {"type": "bet", "participant": 1, "kind": "place", "amount": amount, "number": number}, "amount")


@pytest.mark.parametrize("number", [7, 11, 2, None, "6", True, 6.0, [6]])
def test_a_place_bet_names_a_point_number(number):
    table = opened()
    refused(table, {"type": "bet", "participant": 1, "kind": "place", "amount": 12, "number": number}, "number")


def test_place_and_odds_bets_are_taken_down_line_bets_are_not():
    table = opened()
    line, wrong = bet(table, 1, "pass", 10), bet(table, 2, "dont_pass", 10)
    field = bet(table, 3, "field", 10)
    place = bet(table, 1, "place", 12, number=6)
    refused(table, {"type": "remove", "bet": line}, "bet")  # no point yet: decided by the next throw
    refused(table, {"type": "remove", "bet": field}, "bet")
    throw(table, 4)
    taken = bet(table, 1, "odds", 20, backs=line)
    for contract in (line, wrong):
        error = refused(table, {"type": "remove", "bet": contract}, "bet")
        assert "contract" in error.message
    for unknown in ("9.9", None, 3, ["1.1"]):
        refused(table, {"type": "remove", "bet": unknown}, "bet")
    (posting,) = table.apply({"type": "remove", "bet": taken})
    assert (posting.kind, posting.chips, posting.house) == (RETURNED, 20, 0)
    assert taken not in table.bets and table.backing == {}
    (posting,) = table.apply({"type": "remove", "bet": place})
    assert (posting.kind, posting.chips) == (RETURNED, 12)
    refused(table, {"type": "remove", "bet": place}, "bet")
    refused(table, {"type": "take_down", "bet": line}, "type", "")


def test_nothing_is_taken_down_before_the_table_opens():
    refused(Craps(), {"type": "remove", "bet": "1.1"}, "type")


@pytest.mark.parametrize("why, rule", [("no_side_boards", SIDE_BOARDS_RULE), ("left_table", RULE),
                                       ("touched_object", RULE)])
def test_a_void_throw_settles_nothing(why, rule):
    table = on_point(5)
    bet(table, 1, "field", 10)
    bet(table, 1, "place", 10, number=4)
    assert table.apply({"type": "void_outcome", "why": why, "reason": "over the rail"}) == []
    assert len(table.bets) == 3 and table.point == 5 and table.phase == BETTING
    assert table.last == {"round": 1, "void": True, "why": why, "reason": "over the rail", "rule": rule, "point": 5}


@pytest.mark.parametrize("event", [{"type": "void_outcome"}, {"type": "void_outcome", "reason": "missed"},
                                   {"type": "void_outcome", "why": "on_peg"}, {"type": "void_outcome", "why": True}])
def test_a_void_throw_says_why(event):
    table = on_point(5)
    refused(table, event, "why", SIDE_BOARDS_RULE)
    refused(table, {"type": "void_outcome", "why": "left_table", "reason": 5}, "reason")


@pytest.mark.parametrize("dice_", [[3], [3, 4, 5], [7, 1], [0, 4], ["3", 4], [True, 4], [3.0, 4], "34", None,
                                   (3, 4), {"a": 3}])
def test_malformed_dice_are_refused(dice_):
    table = on_point(5)
    refused(table, {"type": "outcome", "dice": dice_}, "dice")


@pytest.mark.parametrize("setting, value", [("odds_multiple", 0), ("odds_multiple", 101), ("odds_multiple", True),
                                            ("odds_multiple", "2"), ("odds_multiple", 2.0),
                                            ("field_12_pays", 4), ("field_12_pays", True), ("field_12_pays", "3"),
                                            ("field_12_pays", 2.5), ("field_12_pays", 3.0)])
def test_bad_settings_are_refused(setting, value):
    with pytest.raises(GameError) as caught:
        Craps({setting: value})
    assert (caught.value.field, caught.value.rule) == (f"settings.{setting}", RULE)


def test_the_view_shows_the_point_the_numbers_and_what_may_be_bet():
    table = on_point(8)
    come = bet(table, 1, "come", 10)
    throw(table, 5)
    bet(table, 1, "odds", 20, backs=come)
    view = table.view()
    assert (view["point"], view["come_out"], view["odds_multiple"]) == (8, False, 2)
    assert view["void_whys"] == ["no_side_boards", "left_table", "touched_object"]
    assert [(b["kind"], b["number"], b["backs"]) for b in view["bets"]] == [
        ("pass", 8, None), ("come", 5, None), ("odds", 5, come)]
    assert view["pay_table"]["place"]["6"] == "7:6" and view["pay_table"]["lay_odds"]["4"] == "1:2"
    assert view["last"]["decision"] is None and view["last"]["point"] == 8


def test_replay_is_deterministic():
    events = [{"type": "open"}, {"type": "bet", "participant": 1, "kind": "pass", "amount": 10},
              {"type": "bet", "participant": 2, "kind": "place", "amount": 12, "number": 8},
              {"type": "outcome", "dice": [3, 3]}, odds(1, 20, "1.1"),
              {"type": "bet", "participant": 2, "kind": "come", "amount": 10},
              {"type": "void_outcome", "why": "no_side_boards"}, {"type": "outcome", "dice": [4, 5]},
              {"type": "remove", "bet": "1.2"}, {"type": "outcome", "dice": [2, 4]},
              {"type": "outcome", "dice": [5, 4]}, {"type": "void_round", "reason": "end of the night"}]
    first, postings = replay(Craps, {"odds_multiple": 3}, events)
    again, postings_again = replay(Craps, {"odds_multiple": 3}, events)
    assert postings == postings_again and first.view() == again.view() and first.history == again.history
    assert [(p.bet, p.kind, p.chips) for p in postings[9]] == [("1.1", "won", 20), ("1.3", "won", 44)]
    assert [(p.bet, p.kind, p.chips) for p in postings[10]] == [("1.4", "won", 20)]
    assert postings[8][0].kind == RETURNED and first.history[0]["decision"] == "point_made"


def random_event(table, rng):
    """A plausible dealer's next event for random play: mostly valid bets, some take-downs, void throws and
    refusable odd bets, then the throw."""
    if table.phase != BETTING:
        return {"type": "open"}
    roll = rng.random()
    participant = rng.randrange(1, 4)
    if roll < 0.35 or not table.bets:
        kind = rng.choice(table.may_bet())
        event = {"type": "bet", "participant": participant, "kind": kind, "amount": rng.choice([10, 12, 30, 60])}
        if kind == "place":
            event["number"] = rng.choice(POINTS)
        if kind == "odds":
            lines = [b for b in table.bets.values() if b.kind in LINE and b.number is not None]
            line = rng.choice(lines)
            event.update(participant=line.participant, backs=line.id, amount=rng.choice([2, 5, 6, 10, 12, 30]))
        return event
    if roll < 0.45:
        return {"type": "remove", "bet": rng.choice(sorted(table.bets))}
    if roll < 0.5:
        return {"type": "void_outcome", "why": rng.choice(["no_side_boards", "left_table", "touched_object"])}
    if roll < 0.52:
        return {"type": "void_round", "reason": "training"}
    return table.draw(rng)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([1, 2, 3]), st.sampled_from([2, 3]))
def test_postings_balance_in_random_play(seed, multiple, twelve):
    rng = random.Random(seed)
    table = Craps({"odds_multiple": multiple, "field_12_pays": twelve})
    table.apply({"type": "open"})
    events = [{"type": "open"}]
    for _ in range(120):
        event = random_event(table, rng)
        before, stakes = table.view(), sum(table.at_stake().values())
        try:
            postings = table.apply(event)
        except GameError:
            assert table.view() == before  # refused: nothing changed
            continue
        events.append(event)
        assert sum(p.chips + p.house for p in postings) + sum(table.at_stake().values()) - stakes == 0
        assert set(table.backing) == {b.id for b in table.bets.values() if b.kind == "odds"}
        assert all(table.bets[line].kind in LINE for line in table.backing.values())
    replayed, _ = replay(Craps, {"odds_multiple": multiple, "field_12_pays": twelve}, events)
    assert replayed.view() == table.view()


@given(st.integers(0, 2**32), st.lists(st.integers(2, 12), max_size=6))
def test_draw_is_two_dice_that_apply(seed, totals):
    table = opened()
    bet(table, 1, "field", 10)
    bet(table, 1, "place", 30, number=6)
    for total in totals:
        if table.bets:
            throw(table, total)
    if not table.bets:
        bet(table, 1, "place", 30, number=8)
    event = table.draw(random.Random(seed))
    assert event == table.draw(random.Random(seed))
    assert len(event["dice"]) == 2 and all(1 <= die <= 6 for die in event["dice"])
    table.apply(event)
    assert dice(sum(event["dice"]))  # a total of two dice
