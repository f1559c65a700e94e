"""The Board's API permissions, and the error answers of the Board's operations (on the shared error
schema of core.api.error_response)."""

from rest_framework import exceptions, permissions

from core.api import error_response
from licensing.accounts.mfa import MFA_REQUIRED_MESSAGE, mfa_missing


def _mfa_checked(user) -> bool:
    """The Board's endpoints answer a Board user without two-factor authentication 403, saying so."""
    if mfa_missing(user):
        raise exceptions.PermissionDenied(MFA_REQUIRED_MESSAGE, code="mfa_required")
    return True


class IsBoard(permissions.BasePermission):
    """Board staff and board members (the review, premises corrections): each write checks its own role in the
    service."""

    def has_permission(self, request, view) -> bool:
        return bool(request.user and request.user.is_authenticated and request.user.is_board
                    and _mfa_checked(request.user))


class IsBoardStaff(permissions.BasePermission):
    """Board staff only (enforcement: suspend, revoke, fine)."""

    def has_permission(self, request, view) -> bool:
        return bool(request.user and request.user.is_authenticated and request.user.is_board_staff
                    and _mfa_checked(request.user))


BOARD_ERRORS = {
    400: error_response("Bad input or a broken rule (the rule is cited)."),
    403: error_response("Not the Board, or not the role this action needs, or a Board account without "
                        "two-factor authentication."),
}
