"""A database that cannot answer a request: unreachable, lost mid-request, or too slow (its statement timeout).

None of these is a bug of the page, and none of them may answer a 500 with a traceback: the reader gets 503
Service Unavailable with Retry-After, and a page that says which of the two happened and whether anything was saved
(or, under /api/, the API's error shape). The page is rendered without the request's context processors (they read
the user, the notifications: the database again), so it stands alone like 500.html.

Only PostgreSQL's failures are recognised, by psycopg's SQLSTATE: a connection that failed or was lost (no state,
class 08), the server shutting down (57P01-57P03), or a statement cancelled (57014: `statement_timeout`, or an
operator's pg_cancel_backend). SQLite's errors (`make run`) and every other database error stay bugs: a 500.

Persistent connections recover by themselves: a failure marks the connection (errors_occurred), and at the end of
the request Django's close_if_unusable_or_obsolete pings it and drops it when it is dead; the next request of that
thread connects afresh. core/middleware/database_unavailable.py and core.api.errors.server_error answer with this."""

from __future__ import annotations

import logging

import psycopg
from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.template import loader
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _

from core.api.errors import api_error, is_api_request

logger = logging.getLogger(__name__)

UNAVAILABLE = "unavailable"
SLOW = "slow"
CODES = {UNAVAILABLE: "database_unavailable", SLOW: "database_slow"}
# How long a client should wait: a restart of PostgreSQL takes seconds; a slow spell, a minute.
RETRY_AFTER = {UNAVAILABLE: 30, SLOW: 60}
_QUERY_CANCELED = "57014"
_SERVER_GOING_AWAY = {"57P01", "57P02", "57P03"}  # admin_shutdown, crash_shutdown, cannot_connect_now
SAFE_METHODS = {"GET", "HEAD", "OPTIONS", "TRACE"}


def database_failure(exception: BaseException | None) -> str | None:
    """UNAVAILABLE, SLOW, or None when `exception` is not a database failing to answer."""
    if isinstance(exception, (OperationalError, InterfaceError)):
        exception = exception.__cause__
    if not isinstance(exception, (psycopg.OperationalError, psycopg.InterfaceError)):
        return None
    state = exception.sqlstate
    if state == _QUERY_CANCELED:
        return SLOW
    if state is None or state.startswith("08") or state in _SERVER_GOING_AWAY:
        return UNAVAILABLE
    return None


class SavedWrites:
    """Whether a request's writes reached the database for good (an execute wrapper around the request): a write
    outside a transaction is committed at once; one inside a transaction only when that transaction commits (its
    on_commit runs), never when it is rolled back."""

    def __init__(self):
        self.saved = False

    def _mark(self) -> None:
        self.saved = True

    def __call__(self, execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if sql.lstrip()[:6].upper() in {"INSERT", "UPDATE", "DELETE"}:
            connection = context["connection"]
            if connection.get_autocommit():
                self.saved = True
            elif connection.in_atomic_block:
                connection.on_commit(self._mark)
            # else a transaction managed by hand (set_autocommit(False)), which no code of ours opens: not known
        return result


def _title(kind: str) -> str:
    return _("The database is slow right now") if kind == SLOW else _("The database is unavailable")


def _lead(kind: str) -> str:
    if kind == SLOW:
        return _("This page took too long to prepare: the database is slow right now.")
    return _("The Board's database cannot be reached right now, so this page cannot be shown.")


def _outcome(request, writes: SavedWrites | None) -> str:
    if writes is not None and writes.saved:
        return _("Part of what you sent was saved before the database stopped answering: look at the record "
                 "before you send it again.")
    if request.method in SAFE_METHODS:
        return _("Nothing was changed; try again in a minute.")
    return _("Nothing was saved: what this page was saving was rolled back. Try again in a minute.")


def database_failure_response(request, exception: BaseException, kind: str, *, log: bool = True):
    """The 503 for a database failure of `kind`: the API's error shape under /api/, the standalone page elsewhere.
    `log`: say it once here (False where Django's own request log already carries the exception)."""
    writes = getattr(request, "database_writes", None)
    message = f"{_lead(kind)} {_outcome(request, writes)}"
    cause = exception.__cause__ or exception
    if is_api_request(request):
        response = JsonResponse({"errors": [api_error(code=CODES[kind], message=message)]}, status=503)
    else:
        body = loader.render_to_string("503.html", {
            "title": _title(kind), "lead": _lead(kind), "outcome": _outcome(request, writes)})
        response = HttpResponse(body, status=503)
    response["Retry-After"] = str(RETRY_AFTER[kind])
    add_never_cache_headers(response)
    if log:
        (logger.warning if kind == SLOW else logger.error)(
            "%s: %s %s answered 503 (%s: %s)", CODES[kind], request.method, request.path, type(cause).__name__,
            next(iter(str(cause).strip().splitlines()), ""))
        response._has_been_logged = True  # django.request would log the 503 again, without its cause
    return response
