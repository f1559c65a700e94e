"""Helpers for benchmarks: a throwaway test database, a Board staff member to open the Board's pages, and timing
that prints medians and p95."""

import base64
import os
import secrets
import statistics
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")


@contextmanager
def test_database():
    """A fresh database on whatever DATABASE_URL names (SQLite when unset), removed afterwards."""
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    setup_test_environment(debug=False)
    # Client.force_login passes the second factor of an account that has one, as in the tests: the Board's pages
    # open only behind it (licensing.accounts.mfa).
    from testkit.sign_in import install

    install()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        yield connection
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()


def board_staff():
    """A Board staff member with an authenticator app, made through the services the demo uses
    (licensing.accounts.services): the Board's pages open only behind a second factor, which force_login passes
    inside test_database()."""
    from licensing.accounts.services import board_group_add, totp_authenticator_set, user_create
    from licensing.models import BoardGroup

    user = user_create(email="bench-staff@example.org", full_name="Bench Staff", password=secrets.token_urlsafe(16))
    board_group_add(user=user, group=BoardGroup.STAFF)
    totp_authenticator_set(user=user, secret=base64.b32encode(secrets.token_bytes(20)).decode())
    return user


def timed(fn, runs: int) -> dict:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    p95 = samples[min(len(samples) - 1, int(round(0.95 * (len(samples) - 1))))]
    return {"median_ms": round(statistics.median(samples), 2), "p95_ms": round(p95, 2), "runs": runs}


def runs_requested(*, quick: int, full: int, per: str = "page") -> int:
    """The run count from the command line: `--quick` for the small version."""
    import argparse

    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help=f"{quick} runs per {per} instead of {full}")
    return quick if parser.parse_args().quick else full
