"""Reads of who holds which role: a person's active memberships in organizations (the scope every
organization read starts from), and, for the Board administrator, the Board's accounts (staff, members,
administrators). Anyone else is refused those; an account outside the Board answers 404, as if it did not exist."""

from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch, QuerySet
from django.shortcuts import get_object_or_404

from licensing.accounts.rules import BOARD_ROLES, may_manage_board_accounts
from licensing.models import BoardGroup, Membership, Organization, User

_BOARD_GROUP_NAMES = [role.value for role in BOARD_ROLES]


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


def board_account_list(*, user: User) -> QuerySet[User]:
    if not may_manage_board_accounts(user):
        raise PermissionDenied
    board_ids = User.objects.filter(groups__name__in=_BOARD_GROUP_NAMES).values("pk")
    return (User.objects.filter(pk__in=board_ids)
            .prefetch_related(Prefetch("groups", queryset=Group.objects.filter(name__in=_BOARD_GROUP_NAMES)))
            .order_by("-is_active", "email"))


def board_account_get(*, user: User, pk: int) -> User:
    return get_object_or_404(board_account_list(user=user), pk=pk)


def board_roles(account: User) -> list[BoardGroup]:
    """The account's Board roles, from the prefetched groups; also fills the role cache of
    User.in_board_group, so the rules asked about each row of a list run no query."""
    names = {group.name for group in account.groups.all()}
    account.__dict__["_board_groups"] = names
    return [role for role in BOARD_ROLES if role.value in names]
