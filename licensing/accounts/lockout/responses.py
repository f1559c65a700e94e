"""What a locked-out person sees: the portal's page, or the API's JSON error shape. The message says
which lock it is (the account, from every address; or this address, for every account) and what to do."""

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from licensing.accounts.lockout.policy import ACCOUNT, ADDRESS, AccountAndAddressHandler

LOCKED_STATUS = 429


def lockout_minutes() -> int:
    return int(settings.AXES_COOLOFF_TIME * 60)


def lockout_message(reason: str, minutes: int) -> str:
    if reason == ADDRESS:
        return _(
            "Too many failed sign-in attempts from your network address, for several accounts: sign-in from "
            "this address is locked for %(minutes)d minutes. Try again after that, or ask the Board's staff "
            "to unlock the address."
        ) % {"minutes": minutes}
    return _(
        "Too many failed sign-in attempts for this account: it is locked for %(minutes)d minutes, from "
        "every address. To sign in sooner, reset your password with the link we email you (a completed "
        "reset unlocks the account), or ask the Board's staff to unlock it."
    ) % {"minutes": minutes}


def lockout_response(request, original_response=None, credentials=None):
    reason = AccountAndAddressHandler().locked_by(request, credentials) or ACCOUNT
    minutes = lockout_minutes()
    message = lockout_message(reason, minutes)
    if request.path.startswith("/api/"):
        error = {"field": None, "code": "locked_out", "message": message, "rule": None}
        # Every 429 of the API says when to try again (core/api/schema.py documents it): the cool-off, at most.
        return JsonResponse({"errors": [error]}, status=LOCKED_STATUS, headers={"Retry-After": str(minutes * 60)})
    return render(request, settings.AXES_LOCKOUT_TEMPLATE, {"message": message, "reason": reason,
                                                            "minutes": minutes}, status=LOCKED_STATUS)
