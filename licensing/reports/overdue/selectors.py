"""Reads of overdue reports and of reports coming due. The unscoped queries are for the daily run, the reminders and
the checks; every read for a person goes through the reports the person may read (licensing.reports.selectors
.report_list): the Board's list and its waiver, an organization's reports due on its home, the overdue reports of
a filer's own organizations on the portal."""

from __future__ import annotations

import datetime as dt

from django.db.models import Q, QuerySet
from django.http import Http404

from licensing.models import Organization, Report, User
from licensing.models.organizations import FILING_ROLES
from licensing.reports.overdue.rules import FIRST_DRAFT, OVERDUE
from licensing.reports.selectors import report_list
from licensing.selectors import organization_ids_with_roles


def first_drafts_due() -> QuerySet[Report]:
    """Reports with a due date that were never submitted: what the reminder and the overdue mark concern."""
    return Report.objects.filter(FIRST_DRAFT, report_due__isnull=False)


def overdue_reports() -> QuerySet[Report]:
    """Every overdue report still not submitted, waived or not (unscoped: the functions below scope it to a user)."""
    return Report.objects.filter(OVERDUE).select_related("organization", "license", "waived_by")


def overdue_report_list(*, user: User, organization: Organization | None = None) -> QuerySet[Report]:
    """Overdue reports still not submitted, longest overdue first."""
    reports = report_list(user=user).filter(OVERDUE).select_related("waived_by")
    if organization is not None:
        reports = reports.filter(organization=organization)
    return reports.order_by("report_due", "organization__name", "pk")


def reports_due_list(*, user: User, organization: Organization, due_by: dt.date) -> QuerySet[Report]:
    """The organization's first drafts due by `due_by`, those marked overdue included, soonest due first: what its home
    shows as to do (30 DCMR 1413.1)."""
    return report_list(user=user).filter(FIRST_DRAFT, Q(report_due__lte=due_by) | Q(overdue_since__isnull=False),
                                         organization=organization, report_due__isnull=False,
                                         ).order_by("report_due", "event_date", "pk")


def overdue_reports_of_my_organizations(*, user: User) -> QuerySet[Report]:
    """What a person filing for organizations sees first on the portal: their own organizations' overdue
    reports (a Board member who also files for a club sees the club's, not the whole Board list)."""
    if not getattr(user, "is_authenticated", False):
        return Report.objects.none()
    return overdue_report_list(user=user).filter(
        organization_id__in=organization_ids_with_roles(user=user, roles=FILING_ROLES))


def overdue_report_get(*, user: User, pk: int) -> Report:
    """An overdue report the user may see; 404 for any other report, or a report of another organization."""
    report = overdue_report_list(user=user).filter(pk=pk).first()
    if report is None:
        raise Http404("No such overdue report.")
    return report
