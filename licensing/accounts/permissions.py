"""The Board's API permissions, and the error answers of the Board's operations (on the shared error
schema of core.api.answers.error_response)."""

from rest_framework import exceptions, permissions

from core.api.answers import error_response
from licensing.accounts.mfa import mfa_refusal


def _mfa_checked(user) -> bool:
    """The Board's endpoints tell a Board account that has not passed two-factor authentication why they refuse it
    (its roles, licensing.models.User.is_board*, already act only behind one)."""
    message = mfa_refusal(user, api=True)
    if message:
        raise exceptions.PermissionDenied(message, code="mfa_required")
    return True


class IsBoard(permissions.BasePermission):
    """Board staff and board members (the review, premises corrections): each write checks its own role in the
    service."""

    def has_permission(self, request, view) -> bool:
        return bool(request.user and request.user.is_authenticated and _mfa_checked(request.user)
                    and request.user.is_board)


class IsBoardStaff(permissions.BasePermission):
    """Board staff only (enforcement: suspend, revoke, fine)."""

    def has_permission(self, request, view) -> bool:
        return bool(request.user and request.user.is_authenticated and _mfa_checked(request.user)
                    and request.user.is_board_staff)


BOARD_ERRORS = {
    400: error_response("Bad input or a broken rule (the rule is cited)."),
    403: error_response("Not the Board, or not the role this action needs, or a Board account without "
                        "two-factor authentication."),
}
