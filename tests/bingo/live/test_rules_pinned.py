"""Every check of bingo.live.rules pinned down: boundaries, citations, fields and the exact English message
(whole Findings compared, as in the planning rules' pinned tests). Pure functions over plain values and the
Board's register."""

import datetime as dt
from decimal import Decimal

import pytest

from bingo.live import rules
from core.findings import Finding

pytestmark = pytest.mark.django_db  # the caps are the Board's register's: a read of its rows

D = Decimal


def overnight(action, now):
    return [Finding("30 DCMR 1202.2(m)", f"{action}: no bingo is played between 12:00 midnight and 9:00 am; it is "
                                         f"now {now} (30 DCMR 1202.2(m)).", field="time")]


@pytest.mark.parametrize("now, expected", [
    (dt.datetime(2026, 6, 4, 0, 0, 0), overnight("Start game 1", "2026-06-04 00:00")),  # midnight is inside
    (dt.datetime(2026, 6, 4, 8, 59, 59), overnight("Start game 1", "2026-06-04 08:59")),
    (dt.datetime(2026, 6, 4, 3, 7), overnight("Start game 1", "2026-06-04 03:07")),
    (dt.datetime(2026, 6, 4, 9, 0, 0), []),  # 9:00:00 is outside
    (dt.datetime(2026, 6, 3, 23, 59, 59), []),
    (dt.datetime(2026, 6, 3, 18, 30), []),
])
def test_overnight_ban_1202_2_m(now, expected):
    assert rules.overnight_ban(now, action="Start game 1") == expected


def test_winners_hold_the_calls_1406_3():
    assert rules.winners_hold_the_calls(action="Call a ball", winners=[], last_label="B-7") == []
    assert rules.winners_hold_the_calls(action="Call a ball", winners=["Card 12", "Card 40"], last_label="B-7") == [
        Finding("30 DCMR 1406.3", "Call a ball: Card 12, Card 40 won on B-7, the number just called; no ball is "
                                  "called until the game is closed and the winners paid, or the claim is voided "
                                  "with a reason (30 DCMR 1405.16, 1406.3).")]


@pytest.mark.parametrize("source", ["blower", None, ""])
def test_undo_only_recorded_allows_a_ball_keyed_in(source):
    assert rules.undo_only_recorded(source=source, last_label="O-66") == []


def test_undo_only_recorded_refuses_a_drawn_ball_1405_14():
    assert rules.undo_only_recorded(source="system", last_label="O-66") == [Finding(
        "30 DCMR 1405.14", "Take back the last call: O-66 was drawn by the system, and a drawn ball stays drawn until "
                           "the game ends (30 DCMR 1405.14). Only a ball recorded from the blower by mistake can be "
                           "taken back.")]


@pytest.mark.parametrize("license_class, period, game_type, paid_before, expected", [
    ("A", "regular", "regular", "0.00", (D("2000.00"), "30 DCMR 1408.1")),
    ("B", "regular", "special", "8500.00", (D("1500.00"), "30 DCMR 1408.1")),  # what the operation cap leaves
    ("C", "regular", "early_bird", "8000.00", (D("2000.00"), "30 DCMR 1408.1")),  # exactly the game cap left
    ("B", "regular", "regular", "10000.00", (D("0.00"), "30 DCMR 1408.1")),
    ("B", "regular", "regular", "12000.00", (D("0.00"), "30 DCMR 1408.1")),  # paid past the cap: nothing, not less
    ("A", "limited", "regular", "50000.00", (None, None)),  # 1408.2
    ("A", "regular", "multi_hall", "50000.00", (None, None)),  # 1408.1 excepts multi-hall games
    ("A", "limited", "multi_hall", "0.00", (None, None)),
    ("D", "regular", "regular", "0.00", (D("5.00"), "30 DCMR 1408.3")),
    ("D", "regular", "regular", "47.00", (D("3.00"), "30 DCMR 1408.3")),
    ("D", "regular", "regular", "50.00", (D("0.00"), "30 DCMR 1408.3")),
    ("D", "regular", "regular", "60.00", (D("0.00"), "30 DCMR 1408.3")),
    # Class D is capped in a limited period and for any game type.
    ("D", "limited", "special", "10.00", (D("5.00"), "30 DCMR 1408.3")),
    ("D", "regular", "multi_hall", "46.50", (D("3.50"), "30 DCMR 1408.3")),
])
def test_payout_cap_1408(license_class, period, game_type, paid_before, expected):
    assert rules.payout_cap(license_class=license_class, period=period, game_type=game_type,
                            paid_before=D(paid_before)) == expected
