"""The live-play rules of bingo.live.rules, at their boundaries: the midnight-9:00 ban (30 DCMR 1202.2(m)),
a winner holding the calls (1405.16, 1406.3), undo only of a recorded ball (1405.14) and the cap a
closing game pays within (1408.1, 1408.3)."""

import datetime as dt
from decimal import Decimal

import pytest

from bingo.live import rules

pytestmark = pytest.mark.django_db  # the caps are the Board's register's: a read of its rows


@pytest.mark.parametrize("moment, banned", [
    (dt.datetime(2026, 12, 5, 23, 59, 59), False),
    (dt.datetime(2026, 12, 6, 0, 0, 0), True),  # 12:00 midnight is inside the ban
    (dt.datetime(2026, 12, 6, 3, 10), True),
    (dt.datetime(2026, 12, 6, 8, 59, 59), True),
    (dt.datetime(2026, 12, 6, 9, 0, 0), False),  # 9:00 am ends it
])
def test_no_bingo_between_midnight_and_nine(moment, banned):
    findings = rules.overnight_ban(moment, action="Draw a ball in game 1")
    assert bool(findings) is banned
    if banned:
        [finding] = findings
        assert finding.rule == "30 DCMR 1202.2(m)" and finding.field == "time"
        assert finding.message.startswith("Draw a ball in game 1: ") and "(30 DCMR 1202.2(m))" in finding.message


def test_a_valid_claim_holds_the_calls():
    assert rules.winners_hold_the_calls(action="Draw a ball in game 1", winners=[], last_label="B 5") == []
    [finding] = rules.winners_hold_the_calls(action="Draw a ball in game 1", winners=["face 5 of series S"],
                                             last_label="B 5")
    assert finding.rule == "30 DCMR 1406.3"
    assert finding.message.startswith("Draw a ball in game 1: face 5 of series S won on B 5")
    assert "(30 DCMR 1405.16, 1406.3)" in finding.message


@pytest.mark.parametrize("source, refused", [("system", True), ("recorded", False), (None, False)])
def test_only_a_recorded_ball_is_taken_back(source, refused):
    findings = rules.undo_only_recorded(source=source, last_label="N 40")
    assert bool(findings) is refused
    if refused:
        assert findings[0].rule == "30 DCMR 1405.14" and "N 40 was drawn by the system" in findings[0].message


@pytest.mark.parametrize("license_class, period, game_type, paid_before, cap, rule", [
    ("B", "regular", "regular", "0", "2000.00", "30 DCMR 1408.1"),
    ("B", "regular", "regular", "8000.00", "2000.00", "30 DCMR 1408.1"),  # exactly $2,000 left: the game cap
    ("B", "regular", "regular", "8000.01", "1999.99", "30 DCMR 1408.1"),  # a cent past: the operation's cap
    ("B", "regular", "regular", "12000.00", "0.00", "30 DCMR 1408.1"),
    ("A", "limited", "regular", "0", None, None),  # 30 DCMR 1408.2: no limit
    ("C", "regular", "multi_hall", "0", None, None),  # 30 DCMR 1408.1 excepts multi-hall games
    ("D", "regular", "regular", "45.00", "5.00", "30 DCMR 1408.3"),
    ("D", "regular", "regular", "46.00", "4.00", "30 DCMR 1408.3"),
])
def test_the_cap_a_closing_game_pays_within(license_class, period, game_type, paid_before, cap, rule):
    assert rules.payout_cap(license_class=license_class, period=period, game_type=game_type,
                            paid_before=Decimal(paid_before)) == (None if cap is None else Decimal(cap), rule)
