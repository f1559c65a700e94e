"""A tournament whose stored events do not replay answers a clear error, not a 500.

The director's, dealer's, clock and results pages and the tournament API all rebuild the state
from the event log (state.load_engine). When that fails there is nothing true to show:
the page says which event is refused, the API answers 409 in its JSON error shape, and the
failure is logged at ERROR by load_engine. Middleware, so every such view is covered at once,
including DRF views (DRF re-raises what its exception handler does not know)."""

from core.middleware.exception_answers import ExceptionAnswerMiddleware
from montecarlo.tournaments.state import TournamentStateError


class TournamentStateErrorMiddleware(ExceptionAnswerMiddleware):
    exception = TournamentStateError
    status = 409  # the request is fine; the tournament's stored state is what conflicts
    code = "tournament_state_invalid"
    template = "montecarlo/tournaments/state_error.html"

    def context(self, exception) -> dict:
        return {"message": exception.message, "tournament_id": exception.tournament_id}
