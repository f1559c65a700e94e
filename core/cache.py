"""The shared cache (Redis) as pages use it: an outage is a miss, never a 500.

Nothing kept in the cache is a record: the API's and the sign-in pages' rate-limit counters (DRF throttles,
allauth's limits), the register's version stamp. When Redis is down or restarting, Django's RedisCache raises
redis.ConnectionError into every page that counts a request. Here a read answers a miss and a write is dropped,
with a warning logged at most once every LOG_EVERY seconds per process: the rate limits fail open for the few
seconds of a restart (refusing every sign-in and API call instead would stop the caller's console and the payout
desk over counters a restart has emptied anyway). After a failure the process leaves Redis alone for SKIP_FOR
seconds: a Redis that does not answer at all (a network cut, no refusal) costs a page its socket timeouts, with
redis-py's retries, once per process and SKIP_FOR, not on every cache call. /healthz asks inside `raising()`,
where the error shows."""

from __future__ import annotations

import contextlib
import contextvars
import functools
import logging
import math
import threading
import time

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)
LOG_EVERY = 10.0  # seconds between two warnings of the same outage, per process
SKIP_FOR = 2.0  # seconds after a failure during which this process answers misses without asking Redis

_raising = contextvars.ContextVar("cache_errors_raised", default=False)


@contextlib.contextmanager
def raising():
    """Let the cache's errors through (the health check's view of the cache)."""
    token = _raising.set(True)
    try:
        yield
    finally:
        _raising.reset(token)


class _Outage:
    """This process's view of one Redis: when it last failed, and the warnings logged of it."""

    def __init__(self):
        self._lock = threading.Lock()
        self._last_warning = -math.inf
        self._missed = 0
        self.skip_until = -math.inf

    def skipping(self) -> bool:
        if time.monotonic() < self.skip_until:
            with self._lock:
                self._missed += 1
            return True
        return False

    def failed(self, operation: str, error: Exception) -> None:
        now = time.monotonic()
        with self._lock:
            self.skip_until = now + SKIP_FOR
            self._missed += 1
            if now - self._last_warning < LOG_EVERY:
                return
            missed, self._missed, self._last_warning = self._missed, 0, now
        logger.warning("cache unavailable (%s: %r); %s operation(s) answered as misses since the last warning",
                       operation, error, missed)


_outages: dict[str, _Outage] = {}  # by the cache's servers: every thread's cache instance shares its server's
_outages_lock = threading.Lock()


def _outage_of(servers) -> _Outage:
    key = repr(servers)
    outage = _outages.get(key)
    if outage is None:
        with _outages_lock:
            outage = _outages.setdefault(key, _Outage())
    return outage


def _tolerant(miss):
    """Run the RedisCache method; on a Redis error answer miss(*args, **kwargs) instead."""

    def wrap(method):
        @functools.wraps(method)
        def tolerant(self, *args, **kwargs):
            strict, outage = _raising.get(), _outage_of(self._servers)
            if not strict and outage.skipping():
                return miss(*args, **kwargs)
            try:
                return method(self, *args, **kwargs)
            except RedisError as error:
                if strict:
                    raise
                outage.failed(method.__name__, error)
                return miss(*args, **kwargs)

        return tolerant

    return wrap


def _default(key, default=None, version=None):
    return default


def _key_missing(key, *args, **kwargs):
    raise ValueError(f"Key '{key}' not found")  # what incr() says of a key the cache does not hold


class TolerantRedisCache(RedisCache):
    """django's RedisCache, whose failures are misses (the module's docstring)."""

    get = _tolerant(_default)(RedisCache.get)
    get_many = _tolerant(lambda keys, version=None: {})(RedisCache.get_many)
    has_key = _tolerant(lambda *args, **kwargs: False)(RedisCache.has_key)
    # As if stored: a lock taken with add() (allauth's rate limits take one) is granted, so they fail open too,
    # where "not stored" would make allauth wait a second and refuse (429) every sign-up and reset.
    add = _tolerant(lambda *args, **kwargs: True)(RedisCache.add)
    set = _tolerant(lambda *args, **kwargs: None)(RedisCache.set)
    set_many = _tolerant(lambda data, *args, **kwargs: list(data))(RedisCache.set_many)  # the keys not stored
    touch = _tolerant(lambda *args, **kwargs: False)(RedisCache.touch)
    delete = _tolerant(lambda *args, **kwargs: False)(RedisCache.delete)
    delete_many = _tolerant(lambda *args, **kwargs: None)(RedisCache.delete_many)
    incr = _tolerant(_key_missing)(RedisCache.incr)
    clear = _tolerant(lambda: False)(RedisCache.clear)
