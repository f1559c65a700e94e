"""At the hall (DJANGO_ENV=hall) the server serves the event and nothing else: the bingo and Monte Carlo pages and
API (the console, flashboards, card sales, claims, dealer screens, chip ledger, leaderboard, the drawing), a raffle
drawing's pages and API (the close of sales, the witness value, the draw, the published drawing), the payout
desk (its winners' prizes), signing in and out (and the API's token, for the hall's tablets), the language switch
and the health check. Everything else
(applications, reports, the Board's pages) is a 404 there: those records live at the Board, and the hall holds no
copy of them. The home page and the page a person lands on after signing in lead to the event's own page. On the
Board's server this does nothing."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpResponseRedirect
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _

from core.api.errors import page_not_found
from licensing.hall.device import hall_device
from licensing.hall.kinds import kit_kind

# The payout desk's pages and API are the event's too (its winners are paid in the hall); not its year_end (the
# year's forms read identities, which the hall seals for the Board and cannot open: printed at the Board).
EVENT_APPS = ("bingo.", "montecarlo.", "licensing.reports.drawings.views", "licensing.reports.drawings.api",
              "licensing.payouts.views", "licensing.payouts.api")
ALWAYS = {"login", "logout", "account_login", "account_logout", "set_language", "healthz", "token-create"}
TO_THE_EVENT = {"home", "portal:dashboard"}


class HallOnlyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not settings.HALL:
            return self.get_response(request)
        try:
            match = resolve(request.path_info, getattr(request, "urlconf", None))
        except Resolver404:
            return self.get_response(request)  # the usual 404, or APPEND_SLASH's redirect
        if match.view_name in ALWAYS or match.func.__module__.startswith(EVENT_APPS):
            return self.get_response(request)
        device = hall_device()
        if match.view_name in TO_THE_EVENT and device is not None:
            event = device.kit["event"]
            return HttpResponseRedirect(kit_kind(event["kind"]).page(event["id"]))
        return page_not_found(request, Http404(_("This page is not part of the event: at the hall, only the event's "
                                                 "own pages are served.")))
