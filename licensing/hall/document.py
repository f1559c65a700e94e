"""The event kit as it travels (docs/formats/hall-kit.md): a JSON object the Board signs with Ed25519 (core.signing,
the Board's signing key), holding what the rules need at the hall. `kit_findings` is what the hall asks before it
runs anything from a kit, and what the Board asks of a kit that comes back with a bundle: pure, over the document,
the public keys it trusts and the day.

The signature covers every member but "signature" itself, as canonical JSON (keys sorted, no spaces, UTF-8), so a
kit can be pretty-printed, re-indented or reordered on the way and still verify, while a changed value cannot."""

from __future__ import annotations

import datetime as dt
import re

from django.utils.translation import gettext as _

from core import signing
from core.dates import day as format_day
from core.findings import Finding
from core.sealed_for_board import SealedForBoardError, public_key_bytes
from licensing.licenses.rules import LicenseInForce, in_force_findings

FORMAT = "hall-kit/1"
KIT_RULE = "hall-kit/1 (docs/formats/hall-kit.md)"
FIELDS = ("format", "kit", "issued_at", "event", "license", "numbers", "plan", "device", "chain_key", "board_key",
          "board_url", "records", "logs", "ids", "payouts")
FORM_SERIES = re.compile(r"H[0-9]{1,8}")  # fits the form number's 24 characters: W2G-2026-H12345678-00001


def signed(body: dict, private_key: str) -> dict:
    return {**body, "signature": signing.sign(body, private_key)}


def body_of(document: dict) -> dict:
    return {name: value for name, value in document.items() if name != "signature"}


def _date(value) -> dt.date | None:
    try:
        return dt.date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None


def license_facts(document: dict) -> LicenseInForce | None:
    facts = document.get("license")
    if not isinstance(facts, dict):
        return None
    effective_on, expires_on = _date(facts.get("effective_on")), _date(facts.get("expires_on"))
    if effective_on is None or expires_on is None or not isinstance(facts.get("number"), str):
        return None
    return LicenseInForce(number=facts["number"], status=str(facts.get("status", "")), effective_on=effective_on,
                          expires_on=expires_on, suspended_on=_date(facts.get("suspended_on")))


def _payouts_findings(payouts) -> list[Finding]:
    """The payout desk's terms at the hall: the Board's public key the winners' identities are sealed to, and the
    kit's series of form numbers."""
    payouts = payouts if isinstance(payouts, dict) else {}
    try:
        public_key_bytes(payouts.get("identity_key"))
    except SealedForBoardError as error:
        return [Finding(KIT_RULE, _("The kit's key for the winners' identities is not one (%(error)s).") % {
            "error": error}, field="payouts")]
    series = payouts.get("form_series")
    if not isinstance(series, str) or not FORM_SERIES.fullmatch(series):
        return [Finding(KIT_RULE, _("The kit's series of W-2G form numbers is not H and 1 to 8 digits."),
                        field="payouts")]
    return []


def kit_findings(document, *, trusted_keys, today: dt.date | None = None,
                 device_public_key: str | None = None) -> list[Finding]:
    """Why the hall must not run this kit, naming each reason; [] when it may. `today`: the day the kit is to run
    (None: only the kit itself is checked, as the Board does when a bundle brings it back); `device_public_key`:
    the key of the device asking (None: not checked)."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        found = document.get("format") if isinstance(document, dict) else None
        return [Finding(KIT_RULE, _("This is not a hall kit of format %(format)s (it says %(found)s).") % {
            "format": FORMAT, "found": found or _("nothing")}, field="format")]
    missing = [name for name in (*FIELDS, "signature") if name not in document]
    if missing:
        return [Finding(KIT_RULE, _("The kit lacks %(fields)s.") % {"fields": ", ".join(missing)}, field=missing[0])]
    if document["board_key"] not in trusted_keys:
        return [Finding(KIT_RULE, _("The kit is signed with a key that is not the Board's: it was not issued by the "
                                "Board."), field="board_key")]
    if not signing.verify(body_of(document), str(document["signature"]), document["board_key"]):
        return [Finding(KIT_RULE, _("The Board's signature does not check: the kit was changed after the Board signed "
                                "it."), field="signature")]
    findings = _payouts_findings(document["payouts"])
    device = document["device"] if isinstance(document["device"], dict) else {}
    if device_public_key is not None and device.get("public_key") != device_public_key:
        findings.append(Finding(KIT_RULE, _("The kit is for another device (its key %(kit_key)s); this device's key is "
                                        "%(key)s.") % {"kit_key": device.get("public_key"), "key": device_public_key},
                                field="device"))
    event = document["event"] if isinstance(document["event"], dict) else {}
    event_date = _date(event.get("date"))
    if today is not None and event_date != today:
        findings.append(Finding(KIT_RULE, _("The kit is for an event on %(date)s, not today, %(today)s.") % {
            "date": format_day(event_date) if event_date else _("no date"), "today": format_day(today)},
            field="event"))
    license = license_facts(document)
    if license is None:
        findings.append(Finding(KIT_RULE, _("The kit does not say which license the event is held under."),
                                field="license"))
    elif event_date is not None:
        findings += in_force_findings(license, event_date, action=_("Hall kit"))
    return findings
