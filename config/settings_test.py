"""Test settings: the real settings with a fast hasher and captured email.

The database and Redis still come from the environment, so CI runs the suite
against PostgreSQL and Redis, and a laptop with nothing set runs it on SQLite.
"""

import os

from config.settings import *  # noqa: F403
from config.settings import API_THROTTLE_DEFAULTS, CACHES, CHANNEL_LAYERS, REDIS_URL, REST_FRAMEWORK

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
# Tasks run inline in tests unless a test starts a real worker against the broker.
CELERY_TASK_ALWAYS_EAGER = True
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# The API's rate limits stay on, too high to refuse any test (the fuzz sends thousands of requests per caller);
# tests/config/test_api_throttling.py puts the production defaults back to check them.
REST_FRAMEWORK = {**REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": dict.fromkeys(API_THROTTLE_DEFAULTS, "10000/second")}
if REDIS_URL:
    # Keep test keys apart from a developer's running server on the same Redis.
    # Each pytest-xdist worker (gw0, gw1...) keeps its own keys: counters and locks are per test, not shared.
    CACHES["default"]["KEY_PREFIX"] = "cg-test-" + os.environ.get("PYTEST_XDIST_WORKER", "main")
    # Likewise the channel layer: two workers' games may share an id (each has its own test database).
    CHANNEL_LAYERS["default"]["CONFIG"]["prefix"] = "asgi-test-" + os.environ.get("PYTEST_XDIST_WORKER", "main")
# Static files come from the finders in tests; nothing is collected.
STATIC_ROOT = None
# No witness file of the log anchors unless a test gives it a folder of its own (tmp_path): every close in the
# suite anchors, and the shared project folder is no place for that.
LOG_ANCHOR_DIR = ""
WHITENOISE_USE_FINDERS = True
# ...and finds a file when it is asked for (as under DEBUG), instead of listing every static file each time a
# middleware chain is built: every test client builds one, and the listing cost ~40 ms per client.
WHITENOISE_AUTOREFRESH = True
# No read replica, whatever the environment says: the test databases are made from `default` alone, and the tests of
# the replica make a real one of their own (tests/scale_out/test_read_replica.py).
DATABASES.pop("replica", None)  # noqa: F405
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":  # noqa: F405
    # Only the test flush differs (tests/pg_backend): the append-only triggers refuse TRUNCATE.
    DATABASES["default"]["ENGINE"] = "tests.pg_backend"  # noqa: F405
    # A test database needs no durability: a commit need not wait for its write-ahead log to reach the disk (the
    # migrations that build each worker's database, the transactional tests, the worlds built once).
    options = DATABASES["default"].setdefault("OPTIONS", {})  # noqa: F405
    options["options"] = " ".join(filter(None, [options.get("options"), "-c synchronous_commit=off"]))
