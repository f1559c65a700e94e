"""A table whose stored log does not replay answers a clear error, not a 500: the dealer's screen and the night's
pages say which event is refused, the API answers 409 in its JSON error shape (as a tournament's does,
montecarlo.tournaments.middleware), and load_engine has logged the failure at ERROR."""

from core.middleware.exception_answers import ExceptionAnswerMiddleware
from montecarlo.tables.state import TableStateError


class TableStateErrorMiddleware(ExceptionAnswerMiddleware):
    exception = TableStateError
    status = 409  # the request is fine; the table's stored log is what conflicts
    code = "table_state_invalid"
    template = "montecarlo/tables/state_error.html"

    def context(self, exception) -> dict:
        return {"message": exception.message, "table_id": exception.table_id}
