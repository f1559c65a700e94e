"""Two-factor authentication is required of everyone who works for the Board: Board staff, board members,
Board administrators, admin staff and superusers (the Board's security policy, not a rule of 30 DCMR).

Where it holds: in the role scope itself. `User.is_board_staff`, `is_board_member`, `is_board_admin`,
`is_board`, `acts_as_superuser` and `has_perm` are true only when the account has a second factor and the sign-in
it acts through passed it (`User.second_factor_verified`): a portal session whose sign-in had its second step, or
an API token issued after one (licensing.accounts.second_factor marks every request's user with what its session
or token says). Every selector, service and permission starts from those, so a new page or endpoint cannot forget it.

Around it, so people are told what to do rather than shown an empty page:
- the portal: SecondFactorRequiredMiddleware sends a Board account without a second factor to the setup pages, and
  one whose session did not pass it (opened before this rule, or by a password alone) to sign in again;
- the API: licensing.accounts.permissions answers 403 saying which of the two it is;
- the services that decide (licensing.review.services.vote_cast) refuse with the same words.
A second factor is an authenticator app (TOTP) or a security key / passkey (WebAuthn); recovery codes only stand in
for one when it is lost."""

from urllib.parse import urlencode

from allauth.mfa.totp.internal.auth import format_hotp_value, hotp_value, yield_hotp_counters_from_time
from django.contrib import messages
from django.contrib.auth import logout
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

SETUP, SIGN_IN = "setup", "sign_in"
MFA_REQUIRED_MESSAGE = _("Everyone who works for the Board must set up two-factor authentication (an authenticator "
                         "app or a security key) before working on the Board's pages: the Board's security policy.")
MFA_SIGN_IN_MESSAGE = _("This sign-in did not pass your second factor: sign in again with your password and your "
                        "authenticator app or security key (the Board's security policy).")
MFA_TOKEN_MESSAGE = _("This API token was not issued after your second factor: ask /api/v1/auth/token/ for a new one "
                      "with your email, password and `otp` (the code of your authenticator app or a recovery code); "
                      "the Board's security policy.")
# What an account still to pass its second factor can reach: the account pages (where it signs in and sets one
# up), the public pages, static files and the API (whose Board endpoints refuse with the messages above).
OPEN_PREFIXES = ("/accounts/", "/static/", "/media/", "/i18n/", "/public/", "/api/", "/healthz")


def second_factor_missing(user) -> str | None:
    """SETUP when an account that needs a second factor has none, SIGN_IN when it has one but the sign-in it acts
    through did not pass it, None when nothing is missing (or the account needs none)."""
    if not getattr(user, "is_authenticated", False) or not user.needs_second_factor:
        return None
    if not user.has_second_factor:
        return SETUP
    return None if user.second_factor_verified else SIGN_IN


def mfa_missing(user) -> bool:
    return second_factor_missing(user) is not None


def mfa_refusal(user, *, api: bool = False) -> str | None:
    """What to tell an account that may not work as the Board yet, or None."""
    missing = second_factor_missing(user)
    if missing == SETUP:
        return MFA_REQUIRED_MESSAGE
    if missing == SIGN_IN:
        return MFA_TOKEN_MESSAGE if api else MFA_SIGN_IN_MESSAGE
    return None


def mfa_require(user) -> None:
    message = mfa_refusal(user)
    if message:
        raise PermissionDenied(message)


class SecondFactorRequiredMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        path = request.path_info
        missing = None if path == "/" or path.startswith(OPEN_PREFIXES) else second_factor_missing(request.user)
        if missing == SETUP:
            messages.warning(request, MFA_REQUIRED_MESSAGE)
            return redirect("mfa_index")
        if missing == SIGN_IN:
            logout(request)
            messages.warning(request, MFA_SIGN_IN_MESSAGE)
            return redirect(f"{reverse('account_login')}?{urlencode({'next': request.get_full_path()})}")
        return self.get_response(request)


def totp_code_now(secret: str) -> str:
    """An authenticator app's code of the moment for `secret` (allauth's own arithmetic): for the demo's
    `manage.py demo_totp` and the tests; people read theirs from their app."""
    counters = list(yield_hotp_counters_from_time())
    return format_hotp_value(hotp_value(secret, counters[len(counters) // 2]))
