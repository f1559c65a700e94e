"""Fixtures of the API tests that call the application the way a client does (schemathesis, in-process)."""

import pytest
from django.core import signals
from django.core.handlers.wsgi import WSGIHandler
from django.db import close_old_connections


@pytest.fixture
def wsgi_app():
    """The project's WSGI application, run inside the test's transaction: like Django's test client,
    it must not close the connection at the end of each request (that would end the transaction)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield WSGIHandler()
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)
