"""A database that is down, lost mid-request or too slow answers 503 with Retry-After (core.database_failures),
never a 500.

Where the failure happens decides who answers it:
- in a view (DRF's views re-raise what their handler does not know), or rendering its page: process_exception here;
- in another middleware (the session read by the sign-in checks, the session saved afterwards): Django turns it
  into the 500 handler's answer, and core.api.errors.server_error gives the 503 instead;
- under DEBUG (`make run`) Django answers that second case with its debug page before any handler runs: the
  got_request_exception signal remembers the failure and __call__ replaces that page on its way out.
Placed first after the request id, so every middleware that reads the database is inside it.

Each request's writes are watched (core.database_failures.SavedWrites), so the page says truthfully whether
anything was saved before the database failed."""

import sys

from django.core.signals import got_request_exception
from django.db import connection

from core.database_failures import SavedWrites, database_failure, database_failure_response

_FAILURE = "_database_failure"


def _remember_database_failure(sender, request=None, **kwargs):
    exception = sys.exc_info()[1]
    if request is not None and database_failure(exception):
        setattr(request, _FAILURE, exception)


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        got_request_exception.connect(_remember_database_failure, dispatch_uid="core.database_unavailable")

    def __call__(self, request):
        request.database_writes = writes = SavedWrites()
        with connection.execute_wrapper(writes):
            response = self.get_response(request)
        exception = getattr(request, _FAILURE, None)
        if exception is not None and response.status_code == 500:  # Django's debug page (DEBUG on)
            return database_failure_response(request, exception, database_failure(exception))
        return response

    def process_exception(self, request, exception):
        kind = database_failure(exception)
        if kind is None:
            return None
        return database_failure_response(request, exception, kind)
