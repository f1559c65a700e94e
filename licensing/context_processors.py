"""What the navigation needs to show the right links for the person signed in."""

from django.utils.functional import SimpleLazyObject

from licensing.accounts.mfa import SETUP, second_factor_missing
from licensing.models import Membership, Role
from licensing.models.organizations import FILING_ROLES
from licensing.notifications.selectors import notification_unread_count
from licensing.register.selectors import may_approve

# Who works the live games: the filing roles plan them, callers and checkers run bingo,
# directors and dealers run Hold'em tournaments.
_BINGO_ROLES = {Role.OFFICER, Role.MEMBER_IN_CHARGE, Role.ALTERNATE, Role.GROSS_RECEIPTS, Role.CALLER, Role.CHECKER}
_TOURNAMENT_ROLES = {Role.OFFICER, Role.TOURNAMENT_DIRECTOR, Role.DEALER}


def portal_roles(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"nav_roles": set()}
    roles = set(
        Membership.objects.filter(user=user, is_active=True).values_list("role", flat=True).distinct()
    )
    # The Board's roles act only behind two-factor authentication (licensing.accounts.mfa): until then the menus show
    # none of the Board's pages, only the way to set it up.
    if user.is_board_staff:
        roles.add("board_staff")
    if user.is_board_member:
        roles.add("board_member")
    if user.is_board_admin:
        roles.add("board_admin")
    if Role.VENDOR_REPRESENTATIVE in roles:
        roles.add("vendor")
    board = user.is_board
    return {"nav_roles": roles, "nav_bingo": board or bool(roles & _BINGO_ROLES),
            "nav_tournaments": board or bool(roles & _TOURNAMENT_ROLES),
            "nav_reports": board or bool(roles & FILING_ROLES),
            "nav_admin": user.is_staff and user.second_factor_verified,
            "nav_rules": may_approve(user),  # Rules and fees: whoever may propose or approve a change
            "nav_mfa_setup_due": second_factor_missing(user) == SETUP}


def notifications_unread(request):
    """The bell's unread count: one COUNT query for a signed-in person, none for anyone else. Lazy, so a page
    that does not show the header (a PDF, a fragment) runs no query at all."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"notifications_unread": SimpleLazyObject(lambda: notification_unread_count(user=user))}
