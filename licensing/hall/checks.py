"""The facts the Board's check of a bundle needs from its own records (licensing.hall.verify is pure): the public keys
it trusts, whether it issued the bundle's kit exactly as the bundle carries it, and its license as it stood on the
event's day."""

from __future__ import annotations

import datetime as dt
import uuid

from django.conf import settings
from django.utils.translation import gettext as _

from core.findings import Finding
from licensing.audit.witness import trusted_keys
from licensing.hall.verify import BUNDLE_RULE, bundle_findings
from licensing.licenses.live import license_in_force
from licensing.models import HallKit, License


def _issued_kit_findings(kit) -> list[Finding]:
    try:
        kit_id = uuid.UUID(str(kit.get("kit")))
    except (AttributeError, ValueError):
        return []  # kit_findings names what is wrong with it
    issued = HallKit.objects.filter(kit_id=kit_id).first()
    if issued is None:
        return [Finding(BUNDLE_RULE, _("The Board issued no kit %(kit)s.") % {"kit": kit_id}, field="kit")]
    if issued.document != kit:
        return [Finding(BUNDLE_RULE, _("The bundle's kit is not the one the Board issued as %(kit)s.") % {
            "kit": kit_id}, field="kit")]
    return []


def bundle_problems(bundle) -> list[Finding]:
    """Every reason the Board refuses `bundle`, as licensing.hall.verify.bundle_findings names them, with the
    facts of the Board's own records."""
    kit = bundle.get("kit") if isinstance(bundle, dict) else None
    license_facts = None
    if isinstance(kit, dict) and isinstance(kit.get("license"), dict) and isinstance(kit.get("event"), dict):
        found = License.objects.filter(number=str(kit["license"].get("number", ""))).first()
        try:
            day = dt.date.fromisoformat(str(kit["event"].get("date")))
        except ValueError:
            day = None
        if found is not None and day is not None:
            license_facts = license_in_force(found, day)
    findings = bundle_findings(bundle, trusted_keys=trusted_keys(), license=license_facts,
                               time_zone=settings.TIME_ZONE)
    return (_issued_kit_findings(kit) if isinstance(kit, dict) else []) + findings
