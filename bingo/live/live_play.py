"""Live bingo is licensed play: every game start and every call asks, at that moment on the Board's
clock (America/New_York), whether the license is in force today (30 DCMR 1200.1: not revoked, not
under a suspension that has begun, inside its term), whether it is the operation's licensed day and
hours (the schedule of 30 DCMR 1202.2(m); 1400.7 is the premises, not the hours), and whether it is
outside the midnight-9:00 am ban (30 DCMR 1202.2(m)). The license and the hours are the shared rule of
licensing.licenses.live; the
ban is bingo's own (bingo.live.rules.overnight_ban).

A training operation (bingo.live.training) plays for nothing, so its hours are not asked: only that the
license it practises under is in force."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone
from django.utils.translation import gettext as _

from bingo.live import rules
from bingo.models import Game
from core.findings import Finding, RuleViolation
from licensing.licenses.live import board_now, license_in_force, live_play_findings
from licensing.licenses.rules import in_force_findings

HOURS_RULE = "30 DCMR 1202.2(m)"  # the licensed date and hours of each operation


def live_play_refusals(game: Game, *, action: str, now: dt.datetime | None = None) -> list[Finding]:
    """What refuses `action` on this game now; empty when it may go ahead."""
    operation, now = game.operation, now or timezone.now()
    if operation.is_training:
        today = board_now(now).date()
        return in_force_findings(license_in_force(operation.license, today), today, action=action)
    findings = live_play_findings(license=operation.license, day=operation.date, starts_at=operation.starts_at,
                                  ends_at=operation.ends_at, action=action, rule=HOURS_RULE,
                                  what=_("the operation"), now=now)
    return findings + rules.overnight_ban(board_now(now), action=action)


def require_live_play(game: Game, *, action: str) -> None:
    findings = live_play_refusals(game, action=action)
    if findings:
        raise RuleViolation(findings)
