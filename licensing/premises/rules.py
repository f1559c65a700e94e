"""Premises typed on an application against the one on record at the same address: what differs.

One hall is one record, found by its normalized address, because the limit of two bingo operations a
week (30 DCMR 1400.5) counts every organization's operations there; so what a filer types is never
silently dropped for the record's values (nor the record silently rewritten): the filer confirms the
record, or files the difference as a correction that board staff accept."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from core.findings import Finding

CERTIFICATE_RULE = "30 DCMR 1400.8"
# Which item of 1202.2 asks for the place, by license type.
PLACE_RULES = {"bingo": "30 DCMR 1202.2(m)", "multihall": "30 DCMR 1202.2(m)", "montecarlo": "30 DCMR 1202.2(o)"}
NEEDS_CERTIFICATE = frozenset({"bingo", "multihall"})  # 1400.8: bingo only where a certificate is in force


@dataclass(frozen=True)
class Difference:
    field: str  # "name" or "certificate_of_occupancy"
    on_record: str
    entered: str


def _same(left: str, right: str) -> bool:
    return " ".join(left.split()).casefold() == " ".join(right.split()).casefold()


def differences(*, record_name: str, record_certificate: str, name: str, certificate: str) -> list[Difference]:
    """What the filer typed that the record does not say. A blank certificate typed asks for nothing."""
    found = []
    if name.strip() and not _same(record_name, name):
        found.append(Difference("name", record_name, name.strip()))
    if certificate.strip() and not _same(record_certificate, certificate):
        found.append(Difference("certificate_of_occupancy", record_certificate, certificate.strip()))
    return found


def difference_findings(found: list[Difference], *, rule: str) -> list[Finding]:
    """One finding per differing item, telling the filer what the record says and what they may do."""
    findings = []
    for difference in found:
        if difference.field == "name":
            message = _("The premises on record at this address is named %(record)s, not %(entered)s: use the "
                        "premises on record, or file your details as a correction for board staff to accept.")
        else:
            message = _("The premises on record at this address has certificate of occupancy %(record)s, not "
                        "%(entered)s: use the premises on record, or file your details as a correction for "
                        "board staff to accept.")
        findings.append(Finding(rule, message % {"record": difference.on_record or _("(none)"),
                                                 "entered": difference.entered}, field=difference.field))
    return findings


def certificate_required(*, license_type: str, certificate: str, record_certificate: str) -> list[Finding]:
    """30 DCMR 1400.8: a bingo application's premises has a certificate of occupancy, typed or on record."""
    if license_type in NEEDS_CERTIFICATE and not certificate.strip() and not record_certificate.strip():
        return [Finding(CERTIFICATE_RULE, _(
            "Bingo is played only in a building with a valid certificate of occupancy: give its number."),
            field="certificate_of_occupancy")]
    return []
