"""Two-factor authentication is required of Board staff and board members: they decide licenses.

One rule, checked in three places that cannot be skipped:
- the portal: BoardMfaRequiredMiddleware sends a Board user without a second factor to the two-factor setup
  pages before any other page (a middleware, so no Board view can forget it);
- the API: config.api.permissions refuses the Board's endpoints with 403 and this message;
- the services that decide (licensing.review.services.vote_cast) refuse as well, whatever called them.
A second factor is an authenticator app (TOTP) or a security key / passkey (WebAuthn); recovery codes only
stand in for one when it is lost. Everyone else may turn two-factor authentication on in the same pages."""

from allauth.mfa.models import Authenticator
from allauth.mfa.totp.internal.auth import format_hotp_value, hotp_value, yield_hotp_counters_from_time
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect
from django.utils.translation import gettext_lazy as _

SECOND_FACTORS = (Authenticator.Type.TOTP, Authenticator.Type.WEBAUTHN)
MFA_REQUIRED_MESSAGE = _("Board staff and board members must set up two-factor authentication (an authenticator "
                         "app or a security key) before working on the Board's pages.")
# What a Board user without a second factor can still reach: the account pages (where it is set up), the
# public pages, static files and the API (whose Board endpoints refuse with the same message).
OPEN_PREFIXES = ("/accounts/", "/static/", "/media/", "/i18n/", "/public/", "/api/", "/healthz")


def has_second_factor(user) -> bool:
    cache = user.__dict__.get("_has_second_factor")
    if cache is None:
        cache = Authenticator.objects.filter(user_id=user.pk, type__in=SECOND_FACTORS).exists()
        user.__dict__["_has_second_factor"] = cache
    return cache


def mfa_missing(user) -> bool:
    """A signed-in Board staff or board member without a second factor."""
    return bool(getattr(user, "is_authenticated", False) and user.is_board and not has_second_factor(user))


def mfa_require(user) -> None:
    if mfa_missing(user):
        raise PermissionDenied(MFA_REQUIRED_MESSAGE)


class BoardMfaRequiredMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        path = request.path_info
        if path != "/" and not path.startswith(OPEN_PREFIXES) and mfa_missing(request.user):
            messages.warning(request, MFA_REQUIRED_MESSAGE)
            return redirect("mfa_index")
        return self.get_response(request)


def totp_code_now(secret: str) -> str:
    """An authenticator app's code of the moment for `secret` (allauth's own arithmetic): for the demo's
    `manage.py demo_totp` and the tests; people read theirs from their app."""
    counters = list(yield_hotp_counters_from_time())
    return format_hotp_value(hotp_value(secret, counters[len(counters) // 2]))
