"""Gather what the live-play rules need from a License (its status, term and any suspension that has
begun), and the Board's clock: every live action of bingo and Hold'em asks `live_play_findings`."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from core.findings import Finding
from licensing.licenses.rules import LicenseInForce, in_force_findings, within_hours_findings
from licensing.models import License
from licensing.models.choices import EnforcementKind


def board_now(now: dt.datetime | None = None) -> dt.datetime:
    """The Board's local time (settings.TIME_ZONE, America/New_York), naive, for comparing with the
    planned dates and hours of operations and events."""
    return timezone.localtime(now or timezone.now()).replace(tzinfo=None)


def license_in_force(license: License, today: dt.date) -> LicenseInForce:
    suspension = license.enforcement_actions.filter(
        kind=EnforcementKind.SUSPENSION, starts_on__lte=today, ends_on__gte=today).values_list("starts_on", flat=True)
    # A revocation changes the status at once; a suspension begins on its day, before the nightly job marks it.
    return LicenseInForce(number=license.number, status=license.status,
                          effective_on=license.effective_on, expires_on=license.expires_on,
                          suspended_on=suspension.first())


def live_play_findings(*, license: License, day: dt.date, starts_at: dt.time, ends_at: dt.time, action: str,
                       rule: str, what: str, now: dt.datetime | None = None) -> list[Finding]:
    """Findings that refuse a live action (a game start, a ball, a hand, the clock) now."""
    local = board_now(now)
    findings = in_force_findings(license_in_force(license, local.date()), local.date(), action=action)
    return findings or within_hours_findings(now=local, day=day, starts_at=starts_at, ends_at=ends_at,
                                             action=action, rule=rule, what=what)
