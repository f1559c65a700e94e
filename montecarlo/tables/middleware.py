"""A table whose stored log does not replay answers a clear error, not a 500: the dealer's screen and the night's
pages say which event is refused, the API answers 409 in its JSON error shape (as a tournament's does,
montecarlo.tournaments.middleware), and load_engine has logged the failure at ERROR."""

from django.shortcuts import render

from config.api.errors import api_error_response, is_api_request
from montecarlo.tables.state import TableStateError

STATUS = 409  # the request is fine; the table's stored log is what conflicts
CODE = "table_state_invalid"


class TableStateErrorMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, TableStateError):
            return None
        if is_api_request(request):
            return api_error_response(status_code=STATUS, code=CODE, message=exception.message)
        return render(request, "montecarlo/tables/state_error.html",
                      {"message": exception.message, "table_id": exception.table_id}, status=STATUS)
