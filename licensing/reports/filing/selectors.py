"""The filing pages' reads, over the one report list (licensing.reports.selectors.report_list). An organization's
filing officers see its reports; the Board sees every report; anyone else sees none (a 404, never a hint that the
report exists)."""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import Http404

from licensing.models import License, Report, ReportStatus, User
from licensing.models.organizations import FILING_ROLES
from licensing.reports.content import schema
from licensing.reports.content.changes import corrected_figures, diff, label_of
from licensing.reports.selectors import report_list
from licensing.reports.services import REPORTABLE_STATUSES
from licensing.selectors import has_role, organization_ids_with_roles

PAGE_SIZE = 50


def report_current_list(*, user: User, **filters) -> QuerySet[Report]:
    """The drafts (a first draft or an open correction) and the versions in force; superseded versions are
    history, read from the report's versions."""
    # The list reads no report's content: the documents stay in the database.
    return report_list(user=user, **filters).defer("data", "recorded").exclude(status=ReportStatus.SUPERSEDED)


def report_get(*, user: User, pk: int) -> Report:
    report = report_list(user=user).select_related("license__organization", "previous").filter(pk=pk).first()
    if report is None:
        raise Http404("No such report.")
    return report


def can_file(*, user: User, report: Report) -> bool:
    return has_role(user=user, organization_id=report.organization_id, roles=FILING_ROLES)


def report_versions(report: Report) -> list[Report]:
    """Every version of the report's event, newest first."""
    return list(Report.objects.filter(license_id=report.license_id, event_date=report.event_date)
                .order_by("-version").only("pk", "version", "status", "submitted_at", "correction_reason",
                                           "created_at"))


def report_changes(report: Report) -> list[dict]:
    """What this version changed from the one it corrects, each path in words, for the Board."""
    if report.previous is None:
        return []
    return [{**change, "label": label_of(report.kind, change["path"].removeprefix("corrections."))}
            for change in diff(report.kind, report.previous.data, report.data)]


def report_corrections(report: Report) -> list[dict]:
    """The recorded figures the report changes, with both values and the reason given."""
    return [{**change, "label": label_of(report.kind, change["path"])}
            for change in corrected_figures(report.kind, report.recorded, report.data)]


def licenses_to_report(*, user: User) -> QuerySet[License]:
    """The licenses the user may open a report under: bingo, raffle and Monte Carlo Night licenses of the
    organizations where they hold a filing role."""
    if not getattr(user, "is_authenticated", False):
        return License.objects.none()
    return (License.objects.filter(
        organization_id__in=organization_ids_with_roles(user=user, roles=FILING_ROLES),
        license_type__in=list(schema.KIND_OF_LICENSE_TYPE), status__in=list(REPORTABLE_STATUSES))
        .select_related("organization").order_by("organization__name", "number"))


def license_to_report_get(*, user: User, pk) -> License:
    license = licenses_to_report(user=user).filter(pk=pk).first()
    if license is None:
        raise Http404("No such license.")
    return license
