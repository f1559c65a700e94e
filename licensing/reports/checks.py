"""The compliance checks of one report: gathers what the rules need from the database and runs them.

Filled in by licensing.reports.rules (issue 13); shown to the organization before it submits and kept
with the report at submission for the Board."""

from __future__ import annotations

from core.findings import Finding
from licensing.models import Report


def report_findings(report: Report) -> list[Finding]:
    return []
