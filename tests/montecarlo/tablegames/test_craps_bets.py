"""Craps: what each throw does to each bet (standard craps rules, house rules under 30 DCMR 1603.2)."""

import pytest

from montecarlo.tablegames.base import LOST, PUSHED, RETURNED, WON
from montecarlo.tablegames.craps import POINTS, Craps, decide

TOTALS = range(2, 13)


def dice(total):
    first = min(6, total - 1)
    return [first, total - first]


def throw(table, total):
    return {p.bet: p for p in table.apply({"type": "outcome", "dice": dice(total)})}


def bet(table, participant, kind, amount, **fields):
    (posting,) = table.apply({"type": "bet", "participant": participant, "kind": kind, "amount": amount, **fields})
    return posting.bet


def opened(settings=None):
    table = Craps(settings)
    table.apply({"type": "open"})
    return table


def on_point(point, settings=None):
    """A table whose shooter has `point`, with a pass bet (participant 9) that set it."""
    table = opened(settings)
    bet(table, 9, "pass", 10)
    throw(table, point)
    assert table.point == point
    return table


def assert_result(posting, result, winnings=0):
    assert posting.kind == result
    if result == WON:
        assert (posting.chips, posting.house) == (posting.stake + winnings, -winnings)
    elif result == LOST:
        assert (posting.chips, posting.house) == (0, posting.stake)
    else:
        assert (posting.chips, posting.house) == (posting.stake, 0)


# The line bets' come-out: (pass, don't pass); None: the total becomes the bet's point.
COME_OUT = {2: (LOST, WON), 3: (LOST, WON), 12: (LOST, PUSHED), 7: (WON, LOST), 11: (WON, LOST)}


@pytest.mark.parametrize("total", TOTALS)
def test_pass_and_dont_pass_on_every_come_out_total(total):
    table = opened()
    right, wrong = bet(table, 1, "pass", 10), bet(table, 2, "dont_pass", 10)
    postings = throw(table, total)
    assert table.phase == "betting"
    if total in COME_OUT:
        assert_result(postings[right], COME_OUT[total][0], 10)
        assert_result(postings[wrong], COME_OUT[total][1], 10)
        assert table.point is None and table.round == 2  # a pass-line decision: the next come-out starts
        assert table.history[-1]["decision"] == ("natural" if total in (7, 11) else "craps")
    else:
        assert postings == {} and table.point == total and table.round == 1
        assert table.bets[right].number == table.bets[wrong].number == total
        assert table.last["decision"] == "point_set"


@pytest.mark.parametrize("point", POINTS)
@pytest.mark.parametrize("total", TOTALS)
def test_pass_and_dont_pass_once_the_point_is_on(point, total):
    table = opened()
    right, wrong = bet(table, 1, "pass", 10), bet(table, 2, "dont_pass", 10)
    throw(table, point)
    postings = throw(table, total)
    if total == point:
        assert_result(postings[right], WON, 10)
        assert_result(postings[wrong], LOST)
        assert table.history[-1] == {"round": 1, "point": point, "dice": dice(total), "total": total,
                                     "decision": "point_made"}
        assert table.last["point_before"] == point and table.last["point"] is None and table.last["round"] == 1
    elif total == 7:
        assert_result(postings[right], LOST)
        assert_result(postings[wrong], WON, 10)
        assert table.history[-1]["decision"] == "seven_out"
    else:
        assert postings == {} and table.point == point and set(table.bets) == {right, wrong}
        return
    assert table.point is None and table.round == 2 and table.bets == {}


@pytest.mark.parametrize("total", TOTALS)
def test_come_and_dont_come_have_their_own_come_out(total):
    table = on_point(4)
    come, dont_come = bet(table, 1, "come", 10), bet(table, 2, "dont_come", 10)
    postings = throw(table, total)
    if total in COME_OUT:
        assert_result(postings[come], COME_OUT[total][0], 10)
        assert_result(postings[dont_come], COME_OUT[total][1], 10)
    else:
        # The come bets move to the number thrown (a 4 also makes the shooter's point: they move all the same).
        assert come not in postings and dont_come not in postings
        assert table.bets[come].number == table.bets[dont_come].number == total


@pytest.mark.parametrize("number", POINTS)
@pytest.mark.parametrize("total", TOTALS)
def test_come_and_dont_come_on_their_number(number, total):
    table = on_point(10 if number == 4 else 4)
    come, dont_come = bet(table, 1, "come", 10), bet(table, 2, "dont_come", 10)
    throw(table, number)
    postings = throw(table, total)
    if total == number:
        assert_result(postings[come], WON, 10)
        assert_result(postings[dont_come], LOST)
    elif total == 7:
        assert_result(postings[come], LOST)
        assert_result(postings[dont_come], WON, 10)
    else:
        assert come not in postings and dont_come not in postings
        assert table.bets[come].number == number


def test_a_come_bet_keeps_its_number_through_the_next_come_out():
    table = on_point(4)
    come = bet(table, 1, "come", 10)
    throw(table, 6)
    throw(table, 4)  # the shooter's point is made: a new come-out, the come bet stays on 6
    assert table.point is None and table.bets[come].number == 6
    assert_result(throw(table, 6)[come], WON, 10)  # a come-out 6 sets the new point and wins the come bet
    assert table.point == 6


# Take odds (behind pass) and lay odds (behind don't pass): stake, winnings when the bet wins.
TAKE = {4: (20, 40), 10: (20, 40), 5: (20, 30), 9: (20, 30), 6: (20, 24), 8: (20, 24)}
LAY = {4: (24, 12), 10: (24, 12), 5: (24, 16), 9: (24, 16), 6: (24, 20), 8: (24, 20)}


@pytest.mark.parametrize("point", POINTS)
@pytest.mark.parametrize("total", [7, "point", "other"])
def test_odds_on_every_point_both_ways(point, total):
    table = opened()
    right, wrong = bet(table, 1, "pass", 10), bet(table, 2, "dont_pass", 12)
    throw(table, point)
    take = bet(table, 1, "odds", TAKE[point][0], backs=right)
    lay = bet(table, 2, "odds", LAY[point][0], backs=wrong)
    assert table.bets[take].number == table.bets[lay].number == point
    assert table.view()["bets"][2]["backs"] == right
    if total == "other":
        other = next(t for t in TOTALS if t not in (7, point))
        assert throw(table, other) == {} and len(table.bets) == 4
        return
    postings = throw(table, point if total == "point" else 7)
    if total == "point":
        assert_result(postings[take], WON, TAKE[point][1])
        assert_result(postings[lay], LOST)
    else:
        assert_result(postings[take], LOST)
        assert_result(postings[lay], WON, LAY[point][1])
    assert table.bets == {} and table.backing == {}


def test_odds_on_a_come_bet_are_off_on_the_come_out():
    table = on_point(4)
    come, dont_come = bet(table, 1, "come", 10), bet(table, 2, "dont_come", 12)
    throw(table, 6)
    take = bet(table, 1, "odds", 20, backs=come)
    lay = bet(table, 2, "odds", 24, backs=dont_come)
    throw(table, 4)  # the point is made: the next throw is a come-out
    postings = throw(table, 7)
    assert_result(postings[come], LOST)
    assert_result(postings[take], RETURNED)  # off on the come-out
    assert_result(postings[dont_come], WON, 12)
    assert_result(postings[lay], WON, 20)  # lay odds always work


def test_odds_on_a_come_bet_work_once_the_point_is_on():
    table = on_point(4)
    come = bet(table, 1, "come", 10)
    throw(table, 6)
    take = bet(table, 1, "odds", 20, backs=come)
    postings = throw(table, 6)
    assert_result(postings[come], WON, 10)
    assert_result(postings[take], WON, 24)


def test_odds_on_a_come_bet_made_on_the_come_out_are_returned():
    table = on_point(4)
    come = bet(table, 1, "come", 10)
    throw(table, 5)
    take = bet(table, 1, "odds", 10, backs=come)
    throw(table, 4)
    postings = throw(table, 5)
    assert_result(postings[come], WON, 10)
    assert_result(postings[take], RETURNED)


FIELD = {2: 2, 3: 1, 4: 1, 9: 1, 10: 1, 11: 1}


@pytest.mark.parametrize("twelve", [2, 3])
@pytest.mark.parametrize("total", TOTALS)
def test_field_on_every_total(total, twelve):
    table = opened({"field_12_pays": twelve})
    field = bet(table, 1, "field", 10)
    posting = throw(table, total)[field]
    pays = {**FIELD, 12: twelve}.get(total)
    if pays:
        assert_result(posting, WON, 10 * pays)
    else:
        assert_result(posting, LOST)  # 5, 6, 7, 8
    assert table.bets == {}


PLACE = {4: 54, 10: 54, 5: 42, 9: 42, 6: 35, 8: 35}  # winnings on 30: 9:5, 7:5, 7:6


@pytest.mark.parametrize("number", POINTS)
@pytest.mark.parametrize("total", TOTALS)
def test_place_on_every_number(number, total):
    table = on_point(10 if number == 4 else 4)
    place = bet(table, 1, "place", 30, number=number)
    postings = throw(table, total)
    if total == number:
        assert_result(postings[place], WON, PLACE[number])
    elif total == 7:
        assert_result(postings[place], LOST)
    else:
        assert place not in postings and table.bets[place].number == number


def test_place_bets_work_on_the_come_out():
    # Our house rule: a place bet works on every throw, the come-out included.
    table = opened()
    six, four = bet(table, 1, "place", 12, number=6), bet(table, 1, "place", 10, number=4)
    postings = throw(table, 6)
    assert_result(postings[six], WON, 14)
    assert four in table.bets
    throw(table, 6)  # point made
    assert_result(throw(table, 7)[four], LOST)  # a come-out 7 takes it


def test_decide_names_the_point_move_and_the_stand():
    assert decide("pass", None, 8) == ("point", 8)
    assert decide("dont_come", 8, 6) is None
    assert decide("lay", 4, 7) == (WON, (1, 2))
    assert decide("place", 6, 8) is None
    assert decide("field", None, 12, 3) == (WON, (3, 1))
