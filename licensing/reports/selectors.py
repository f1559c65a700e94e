"""The one list of event financial reports a person may read, every feature's starting point (filing, the overdue
list, the exports, the Board's figures): the filing people of an organization (its officers, members in charge,
the member responsible for gross receipts) read its own reports, the Board reads every organization's; anyone else
reads none."""

from __future__ import annotations

from django.db.models import QuerySet

from licensing.models import Report, User
from licensing.models.organizations import FILING_ROLES
from licensing.selectors import organization_ids_with_roles


def report_list(*, user: User, organization_id: int | None = None, status: str | None = None,
                kind: str | None = None, year: int | None = None) -> QuerySet[Report]:
    """The reports the user may read, narrowed to an organization, a status, a kind or the event's year if given."""
    if not getattr(user, "is_authenticated", False):
        return Report.objects.none()
    reports = Report.objects.all()
    if not user.is_board:
        reports = reports.filter(organization_id__in=organization_ids_with_roles(user=user, roles=FILING_ROLES))
    if organization_id is not None:
        reports = reports.filter(organization_id=organization_id)
    if status:
        reports = reports.filter(status=status)
    if kind:
        reports = reports.filter(kind=kind)
    if year is not None:
        reports = reports.filter(event_date__year=year)
    return reports.select_related("organization", "license")
