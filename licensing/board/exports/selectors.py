"""The organizations whose reports a person may export (the download page's choice of organization)."""

from __future__ import annotations

from django.db.models import QuerySet

from licensing.models import Organization, User
from licensing.models.organizations import FILING_ROLES
from licensing.selectors import organization_ids_with_roles


def export_organizations(*, user: User) -> QuerySet[Organization]:
    """The organizations whose reports the user may export (the portal's choice for people filing for some)."""
    if not getattr(user, "is_authenticated", False):
        return Organization.objects.none()
    if user.is_board:
        return Organization.objects.filter(reports__isnull=False).distinct().order_by("name")
    return Organization.objects.filter(
        pk__in=organization_ids_with_roles(user=user, roles=FILING_ROLES)).order_by("name")
