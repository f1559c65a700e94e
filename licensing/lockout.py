"""What a locked-out person sees: the portal's page, or the API's JSON error shape."""

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

LOCKED_STATUS = 429


def lockout_response(request, original_response=None, credentials=None):
    minutes = int(settings.AXES_COOLOFF_TIME * 60)
    message = _(
        "Too many failed sign-in attempts: sign-in for this account from this address is locked for "
        "%(minutes)d minutes."
    ) % {"minutes": minutes}
    if request.path.startswith("/api/"):
        error = {"field": None, "code": "locked_out", "message": message, "rule": None}
        return JsonResponse({"errors": [error]}, status=LOCKED_STATUS)
    return render(request, settings.AXES_LOCKOUT_TEMPLATE, {"minutes": minutes}, status=LOCKED_STATUS)
