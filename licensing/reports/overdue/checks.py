"""What an overdue report does to a new application (30 DCMR 1413.1, 1210.1): a finding for the Board to weigh at
review, never blocking (licensing.applications.checks gathers it)."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _

from core.dates import day as format_day
from core.findings import Finding
from licensing.models import Organization
from licensing.reports.deadlines import BINGO_TYPES, REPORT_RULE
from licensing.reports.overdue.selectors import overdue_reports


def _same_type(license_type: str) -> tuple[str, ...]:
    # A multi-hall license is an add-on played on the bingo license (30 DCMR 1414): one family.
    return tuple(BINGO_TYPES) if license_type in BINGO_TYPES else (license_type,)


def overdue_findings(*, organization: Organization, license_type: str) -> list[Finding]:
    """30 DCMR 1413.1: each overdue report of the license type is a finding on a new application of that type, for
    the Board to weigh at review (30 DCMR 1210.1: the Board "may deny"). Never blocking: filing goes on."""
    reports = overdue_reports().filter(organization=organization,
                                       license__license_type__in=_same_type(license_type)).order_by("event_date")
    findings = []
    for report in reports:
        values = {"date": format_day(report.event_date), "number": report.license.number,
                  "due": format_day(report.report_due)}
        if report.waived_at is None:
            findings.append(Finding(REPORT_RULE, _(
                "The financial report of the operation of %(date)s under license %(number)s was due %(due)s and "
                "is overdue (30 DCMR 1413.1); the Board weighs it when it decides this application, and may deny "
                "a license for a violation of the rules (30 DCMR 1210.1). Submit the report as soon as you can.")
                % values, field="license_type", blocking=False))
        else:
            findings.append(Finding(REPORT_RULE, _(
                "The financial report of the operation of %(date)s under license %(number)s was due %(due)s and "
                "is overdue; the Board waived its hold on new applications on %(waived)s: %(reason)s "
                "(30 DCMR 1413.1).") % {**values, "waived": format_day(timezone.localdate(report.waived_at)),
                                        "reason": report.waiver_reason},
                field="license_type", blocking=False))
    return findings
