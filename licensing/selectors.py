"""The licensing app's scope and roles, shared by every feature and by the other apps: a person's active
memberships in organizations, the scope every organization read starts from. (bingo/selectors.py and
montecarlo/selectors.py name their apps' roles on top of these.)"""

from django.db.models import QuerySet

from licensing.models import Membership, Organization, User


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


def user_memberships(*, user: User) -> QuerySet[Membership]:
    """The roles a person holds, in the organizations where they hold them."""
    if not user.is_authenticated:
        return Membership.objects.none()
    return _active_memberships(user).select_related("organization").order_by("organization__name", "role")


def roles_in(*, user: User, organization: Organization) -> set[str]:
    if not user.is_authenticated:
        return set()
    return set(_active_memberships(user).filter(organization=organization).values_list("role", flat=True))
