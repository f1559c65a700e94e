"""The compliance checks of one report: gathers what the rules need from the database and runs them
(licensing.reports.rules). Shown to the organization on its draft before it submits, and kept with the report
at submission for the Board.

The facts come in a fixed handful of queries, whatever the report holds (no query per line): the sellers'
licenses the supply rows name with their organizations' licenses (1403.1), their suspensions and
revocations, the bingo licenses that may hold operations that week at the premises and their reports (1400.5),
and for a correction the day its first version was filed (1413.1)."""

from __future__ import annotations

import datetime as dt

from django.db import connection
from django.db.models import Min, Q
from django.utils import timezone

from core.findings import Finding
from licensing.models import EnforcementAction, License, Report, ReportStatus
from licensing.models.choices import EnforcementKind, LicenseStatus, LicenseType
from licensing.reports import rules
from licensing.reports.content import schema

ORGANIZATION_TYPES = sorted(rules.ORGANIZATION_LICENSE_TYPES)


def report_findings(report: Report, *, today: dt.date | None = None) -> list[Finding]:
    """The findings of a report, submitted or draft (a draft is read as of `today`, the Board's date), by the Board's
    figures in force on its event date (rules.report_rules)."""
    return rules.report_rules(report.data, report_facts(report, today=today))


def report_facts(report: Report, *, today: dt.date | None = None) -> rules.ReportFacts:
    filed_on = _first_filed_on(report)
    return rules.ReportFacts(
        kind=report.kind, license_class=report.license_class, period=report.period, event_date=report.event_date,
        as_of=filed_on or today or timezone.localdate(), filed=filed_on is not None,
        report_due=report.report_due, deposit_due=report.deposit_due, proceeds_used_by=report.proceeds_used_by,
        suppliers=suppliers(rules.supply_numbers(report.data)) if report.kind == schema.BINGO else {},
        operations_that_week=(other_operations_that_week(license=report.license, on=report.event_date)
                              if report.kind == schema.BINGO else None),
    )


def _first_filed_on(report: Report) -> dt.date | None:
    """The day the report was filed: its first version's submission (a correction re-files what was filed)."""
    first = report.submitted_at
    if report.previous_id is not None:
        first = Report.objects.filter(license_id=report.license_id, event_date=report.event_date,
                                      submitted_at__isnull=False).aggregate(first=Min("submitted_at"))["first"]
    return timezone.localdate(first) if first else None


# --- 30 DCMR 1403.1: the sellers ---


def suppliers(numbers: set[str]) -> dict[str, rules.Supplier]:
    """The licenses numbered `numbers`, each with, for an organization's, every license of its organization."""
    if not numbers:
        return {}
    sellers = License.objects.filter(number__in=numbers, license_type__in=ORGANIZATION_TYPES).values("organization_id")
    licenses = list(License.objects.filter(
        Q(number__in=numbers) | Q(organization_id__in=sellers, license_type__in=ORGANIZATION_TYPES))
        .only("id", "number", "organization_id", "license_type", "effective_on", "expires_on"))
    records = _records(licenses)
    by_organization: dict[int, list[rules.LicenseRecord]] = {}
    for license in licenses:
        if license.license_type in rules.ORGANIZATION_LICENSE_TYPES:
            by_organization.setdefault(license.organization_id, []).append(records[license.pk])
    return {license.number.upper(): rules.Supplier(
        license=records[license.pk], organization_licenses=tuple(by_organization.get(license.organization_id, ())))
        for license in licenses if license.number.upper() in numbers}


def _records(licenses: list[License]) -> dict[int, rules.LicenseRecord]:
    """Each license with the suspensions and the revocation its enforcement actions record (one query)."""
    suspensions: dict[int, list[tuple[dt.date, dt.date]]] = {}
    revoked: dict[int, dt.date] = {}
    actions = EnforcementAction.objects.filter(
        license_id__in=[license.pk for license in licenses],
        kind__in=[EnforcementKind.SUSPENSION, EnforcementKind.REVOCATION], starts_on__isnull=False,
    ).values_list("license_id", "kind", "starts_on", "ends_on")
    for license_id, kind, starts_on, ends_on in actions:
        if kind == EnforcementKind.REVOCATION:
            revoked[license_id] = min(starts_on, revoked.get(license_id, starts_on))
        elif ends_on is not None:
            suspensions.setdefault(license_id, []).append((starts_on, ends_on))
    return {license.pk: rules.LicenseRecord(
        number=license.number, license_type=license.license_type, effective_on=license.effective_on,
        expires_on=license.expires_on, suspensions=tuple(sorted(suspensions.get(license.pk, ()))),
        revoked_on=revoked.get(license.pk)) for license in licenses}


# --- 30 DCMR 1400.5: the premises' week ---


def _entries_on(license: License, day: dt.date) -> list[dict]:
    return [entry for entry in license.schedule or []
            if isinstance(entry, dict) and entry.get("date") == day.isoformat()]


def premises_of(license: License, day: dt.date) -> int | None:
    """Where the license holds its operation of the day: the schedule's premises for it, else the license's."""
    for entry in _entries_on(license, day):
        if isinstance(entry.get("premises"), int):
            return entry["premises"]
    return license.premises_id


def _scheduled_at(license: License, premises_id: int, monday: dt.date, sunday: dt.date) -> set[dt.date]:
    """The days of that week the license's schedule holds an operation at the premises, inside its term."""
    days = set()
    for entry in license.schedule or []:
        if not isinstance(entry, dict) or not isinstance(entry.get("date"), str):
            continue
        try:
            day = dt.date.fromisoformat(entry["date"])
        except ValueError:
            continue
        at = entry.get("premises") if isinstance(entry.get("premises"), int) else license.premises_id
        if at == premises_id and monday <= day <= sunday and license.effective_on <= day <= license.expires_on:
            days.add(day)
    return days


def other_operations_that_week(*, license: License, on: dt.date) -> int | None:
    """Every other bingo operation in the ISO week of `on` at the premises of this one, whoever holds it: the
    operations the bingo licenses schedule there and those reported there (one operation per license and day).
    None when the operation's premises are not known."""
    premises_id = premises_of(license, on)
    if premises_id is None:
        return None
    monday = on - dt.timedelta(days=on.weekday())
    sunday = monday + dt.timedelta(days=6)
    at_premises = Q(premises_id=premises_id)
    if connection.features.supports_json_field_contains:  # else every license of the week, sorted out below
        at_premises |= Q(schedule__contains=[{"premises": premises_id}])
    candidates = {lic.pk: lic for lic in License.objects.filter(
        at_premises, license_type=LicenseType.BINGO, effective_on__lte=sunday, expires_on__gte=monday,
    ).only("id", "premises_id", "schedule", "status", "effective_on", "expires_on")}
    held: set[tuple[int, dt.date]] = set()
    for lic in candidates.values():
        if lic.status != LicenseStatus.REVOKED:  # a revoked license's schedule holds nothing more
            held |= {(lic.pk, day) for day in _scheduled_at(lic, premises_id, monday, sunday)}
    reported = (Report.objects.filter(license_id__in=list(candidates), kind=schema.BINGO,
                                      event_date__range=(monday, sunday))
                .exclude(status=ReportStatus.SUPERSEDED).values_list("license_id", "event_date").distinct())
    held |= {(license_id, day) for license_id, day in reported
             if premises_of(candidates[license_id], day) == premises_id}
    held.discard((license.pk, on))
    return len(held)
