"""What a first draft and an overdue report are (30 DCMR 1413.1): only a first draft (version 1, never submitted) is
ever due; it is overdue from the day after its due date until it is submitted."""

from __future__ import annotations

import datetime as dt

from django.db.models import Q
from django.utils import timezone

from licensing.models import Report, ReportStatus

FIRST_DRAFT = Q(status=ReportStatus.DRAFT, version=1, previous__isnull=True)
OVERDUE = FIRST_DRAFT & Q(overdue_since__isnull=False)


def is_first_draft(report: Report) -> bool:
    return report.status == ReportStatus.DRAFT and report.version == 1 and report.previous_id is None


def days_overdue(report: Report, *, today: dt.date | None = None) -> int:
    return ((today or timezone.localdate()) - report.report_due).days
