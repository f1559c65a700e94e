"""Shared fixtures. A test that needs chromium or Redis is skipped where they are
missing, with what to install; under CI (CI=true) that skip is a failure instead."""

import gc
import os
import shutil
import socket
import subprocess
import time

import pytest
import redis as redis_client
from django.conf import settings
from django.utils import translation

from tests.licensing.factories import (
    MembershipFactory,
    OrganizationFactory,
    UserFactory,
    board_member,
    board_staff,
    superuser,
)

CHROMIUM = "/usr/bin/chromium"


# Examples per API operation and caller in `make test` (tests/config/test_api_fuzz.py): each of the four callers draws
# its own (a seed of its own), so an operation gets 12 different random cases in all, besides each caller's case
# with its own records. The seed is fixed, so CI sends the same cases each run: 3 (from 5, issue 28) took the fuzz
# from ~94 s to ~70 s of the workers' time; a long run with other seeds is what finds more (docs/testing.md).
FUZZ_EXAMPLES_DEFAULT = 3


def pytest_addoption(parser):
    parser.addoption(
        "--fuzz-examples", type=int, default=None,
        help=f"examples per API operation in the schemathesis fuzz (default {FUZZ_EXAMPLES_DEFAULT}, "
             "or FUZZ_EXAMPLES); e.g. pytest -m fuzz --fuzz-examples=500 for a long local run",
    )


@pytest.fixture
def fuzz_examples(request) -> int:
    option = request.config.getoption("--fuzz-examples")
    return option if option is not None else int(os.environ.get("FUZZ_EXAMPLES", FUZZ_EXAMPLES_DEFAULT))


def pytest_configure(config):
    # An exported DJANGO_SETTINGS_MODULE would beat pyproject.toml and run the suite on the
    # server settings (real email, Celery waiting for a worker): refuse that at once.
    module = os.environ.get("DJANGO_SETTINGS_MODULE", "config.settings_test")
    if module != "config.settings_test":
        raise pytest.UsageError(f"the tests need DJANGO_SETTINGS_MODULE=config.settings_test, not {module}")


def pytest_collection_modifyitems(config, items):
    """Hall mode's tests (tests/licensing/hall/ and the tests/*/test_hall_*.py modules) carry the `hall_mode` marker:
    `pytest -m hall_mode` runs them alone (issue 29's bar). The payout desk's (tests/licensing/payouts/, every
    test_payout*.py module: the games' winners, the hall's bundle, the browser journeys) carry `payout_desk`
    (issue 30's bar). Scaling out and surviving failures (tests/scale_out/, every test_scale_out*.py) carry
    `scale_out` (issue 31's bar; the drills that restart servers are scripts/drills/, `make drills`)."""
    hall_mode, payout_desk, scale_out = pytest.mark.hall_mode, pytest.mark.payout_desk, pytest.mark.scale_out
    for item in items:
        path = item.path
        if path.name.startswith("test_hall") or path.parent.name == "hall":
            item.add_marker(hall_mode)
        if path.name.startswith("test_payout") or path.parent.name == "payouts":
            item.add_marker(payout_desk)
        if path.name.startswith("test_scale_out") or path.parent.name == "scale_out":
            item.add_marker(scale_out)


def pytest_collection_finish(session):
    """What is alive once the tests are collected (every module, Django's registries, the test items) lives to the
    end: frozen, the garbage collector stops walking it again and again, and it runs less often (a test makes many
    short-lived objects, few cycles). About 5% of a worker's time went to the collector before."""
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)


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


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def redis_server_start(binary: str, port: int) -> subprocess.Popen:
    """A throwaway redis-server on a loopback port, answering before this returns."""
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while True:
        try:
            redis_client.Redis(port=port, socket_connect_timeout=1).ping()
            return process
        except redis_client.ConnectionError:
            if time.monotonic() > deadline:
                process.kill()
                raise
            time.sleep(0.05)


@pytest.fixture
def own_redis(redis_server_binary):
    """A Redis of the test's own, to stop: (its URL, the server process)."""
    port = free_port()
    process = redis_server_start(redis_server_binary, port)
    yield f"redis://127.0.0.1:{port}/0", process
    if process.poll() is None:
        process.kill()
        process.wait()


@pytest.fixture
def chromium_path() -> str:
    need(os.path.exists(CHROMIUM), f"{CHROMIUM} is missing: apt-get install -y chromium")
    return CHROMIUM


@pytest.fixture(autouse=True)
def _each_test_starts_in_the_default_language():
    """A request in Spanish leaves Spanish active in its thread (LocaleMiddleware activates, nothing deactivates): a
    later test's mail or message would be written in Spanish, depending on which tests ran before it on that worker."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _each_test_reads_the_register_afresh():
    """The register's values are cached per process (licensing.register.values); a test's rows roll back with it,
    but a snapshot read during the test would outlive them."""
    from licensing.register import values

    values.forget()
    yield
    values.forget()


@pytest.fixture(autouse=True, scope="session")
def _force_login_passes_the_second_factor():
    """force_login passes the second factor of an account that has one, as the portal's sign-in does
    (testkit/sign_in.py; imported here, once Django is set up)."""
    from testkit import sign_in

    sign_in.install()


@pytest.fixture
def admin_user(db):
    """pytest-django's `admin_user` (and so `admin_client`), as the project makes a superuser: with a second factor,
    without which the admin opens nothing (licensing.accounts.mfa)."""
    return superuser()


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


@pytest.fixture(autouse=True)
def _events_over(request, monkeypatch):
    """No report before its event (licensing.reports.event_end): most tests file reports of events dated ahead of
    the real date (2027) to test something else, so for them every event is over. The tests of that rule (marked
    event_clock) read the Board's clock, moved with tests/clock.py."""
    if request.node.get_closest_marker("event_clock"):
        return
    import datetime as dt

    from licensing.reports import event_end

    monkeypatch.setattr(event_end, "clock", lambda: dt.datetime(2999, 12, 31, tzinfo=dt.UTC))


@pytest.fixture(autouse=True)
def _clock_back_to_now():
    """A builder may have moved the clock into an operation's hours (tests/clock.py): put it back."""
    yield
    from tests.clock import back_to_now

    back_to_now()


# --- Transactional tests (live_server, websockets) share these two fixtures ---


@pytest.fixture(autouse=True)
def fresh_channel_layer():
    """Each async test runs in its own event loop, but the channel layer is a process-wide
    singleton whose Redis receive state is bound to the loop that used it; a fresh instance per
    test keeps one test's unfinished receive from breaking the next (a server has one loop)."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture
def close_executor_connections():
    """Consumers and ASGI views reach the database from asgiref's shared executor thread; close
    that thread's connection after the test, so a later socket test without database access
    does not find it open and trip pytest-django's guard. SQLite ignores close() on an
    in-memory database, so the base close is called: the shared in-memory database lives on
    through the test thread's own connection."""
    yield
    from asgiref.sync import SyncToAsync
    from django.db import connections
    from django.db.backends.base.base import BaseDatabaseWrapper

    def close_all():
        for connection in connections.all(initialized_only=True):
            BaseDatabaseWrapper.close(connection)

    SyncToAsync.single_thread_executor.submit(close_all).result(timeout=10)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test databases, and on PostgreSQL a copy of their migrated rows, which every transactional
    test puts back as it ends (tests/migrated_data.py)."""
    from django.db import connection

    from tests.migrated_data import install_transactional_reset, keep_pristine

    with django_db_blocker.unblock():
        keep_pristine(connection)
    install_transactional_reset()
    yield


@pytest.fixture(scope="module")
def keep_migrated_data(django_db_setup, django_db_blocker):
    """Where a transactional test ends with Django's flush (SQLite), the flush also empties the rows the data
    migrations loaded (the register's figures, the pattern library...), and later tests rely on them. Copy them
    aside before this module's tests and put them back after the last flush (tests/migrated_data.py). On
    PostgreSQL each transactional test puts them back itself, and this does nothing."""
    from django.db import connection

    from tests.migrated_data import pristine_kept, snapshot

    if pristine_kept(connection):
        yield
        return
    with django_db_blocker.unblock():
        kept = snapshot(connection)
    yield
    with django_db_blocker.unblock():
        kept.restore()
