"""Whether a kit may be prepared for an event: pure, over the facts licensing.hall.contents gathers; and the public
check's verdict on a signed head, over the hashes the Board's accepted bundles hold."""

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


# The public check of a signed head (the QR code in the hall): what the Board received against what the room saw.
HOLDS_EXACTLY, NOT_YET_RECEIVED, DIFFERS = "holds_exactly", "not_yet_received", "differs"
VERDICTS = (HOLDS_EXACTLY, NOT_YET_RECEIVED, DIFFERS)


def head_verdict(*, held: list[str], hash: str) -> str:
    """`held`: the hash at the head's seq in each bundle of the kit the Board accepted whose copy of the log reaches
    that far. None: not yet received (a copy that ends earlier neither confirms nor contradicts the head; a later
    bundle will). Every one the head's hash: the Board holds exactly these records (rows after it, from a later
    close, do not change the rows up to it). Any other: it differs."""
    if not held:
        return NOT_YET_RECEIVED
    return HOLDS_EXACTLY if all(found == hash for found in held) else DIFFERS


def verdict_message(verdict: str) -> str:
    return {
        HOLDS_EXACTLY: _("The Board holds exactly these records."),
        NOT_YET_RECEIVED: _("Not yet received: the Board has not received this log up to this record."),
        DIFFERS: _("Differs: the records the Board holds for this log are not these."),
    }[verdict]
