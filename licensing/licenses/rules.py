"""Whether live play may happen now under a license: the license in force today (30 DCMR 1200.1:
active, inside its term, not under a suspension that has begun, even before the nightly job has
marked it), and the moment inside the planned and licensed hours, read in the Board's time zone.

Pure functions over plain values; `licensing.licenses.live` gathers the facts from a License."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.utils.translation import gettext as _

from core.dates import day as format_day
from core.findings import Finding
from licensing.models.choices import LicenseStatus

IN_FORCE_RULE = "30 DCMR 1200.1"
AMENDMENT_RULE = "30 DCMR 1204.5"


@dataclass(frozen=True)
class LicenseInForce:
    number: str
    status: str  # licensing.models.choices.LicenseStatus
    effective_on: dt.date
    expires_on: dt.date
    suspended_on: dt.date | None = None  # the first day of a suspension that covers `today`, if any


def in_force_findings(license: LicenseInForce, today: dt.date, *, action: str) -> list[Finding]:
    """30 DCMR 1200.1: no play without a license in force that day."""
    if license.status != "active" or license.suspended_on is not None:
        state = _("suspended") if license.suspended_on else str(LicenseStatus(license.status).label).lower()
        return [Finding(IN_FORCE_RULE, _(
            "%(action)s: license %(number)s is %(state)s, so nothing may be played under it (30 DCMR 1200.1)."
        ) % {"action": action, "number": license.number, "state": state}, field="license")]
    if not license.effective_on <= today <= license.expires_on:
        return [Finding(IN_FORCE_RULE, _(
            "%(action)s: license %(number)s is in force from %(start)s to %(end)s, not today, %(today)s "
            "(30 DCMR 1200.1).") % {"action": action, "number": license.number, "today": format_day(today),
                                    "start": format_day(license.effective_on), "end": format_day(license.expires_on)},
            field="license")]
    return []


def window(day: dt.date, starts_at: dt.time, ends_at: dt.time) -> tuple[dt.datetime, dt.datetime]:
    """The naive local start and end of a planned occasion; an end at or before the start is on the
    next day (an end of exactly 00:00 is midnight, the end of `day`)."""
    start = dt.datetime.combine(day, starts_at)
    end = dt.datetime.combine(day, ends_at)
    if end <= start:
        end += dt.timedelta(days=1)
    return start, end


def within_hours_findings(*, now: dt.datetime, day: dt.date, starts_at: dt.time, ends_at: dt.time, action: str,
                          rule: str, what: str) -> list[Finding]:
    """`now` (naive, the Board's local time) must fall inside the planned hours of the occasion.
    `rule` is the section that licenses those hours (1202.2(m) for bingo, 1603.19 for Hold'em)."""
    start, end = window(day, starts_at, ends_at)
    if start <= now <= end:
        return []
    return [Finding(rule, _(
        "%(action)s: %(what)s is licensed for %(day)s, %(start)s-%(end)s; it is now %(now)s (%(rule)s)."
    ) % {"action": action, "what": what, "day": format_day(day), "start": starts_at.strftime("%H:%M"),
         "end": ends_at.strftime("%H:%M"), "now": f"{format_day(now.date())} {now:%H:%M}", "rule": rule}, field="time")]


# --- The reasons for a denial, suspension or revocation fit the licensee (30 DCMR 1210.1) ---

REASONS_RULE = "30 DCMR 1210.1"
ORGANIZATION_ONLY_REASON = "a"  # 1210.1(a): a bingo, raffle or MCN applicant does not meet 1200 or 1201
# 1210.1(b) (not meeting 1206) is written of bingo, raffle and Monte Carlo Night applicants, and 1206 is the vendor's
# section: it may be cited against an organization and against a vendor alike.


def reasons_for_licensee(reasons, *, vendor: bool) -> list[Finding]:
    """(a) is a reason against an organization only; (b) and the others fit any licensee (30 DCMR 1210.1)."""
    if vendor and ORGANIZATION_ONLY_REASON in set(reasons):
        return [Finding(REASONS_RULE, _(
            "reason (a) is about an organization's eligibility (30 DCMR 1200, 1201); for a vendor cite (b), "
            "not meeting 30 DCMR 1206, or another reason (30 DCMR 1210.1)."), field="reasons")]
    return []
