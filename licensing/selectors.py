"""Every read scoped to a user. An organization's user only ever gets querysets of
its own organizations; the Board (staff and members) sees all; anyone else sees none."""

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from licensing.models import AuditEvent, Membership, Organization, User
from licensing.models.organizations import FILING_ROLES


def _active_memberships(user: User) -> QuerySet[Membership]:
    return Membership.objects.filter(user=user, is_active=True, user__is_active=True)


def organization_ids_with_roles(*, user: User, roles) -> QuerySet:
    """Ids of the organizations where the user actively holds one of the roles (for the
    live-game apps, whose people are callers, checkers, directors and dealers)."""
    return _active_memberships(user).filter(role__in=roles).values("organization_id")


def has_role(*, user, organization_id: int, roles) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return _active_memberships(user).filter(organization_id=organization_id, role__in=roles).exists()


def organization_list(*, user: User, filters: dict | None = None) -> QuerySet[Organization]:
    from licensing.filters import OrganizationFilter

    if not user.is_authenticated:
        queryset = Organization.objects.none()
    elif user.is_board:
        queryset = Organization.objects.all()
    else:
        queryset = Organization.objects.filter(
            pk__in=_active_memberships(user).values("organization_id")
        )
    return OrganizationFilter(filters, queryset).qs if filters is not None else queryset


def organization_get(*, user: User, pk: int) -> Organization:
    """404, not 403, for another organization's record: its existence is not disclosed."""
    return get_object_or_404(organization_list(user=user), pk=pk)


def membership_list(*, user: User, organization: Organization | None = None) -> QuerySet[Membership]:
    queryset = Membership.objects.filter(organization__in=organization_list(user=user)).select_related(
        "user", "organization"
    )
    if organization is not None:
        queryset = queryset.filter(organization=organization)
    return queryset.order_by("organization__name", "user__full_name", "role")


def user_memberships(*, user: User) -> QuerySet[Membership]:
    """The roles a person holds, in the organizations where they hold them."""
    if not user.is_authenticated:
        return Membership.objects.none()
    return _active_memberships(user).select_related("organization").order_by("organization__name", "role")


def roles_in(*, user: User, organization: Organization) -> set[str]:
    if not user.is_authenticated:
        return set()
    return set(_active_memberships(user).filter(organization=organization).values_list("role", flat=True))


def audit_event_list(*, user: User, filters: dict | None = None) -> QuerySet[AuditEvent]:
    """The Board sees the whole trail; an organization's filing officers see their organization's."""
    from licensing.filters import AuditEventFilter

    if not user.is_authenticated:
        queryset = AuditEvent.objects.none()
    elif user.is_board:
        queryset = AuditEvent.objects.all()
    else:
        organizations = _active_memberships(user).filter(role__in=FILING_ROLES).values("organization_id")
        queryset = AuditEvent.objects.filter(organization_id__in=organizations)
    queryset = queryset.select_related("actor", "organization")
    return AuditEventFilter(filters, queryset).qs if filters is not None else queryset
