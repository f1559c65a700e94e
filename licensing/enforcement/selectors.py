"""Reads for enforcement, scoped like every other read: the Board sees every license's actions,
an organization's filing officers see their own organization's, anyone else sees none."""

from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from licensing.models import EnforcementAction, License, Membership, User
from licensing.models.organizations import FILING_ROLES


def license_for_enforcement_get(*, user: User, pk: int) -> License:
    """The license board staff act on. Anyone else gets 404: the page does not exist for them."""
    if not user.is_authenticated or not user.is_board_staff:
        raise Http404(_("No such license."))
    return get_object_or_404(License.objects.select_related("organization", "premises"), pk=pk)


def enforcement_action_list(*, user: User, license: License | None = None) -> QuerySet[EnforcementAction]:
    if not user.is_authenticated:
        queryset = EnforcementAction.objects.none()
    elif user.is_board:
        queryset = EnforcementAction.objects.all()
    else:
        organizations = Membership.objects.filter(
            user=user, is_active=True, role__in=FILING_ROLES
        ).values("organization_id")
        queryset = EnforcementAction.objects.filter(license__organization_id__in=organizations)
    if license is not None:
        queryset = queryset.filter(license=license)
    return queryset.select_related("license", "issued_by").order_by("-issued_at", "-pk")
