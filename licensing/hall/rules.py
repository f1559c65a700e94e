"""Whether a kit may be prepared for an event: pure, over the facts licensing.hall.contents gathers."""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext as _

from core.dates import day as format_day
from core.findings import Finding
from licensing.hall.document import KIT_RULE
from licensing.licenses.rules import LicenseInForce, in_force_findings


def prepare_findings(*, event_date: dt.date, today: dt.date, license: LicenseInForce,
                     device_key_problem: str | None) -> list[Finding]:
    """A kit is for an event still to come (or today's), under a license in force on the event's date (30 DCMR
    1200.1: a suspension that begins by then counts), for a device whose Ed25519 public key is well formed."""
    findings = []
    if device_key_problem:
        findings.append(Finding(KIT_RULE, _("The device's public key is not one: %(problem)s. Copy it as the hall "
                                            "device printed it (`manage.py hall keygen`).") % {
            "problem": device_key_problem}, field="device_public_key"))
    if event_date < today:
        findings.append(Finding(KIT_RULE, _("The event was on %(date)s: a kit is prepared for an event still to "
                                            "come.") % {"date": format_day(event_date)}, field="event"))
    findings += in_force_findings(license, event_date, action=_("Hall kit"))
    return findings
