"""A tournament whose stored events do not replay answers a clear error, not a 500.

The director's, dealer's, clock and results pages and the tournament API all rebuild the state
from the event log (state.load_engine). When that fails there is nothing true to show:
the page says which event is refused, the API answers 409 in its JSON error shape, and the
failure is logged at ERROR by load_engine. Middleware, so every such view is covered at once,
including DRF views (DRF re-raises what its exception handler does not know)."""

from django.shortcuts import render

from config.api.errors import api_error_response, is_api_request
from montecarlo.tournaments.state import TournamentStateError

STATUS = 409  # the request is fine; the tournament's stored state is what conflicts
CODE = "tournament_state_invalid"


class TournamentStateErrorMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, TournamentStateError):
            return None
        if is_api_request(request):
            return api_error_response(status_code=STATUS, code=CODE, message=exception.message)
        return render(request, "montecarlo/tournaments/state_error.html",
                      {"message": exception.message, "tournament_id": exception.tournament_id}, status=STATUS)
