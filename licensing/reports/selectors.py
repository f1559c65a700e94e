"""Reads of event financial reports in the organization scope: the filing people of an organization (its
officers, members in charge, the member responsible for gross receipts) see its own reports, the Board sees
every organization's; anyone else sees none."""

from __future__ import annotations

import datetime as dt

from django.db.models import Q, QuerySet
from django.http import Http404

from licensing.models import Organization, Report, User
from licensing.models.organizations import FILING_ROLES
from licensing.reports.overdue import FIRST_DRAFT, OVERDUE
from licensing.selectors import organization_ids_with_roles


def _own(user: User):
    return organization_ids_with_roles(user=user, roles=FILING_ROLES)


def report_list(*, user: User) -> QuerySet[Report]:
    if not getattr(user, "is_authenticated", False):
        reports = Report.objects.none()
    elif user.is_board:
        reports = Report.objects.all()
    else:
        reports = Report.objects.filter(organization_id__in=_own(user))
    return reports.select_related("organization", "license")


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
    return overdue_report_list(user=user).filter(organization_id__in=_own(user))


def overdue_report_get(*, user: User, pk: int) -> Report:
    """An overdue report the user may see; 404 for any other report, or a report of another organization."""
    report = overdue_report_list(user=user).filter(pk=pk).first()
    if report is None:
        raise Http404("No such overdue report.")
    return report


def export_organizations(*, user: User) -> QuerySet[Organization]:
    """The organizations whose reports the user may export (the portal's choice for people filing for some)."""
    if not getattr(user, "is_authenticated", False):
        return Organization.objects.none()
    if user.is_board:
        return Organization.objects.filter(reports__isnull=False).distinct().order_by("name")
    return Organization.objects.filter(pk__in=_own(user)).order_by("name")
