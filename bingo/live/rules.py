"""Live play: what holds at every start and call, and when a game is paid (bingo.live.services), each a
Finding with its 30 DCMR citation. Pure functions over plain values; the prize caps and the overnight ban are
licensing's (licensing.licenses.limits), the Board's register's figures in force today: live play is judged now."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.utils.translation import gettext as _

from bingo.planning.rules import CLASS_D, MULTI_HALL, game_prize_cap, operation_prize_cap
from core.findings import Finding
from licensing.licenses.limits import in_overnight_ban, no_bingo_hours_words


def overnight_ban(now: dt.datetime, *, action: str) -> list[Finding]:
    """30 DCMR 1202.2(m): no bingo between 12:00 midnight and 9:00 am, whatever the license lists (the register's
    hours in force on `now`'s day). `now` is the Board's local time (naive). Midnight itself is inside the ban,
    9:00:00 outside it."""
    if in_overnight_ban(now.time(), now.date()):
        return [Finding("30 DCMR 1202.2(m)", _(
            "%(action)s: no bingo is played between %(from)s and %(until)s; it is now %(now)s "
            "(30 DCMR 1202.2(m)).") % {"action": action, "now": now.strftime("%Y-%m-%d %H:%M"),
                                       **no_bingo_hours_words(now.date())}, field="time")]
    return []


def winners_hold_the_calls(*, action: str, winners: list[str], last_label: str) -> list[Finding]:
    """30 DCMR 1405.16, 1406.3: a valid claim on the number just called wins, and the winners are
    paid when the game ends; another call would leave them no longer "on the number just called",
    so no ball is called until the game is closed or the claim is voided with a reason."""
    if not winners:
        return []
    return [Finding("30 DCMR 1406.3", _(
        "%(action)s: %(faces)s won on %(ball)s, the number just called; no ball is called until the game is "
        "closed and the winners paid, or the claim is voided with a reason (30 DCMR 1405.16, 1406.3).") % {
        "action": action, "faces": ", ".join(winners), "ball": last_label})]


def undo_only_recorded(*, source: str | None, last_label: str) -> list[Finding]:
    """30 DCMR 1405.14: no drawn ball returns to the receptacle until the game ends. Taking back a
    call corrects a ball keyed in by mistake from the blower; a ball the system drew was drawn."""
    if source != "system":
        return []
    return [Finding("30 DCMR 1405.14", _(
        "Take back the last call: %(ball)s was drawn by the system, and a drawn ball stays drawn until the game "
        "ends (30 DCMR 1405.14). Only a ball recorded from the blower by mistake can be taken back.")
        % {"ball": last_label})]


def payout_cap(*, license_class: str, period: str, game_type: str, paid_before: Decimal,
               on: dt.date | None = None) -> tuple[Decimal | None, str | None]:
    """The most a game may pay out when it closes, and the section that caps it: the game cap, and
    what the operation's cap leaves after the games already paid (30 DCMR 1408.1, 1408.3). A split
    rounded up (1406.2) never pays past it (bingo.engine.split_prize). None: no cap (1408.2
    limited period; 1408.1 excepts multi-hall games). The caps in force on `on` (default: today, the day it pays)."""
    if license_class == CLASS_D:
        rule = "30 DCMR 1408.3"
    elif period == "limited" or game_type == MULTI_HALL:
        return None, None
    else:
        rule = "30 DCMR 1408.1"
    game_cap, operation_cap = game_prize_cap(license_class, on), operation_prize_cap(license_class, on)
    return min(game_cap, max(operation_cap - paid_before, Decimal("0.00"))), rule
