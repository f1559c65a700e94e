"""/healthz: is the database, the cache and the task broker reachable?

Each check is timed and caught: a dead dependency makes the answer 503 with the
reason, never a crash, so a load balancer or an operator can act on it."""

import time
import uuid

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from kombu import Connection

from core import cache as tolerant_cache


def _check_database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return connection.vendor


def _check_cache() -> str:
    key = f"healthz:{uuid.uuid4().hex}"
    with tolerant_cache.raising():  # pages see an outage as misses (core.cache); the check names it
        cache.set(key, "1", timeout=5)
        if cache.get(key) != "1":
            raise RuntimeError("value written to the cache could not be read back")
        cache.delete(key)
    return settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]


def _check_broker() -> str:
    if settings.CELERY_TASK_ALWAYS_EAGER and settings.CELERY_BROKER_URL.startswith("memory://"):
        return "no broker configured: tasks run inline"
    timeout = settings.HEALTHZ_TIMEOUT_SECONDS
    with Connection(settings.CELERY_BROKER_URL, connect_timeout=timeout,
                    transport_options={"socket_timeout": timeout}) as conn:
        conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=timeout)
        return conn.transport_cls


CHECKS = {"database": _check_database, "cache": _check_cache, "broker": _check_broker}


def run_checks() -> dict:
    results = {}
    for name, check in CHECKS.items():
        started = time.perf_counter()
        try:
            detail, ok = check(), True
        except Exception as exc:  # a health check reports every failure instead of raising it
            detail, ok = f"{type(exc).__name__}: {exc}", False
        results[name] = {"ok": ok, "detail": detail, "ms": round((time.perf_counter() - started) * 1000, 1)}
    return results


@never_cache
def healthz(request):
    checks = run_checks()
    healthy = all(check["ok"] for check in checks.values())
    return JsonResponse({"status": "ok" if healthy else "unhealthy", "checks": checks}, status=200 if healthy else 503)
