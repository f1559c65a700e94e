"""The Board's clock in tests (time-machine). Live play is refused outside the operation's licensed
day and hours (bingo.live.live_play), so a builder that plans an operation puts the clock inside those
hours for the rest of the test; the autouse fixture in tests/conftest.py puts it back after."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import time_machine
from django.conf import settings
from django.utils import timezone

_travels: list[time_machine.travel] = []


def board_time(day: dt.date, at: dt.time) -> dt.datetime:
    """`at` on `day` on the Board's clock (America/New_York), as an aware datetime."""
    return dt.datetime.combine(day, at, tzinfo=zoneinfo.ZoneInfo(settings.TIME_ZONE))


def travel(moment: dt.datetime, *, tick: bool = True) -> None:
    """Move the clock to `moment` until the end of the test; with tick it runs on from there."""
    traveller = time_machine.travel(moment, tick=tick)
    traveller.start()
    _travels.append(traveller)


def this_evening(at: dt.time = dt.time(19, 0)) -> None:
    """Today at 19:00, inside the 18:00-22:00 the live builders plan; once per test (a second world of
    the same test finds the clock already there)."""
    if not _travels:
        travel(board_time(timezone.localdate(), at))


def during(operation, at: dt.time = dt.time(19, 0)) -> None:
    """The clock at `at` on the operation's day."""
    travel(board_time(operation.date, at))


def back_to_now() -> None:
    while _travels:
        _travels.pop().stop()
