"""The database unreachable, or its connection lost in the middle of a request: 503 with Retry-After, the portal's
standalone page or the API's error shape, logged once; and the kept connection is dropped, not reused, so the next
request works without restarting anything (core.database_failures, core/middleware/database_unavailable.py).

Real failures only: the connection pointed at a port nobody listens on, a backend ended by pg_terminate_backend."""

import logging

import psycopg
import pytest
from django.db import IntegrityError, OperationalError, connection

from core.database_failures import SLOW, UNAVAILABLE, database_failure
from tests.conftest import free_port
from tests.licensing.factories import MembershipFactory
from tests.scale_out.database import (  # noqa: F401 (postgresql_only, production: fixtures)
    API,
    PAGE,
    backend_pid,
    conninfo,
    other_connection,
    table_locked,
    terminated_once_waiting,
    wsgi_get,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("postgresql_only")]


@pytest.fixture
def database_down():
    """The connection's address changed to a loopback port nobody listens on: every connection is refused."""
    connection.close()
    port = connection.settings_dict["PORT"]
    connection.settings_dict["PORT"] = str(free_port())
    yield
    connection.close()
    connection.settings_dict["PORT"] = port


@pytest.fixture
def persistent_connections():
    """CONN_MAX_AGE as in production: the connection outlives the request."""
    connection.close()
    kept = connection.settings_dict["CONN_MAX_AGE"]
    connection.settings_dict["CONN_MAX_AGE"] = 600
    yield
    connection.settings_dict["CONN_MAX_AGE"] = kept
    connection.close()


def _failure_records(caplog) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.levelno >= logging.WARNING
            and record.name in {"core.database_failures", "django.request"}]


# --- Which errors are the database failing to answer ---

def test_a_refused_connection_is_unavailable_a_cancelled_statement_slow_and_a_bug_is_neither():
    with pytest.raises(psycopg.OperationalError) as refused:
        psycopg.connect(f"host=127.0.0.1 port={free_port()} dbname=x connect_timeout=2")
    assert database_failure(refused.value) == UNAVAILABLE
    with other_connection() as other, pytest.raises(psycopg.errors.QueryCanceled) as cancelled:
        other.execute("SET statement_timeout = 50")
        other.execute("SELECT pg_sleep(2)")
    assert database_failure(cancelled.value) == SLOW
    with other_connection() as other, pytest.raises(psycopg.errors.UndefinedTable) as undefined:
        other.execute("SELECT * FROM no_such_table")
    assert database_failure(undefined.value) is None
    assert database_failure(IntegrityError("duplicate key")) is None
    assert database_failure(OperationalError("database is locked")) is None  # SQLite's: a bug, not an outage
    assert database_failure(RuntimeError("a bug")) is None


# --- The database unreachable ---

@pytest.mark.parametrize("language", ["en", "es"])
def test_a_page_answers_503_with_the_portals_standalone_page(client, production, database_down, caplog, language):
    response = client.get(PAGE, HTTP_ACCEPT_LANGUAGE=language)
    page = response.content.decode()
    assert response.status_code == 503 and response["Retry-After"] == "30"
    assert response["Content-Type"].startswith("text/html")
    assert "no-store" in response["Cache-Control"]
    assert f'<html lang="{language}">' in page and 'class="site-header"' in page
    if language == "en":
        assert '<h1 id="error-title">The database is unavailable</h1>' in page
        assert "Nothing was changed; try again in a minute." in page
    assert "Traceback" not in page and "OperationalError" not in page
    [record] = _failure_records(caplog)
    assert record.levelno == logging.ERROR and "database_unavailable: GET /public/licenses/" in record.getMessage()
    assert "OperationalError" in record.getMessage()  # the cause, for the operator


def test_the_api_answers_503_in_its_error_shape(client, production, database_down):
    response = client.get(API)
    assert response.status_code == 503 and response["Retry-After"] == "30"
    [error] = response.json()["errors"]
    assert error["code"] == "database_unavailable" and error["field"] is None
    assert "database cannot be reached" in error["message"]


def test_healthz_says_which_dependency_failed(client, production, database_down):
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["database"]["ok"] is False


@pytest.mark.parametrize("debug", [False, True])
def test_a_signed_in_page_whose_session_cannot_be_read_answers_503(client, settings, caplog, debug):
    """The session is read by a middleware (the second-factor check), before any view: Django's 500 handler answers
    it in production, and under DEBUG its debug page is replaced on the way out (never the technical page)."""
    settings.DEBUG = debug
    client.force_login(MembershipFactory().user)
    client.raise_request_exception = False  # the test client would re-raise what Django reported
    connection.close()
    port, connection.settings_dict["PORT"] = connection.settings_dict["PORT"], str(free_port())
    try:
        response = client.get("/portal/")
    finally:
        connection.close()
        connection.settings_dict["PORT"] = port
    page = response.content.decode()
    assert response.status_code == 503, page[:300]
    assert "The database is unavailable" in page and "Traceback" not in page and "technical_500" not in page
    if not debug:  # Django logs the exception once, as the 503 it answered; under DEBUG it logs its own 500 first
        [record] = _failure_records(caplog)
        assert record.name == "django.request" and record.getMessage() == "Service Unavailable: /portal/"
        assert record.exc_info is not None


# --- A connection lost in the middle of a request: dropped, not reused ---

def test_a_connection_ended_mid_request_answers_503_is_dropped_and_the_next_request_reconnects(
        production, persistent_connections):
    status, _, _ = wsgi_get(PAGE)
    first = backend_pid()
    assert status == 200 and first is not None  # kept after the request (CONN_MAX_AGE)

    with table_locked(), terminated_once_waiting(first) as ended:
        status, headers, page = wsgi_get(PAGE)
    assert ended == [True]
    assert status == 503 and headers["Retry-After"] == "30" and "The database is unavailable" in page
    assert connection.connection is None  # request_finished found it unusable and closed it

    status, _, _ = wsgi_get(PAGE)
    assert status == 200 and backend_pid() not in {None, first}


def test_a_kept_connection_ended_between_requests_is_replaced_by_the_health_check(production,
                                                                                  persistent_connections):
    """CONN_HEALTH_CHECKS: a kept connection is pinged before the request's first query, so a database restarted
    between two requests costs no error at all."""
    assert wsgi_get(PAGE)[0] == 200
    first = backend_pid()
    with other_connection() as other:
        assert other.execute("SELECT pg_terminate_backend(%s)", [first]).fetchone()[0] is True
    assert wsgi_get(PAGE)[0] == 200
    assert backend_pid() not in {None, first}


def test_the_other_connection_helper_reaches_the_test_database():
    """The helpers above lock and end backends of this very database (not another one of the same server)."""
    with other_connection() as other:
        assert other.execute("SELECT current_database()").fetchone()[0] == connection.settings_dict["NAME"]
    assert "dbname=" in conninfo()
