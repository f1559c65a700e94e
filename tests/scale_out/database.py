"""What the database failure tests share: the test database's address, a second connection of their own (to hold a
lock, to end a backend), and a request made the way gunicorn makes it (Django's WSGI handler, whose
request_started and request_finished close or keep the connection; the test client skips both)."""

from __future__ import annotations

import io
import threading
import time
from contextlib import contextmanager

import psycopg
from django.core.handlers.wsgi import WSGIHandler
from django.db import connection

from licensing.models import Organization

# A public page that reads the database (an empty query reads nothing): the organizations, then the licenses.
PAGE = "/public/licenses/?q=bingo"
API = "/api/v1/public/licenses/?q=bingo"
LOCKED_TABLE = Organization._meta.db_table


def conninfo() -> str:
    settings = connection.settings_dict
    return psycopg.conninfo.make_conninfo(
        dbname=settings["NAME"], user=settings["USER"] or None, password=settings["PASSWORD"] or None,
        host=settings["HOST"] or None, port=settings["PORT"] or None)


@contextmanager
def other_connection():
    with psycopg.connect(conninfo(), autocommit=True) as other:
        yield other


@contextmanager
def table_locked(table: str = LOCKED_TABLE):
    """Another session holds an ACCESS EXCLUSIVE lock on `table` until the block ends: every read of it waits."""
    with psycopg.connect(conninfo()) as other:
        other.execute(f'LOCK TABLE "{table}" IN ACCESS EXCLUSIVE MODE')
        yield other
        other.rollback()


@contextmanager
def terminated_once_waiting(pid: int, timeout: float = 30.0):
    """In the background: as soon as backend `pid` waits for a lock, end it (pg_terminate_backend), as a restart of
    PostgreSQL would end it in the middle of a request."""
    done = threading.Event()
    ended: list[bool] = []

    def watch():
        with other_connection() as other:
            deadline = time.monotonic() + timeout
            while not done.is_set() and time.monotonic() < deadline:
                row = other.execute("SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", [pid]).fetchone()
                if row and row[0] == "Lock":
                    ended.append(other.execute("SELECT pg_terminate_backend(%s)", [pid]).fetchone()[0])
                    return
                time.sleep(0.02)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        yield ended
    finally:
        done.set()
        watcher.join(timeout=timeout)


def backend_pid() -> int | None:
    return connection.connection.info.backend_pid if connection.connection is not None else None


def wsgi_get(path: str, **headers) -> tuple[int, dict, str]:
    """GET `path` through Django's WSGI handler as a WSGI server does, the response closed at the end (Django's
    request_finished: close_old_connections)."""
    address, _, query = path.partition("?")
    environ = {
        "REQUEST_METHOD": "GET", "PATH_INFO": address, "QUERY_STRING": query, "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(),
        "wsgi.errors": io.StringIO(), "wsgi.multithread": True, "wsgi.multiprocess": True, "wsgi.run_once": False,
        **{f"HTTP_{name.upper().replace('-', '_')}": value for name, value in headers.items()},
    }
    started: dict = {}

    def start_response(status, response_headers, exc_info=None):
        started["status"] = int(status.split()[0])
        started["headers"] = dict(response_headers)

    result = WSGIHandler()(environ, start_response)
    try:
        body = b"".join(result).decode()
    finally:
        result.close()
    return started["status"], started["headers"], body
