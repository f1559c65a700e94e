"""Scoped reads of planning: the operations a user sees, what a user may plan under, and the planner's
view of an operation. Outside the user's scope a record is a 404, never a 403, so its existence is not
disclosed; inside it, a reader without a planning role gets 403 on a write."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _

from bingo.models import MultiHallAgreement, Operation
from bingo.planning.checks import licensed_premises_ids
from bingo.selectors import CALLER_ROLES, PLANNER_ROLES, organization_ids
from licensing.home.events import UpcomingEvent
from licensing.models import License, Organization, Premises
from licensing.models.choices import LicenseStatus, LicenseType
from licensing.selectors import has_role


def operation_list(*, user) -> QuerySet[Operation]:
    if not getattr(user, "is_authenticated", False):
        return Operation.objects.none()
    queryset = Operation.objects.select_related("license__organization", "premises")
    if user.is_board:
        return queryset
    return queryset.filter(license__organization_id__in=organization_ids(user=user))


def agreement_list(*, user) -> QuerySet[MultiHallAgreement]:
    """The multi-hall service agreements of the user's organizations (the Board: all) (30 DCMR 1401.8)."""
    if not getattr(user, "is_authenticated", False):
        return MultiHallAgreement.objects.none()
    if user.is_board:
        return MultiHallAgreement.objects.all()
    return MultiHallAgreement.objects.filter(organization_id__in=organization_ids(user=user))


def operation_get(*, user, pk: int) -> Operation:
    return get_object_or_404(operation_list(user=user), pk=pk)


def can_plan(*, user, operation: Operation) -> bool:
    return has_role(user=user, organization_id=operation.license.organization_id, roles=PLANNER_ROLES)


def operation_get_for_planning(*, user, pk: int) -> Operation:
    """404 outside the user's scope, 403 for a reader who may not plan."""
    operation = operation_get(user=user, pk=pk)
    if not can_plan(user=user, operation=operation):
        raise PermissionDenied(_("Only the organization's officers and members in charge may plan its operations."))
    return operation


def plannable_licenses(*, user) -> QuerySet[License]:
    """Active bingo licenses of the organizations where the user holds a planning role."""
    if not getattr(user, "is_authenticated", False):
        return License.objects.none()
    return License.objects.filter(
        license_type=LicenseType.BINGO, status=LicenseStatus.ACTIVE,
        organization_id__in=organization_ids(user=user, roles=PLANNER_ROLES),
    ).select_related("organization", "premises").order_by("number")


def plannable_premises(*, licenses) -> QuerySet[Premises]:
    ids: set[int] = set()
    for license in licenses:
        ids |= licensed_premises_ids(license)
    return Premises.objects.filter(pk__in=ids)


def pattern_organizations(*, user) -> QuerySet[Organization]:
    """Organizations for which the user may draw a custom pattern (planners and callers)."""
    if not getattr(user, "is_authenticated", False):
        return Organization.objects.none()
    return Organization.objects.filter(pk__in=organization_ids(user=user, roles=PLANNER_ROLES | CALLER_ROLES))


def upcoming_operations(*, user, organization, today, limit: int) -> list[UpcomingEvent]:
    """The organization's bingo operations from today on, for its home page (licensing.home.events)."""
    # Only what the line shows (the license's number, the premises' name): the home is the most opened page.
    operations = operation_list(user=user).filter(license__organization=organization, date__gte=today,
                                                  is_training=False).select_related(None).select_related(
        "license", "premises").order_by("date", "starts_at")[:limit]
    return [UpcomingEvent(date=operation.date, starts_at=operation.starts_at, kind=_("Bingo operation"),
                          title=_("Bingo under license %(number)s") % {"number": operation.license.number},
                          place=operation.premises.name if operation.premises_id else "",
                          url=reverse("bingo:operation_detail", args=[operation.pk])) for operation in operations]
