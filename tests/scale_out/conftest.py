"""Fixtures of the scale_out tests (issue 31)."""

import pytest
from django.db import connection

from tests.conftest import need


@pytest.fixture
def postgresql_only():
    need(connection.vendor == "postgresql", "these tests need PostgreSQL: set DATABASE_URL")


@pytest.fixture
def production(settings):
    """Error pages as production renders them (no debug page)."""
    settings.DEBUG = False
