"""Wrong second-factor codes count with wrong passwords: one lockout (licensing.accounts.lockout.policy).

A wrong authenticator code, recovery code or security-key answer is a failed sign-in of that account, counted by
django-axes like a wrong password (Django's `user_login_failed`, which also writes the audit trail): at
AXES_FAILURE_LIMIT failures of either kind the account is locked from every address, the second step included, so
a stolen password buys at most that many guesses of a six-digit code per cool-off. A locked account's second step
refuses even the right code. The portal's second step (licensing.accounts.forms) and the API token endpoint's `otp`
(licensing.accounts.serializers) both go through here."""

from __future__ import annotations

from allauth.mfa.models import Authenticator
from axes.handlers.proxy import AxesProxyHandler
from django.contrib.auth.signals import user_login_failed
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from licensing.accounts.lockout.policy import ACCOUNT
from licensing.accounts.lockout.responses import lockout_message, lockout_minutes

CODE_FACTORS = (Authenticator.Type.TOTP, Authenticator.Type.RECOVERY_CODES)  # what a typed code can be


def _credentials(user) -> dict:
    return {"username": user.email}


def second_step_locked(request, user) -> bool:
    return AxesProxyHandler.is_locked(request, _credentials(user))


def second_step_refuse_if_locked(request, user) -> None:
    if second_step_locked(request, user):
        raise ValidationError(lockout_message(ACCOUNT, lockout_minutes()), code="locked_out")


def second_step_failed(request, user, *, factor: str) -> None:
    """Count a wrong code (or security-key answer) as a failed sign-in of the account."""
    user_login_failed.send(sender=__name__, credentials={**_credentials(user), "second_step": factor}, request=request)


def code_authenticator(user, code: str) -> Authenticator | None:
    """The authenticator app or recovery code that `code` is valid for (a recovery code is used up), as allauth's
    own second step checks it; None when it is valid for none."""
    code = (code or "").strip()
    if not code:
        return None
    for authenticator in Authenticator.objects.filter(user=user, type__in=CODE_FACTORS).order_by("type"):
        if authenticator.wrap().validate_code(code):
            authenticator.record_usage()
            return authenticator
    return None


def second_step_code_check(request, user, code: str) -> Authenticator:
    """The second step of a sign-in outside allauth's pages (the API token): refused while the account is locked; a
    wrong code is counted and refused."""
    second_step_refuse_if_locked(request, user)
    authenticator = code_authenticator(user, code)
    if authenticator is None:
        second_step_failed(request, user, factor="code")
        raise ValidationError(_("That code is not right: give the current code of your authenticator app or one of "
                                "your recovery codes. Wrong codes count with wrong passwords towards the sign-in "
                                "lock."), code="incorrect_code")
    return authenticator
