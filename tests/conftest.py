"""Shared fixtures. A test that needs chromium or Redis is skipped where they are
missing, with what to install; under CI (CI=true) that skip is a failure instead."""

import os
import shutil

import pytest
import redis as redis_client
from django.conf import settings

from tests.licensing.factories import (
    MembershipFactory,
    OrganizationFactory,
    UserFactory,
    board_member,
    board_staff,
)

CHROMIUM = "/usr/bin/chromium"


def pytest_configure(config):
    # An exported DJANGO_SETTINGS_MODULE would beat pyproject.toml and run the suite on the
    # server settings (real email, Celery waiting for a worker): refuse that at once.
    module = os.environ.get("DJANGO_SETTINGS_MODULE", "config.settings_test")
    if module != "config.settings_test":
        raise pytest.UsageError(f"the tests need DJANGO_SETTINGS_MODULE=config.settings_test, not {module}")


def need(available: bool, what: str) -> None:
    """Skip without `what`, or fail under CI, where everything must run."""
    if available:
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI must run this test but {what}")
    pytest.skip(what)


@pytest.fixture
def redis_url() -> str:
    url = settings.REDIS_URL
    need(bool(url), "REDIS_URL is not set: start Redis (apt-get install redis-server) and export REDIS_URL")
    try:
        redis_client.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis_client.RedisError as exc:
        need(False, f"Redis at {url} does not answer ({exc}): start redis-server")
    return url


@pytest.fixture
def redis_server_binary() -> str:
    path = shutil.which("redis-server")
    need(path is not None, "redis-server is not installed: apt-get install -y redis-server")
    return path


@pytest.fixture
def chromium_path() -> str:
    need(os.path.exists(CHROMIUM), f"{CHROMIUM} is missing: apt-get install -y chromium")
    return CHROMIUM


@pytest.fixture
def organization():
    return OrganizationFactory()


@pytest.fixture
def other_organization():
    return OrganizationFactory()


@pytest.fixture
def officer(organization):
    return MembershipFactory(organization=organization).user


@pytest.fixture
def staff_user():
    return board_staff()


@pytest.fixture
def member_user():
    return board_member()


@pytest.fixture
def user():
    return UserFactory()
