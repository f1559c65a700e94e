"""Substantial changes (30 DCMR 1202.3): recorded when the organization's name, address or responsible people
change while it holds a license in force, and taken in when the amended application is approved.

The profile services call `substantial_change_record` inside their own transaction; the license service calls
`substantial_changes_take_in` when it amends a license. Reminders (licensing.reminders) read the open rows."""

from __future__ import annotations

import datetime as dt

from django.db.models import QuerySet
from django.utils import timezone

from licensing.events import audit_event_record
from licensing.models import Application, License, Organization, SubstantialChange, User
from licensing.models.choices import LicenseStatus
from licensing.organizations.rules import SUBSTANTIAL_CHANGE_RULE, amendment_due

# A suspended license is still held: its amendment is still due.
HELD_STATUSES = (LicenseStatus.ACTIVE, LicenseStatus.SUSPENDED)


def licenses_held(*, organization: Organization, on: dt.date) -> QuerySet[License]:
    return License.objects.filter(organization=organization, status__in=HELD_STATUSES, expires_on__gte=on)


def substantial_change_record(*, actor: User | None, organization: Organization, kind: str, changes: dict,
                              on: dt.date | None = None, licenses: list[License] | None = None,
                              ) -> list[SubstantialChange]:
    """One open change per license held (or per license in `licenses`), due within 10 days; nothing when no
    license is held (the next application simply carries the new facts)."""
    on = on or timezone.localdate()
    if licenses is None:
        licenses = list(licenses_held(organization=organization, on=on).order_by("pk"))
    rows = [
        SubstantialChange.objects.create(organization=organization, license=license, kind=kind, changes=changes,
                                         changed_on=on, due_on=amendment_due(on), recorded_by=actor)
        for license in licenses
    ]
    if rows:
        audit_event_record(
            event_type="licensing.substantial_change_recorded", actor=actor, organization=organization,
            target=organization, payload={"kind": kind, "changes": changes, "due_on": rows[0].due_on,
                                          "licenses": [row.license.number for row in rows],
                                          "rule": SUBSTANTIAL_CHANGE_RULE},
        )
    return rows


def substantial_changes_take_in(*, application: Application, license: License) -> list[SubstantialChange]:
    """The approved amendment covers the license's changes recorded up to its submission."""
    rows = list(SubstantialChange.objects.select_for_update().filter(
        license=license, resolved_at__isnull=True, recorded_at__lte=application.submitted_at or timezone.now()))
    now = timezone.now()
    for row in rows:
        row.amendment, row.resolved_at = application, now
        row.save(update_fields=["amendment", "resolved_at"])
    return rows
