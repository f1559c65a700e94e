"""Reads of the Board's accounts (staff, members, administrators), for the Board administrator. Anyone else
is refused them; an account outside the Board answers 404, as if it did not exist."""

from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch, QuerySet
from django.shortcuts import get_object_or_404

from licensing.accounts.rules import BOARD_ROLES, may_manage_board_accounts
from licensing.models import BoardGroup, User

_BOARD_GROUP_NAMES = [role.value for role in BOARD_ROLES]


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
