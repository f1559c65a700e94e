"""Who may change which Board account: pure decisions, no writes.

A Board administrator manages Board staff and board members and can grant nothing more: it never
touches its own account, a superuser's or another administrator's, and it can only ever give the
staff or member role. Making someone an administrator, or a superuser, is a superuser's act."""

from django.utils.translation import gettext_lazy as _

from licensing.models import BoardGroup, User

# The roles a Board administrator may give when inviting someone.
INVITABLE_ROLES = (BoardGroup.STAFF, BoardGroup.MEMBER)
BOARD_ROLES = (BoardGroup.STAFF, BoardGroup.MEMBER, BoardGroup.ADMIN)


def may_manage_board_accounts(user) -> bool:
    return bool(getattr(user, "is_authenticated", False)) and user.is_board_admin


def is_board_account(user: User) -> bool:
    return any(user.in_board_group(role) for role in BOARD_ROLES)


def board_account_refusal(*, actor: User, account: User) -> str | None:
    """Why `actor` may not deactivate, reactivate or re-invite `account`; None when it may."""
    if not may_manage_board_accounts(actor):
        return _("Only a Board administrator manages Board accounts.")
    if account.pk == actor.pk:
        return _("You cannot change your own account; ask a superuser.")
    if account.is_superuser:
        return _("Only a superuser changes a superuser's account.")
    if account.in_board_group(BoardGroup.ADMIN):
        return _("Only a superuser changes another Board administrator's account.")
    if not is_board_account(account):
        return _("Only Board staff and board members' accounts are managed here.")
    return None
