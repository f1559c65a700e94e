"""/healthz: is the database, the cache and the task broker reachable? And the read replica, when there is one?

Each check is timed and caught: a dead dependency makes the answer 503 with the
reason, never a crash, so a load balancer or an operator can act on it. A dead replica only makes it "degraded"
(still 200): its pages read the primary meanwhile (core.replica), so the process should stay in rotation."""

import time
import uuid

from django.conf import settings
from django.core.cache import cache
from django.db import connection, connections
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from kombu import Connection

from core import cache as tolerant_cache
from core import replica


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


def _check_replica() -> str:
    database = connections[replica.REPLICA]
    with database.cursor() as cursor:
        if database.vendor != "postgresql":
            cursor.execute("SELECT 1")
            return database.vendor
        cursor.execute("SELECT pg_is_in_recovery(), EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp())")
        standby, replayed_ago = cursor.fetchone()
    if not standby:
        return "postgresql, not a standby (is DATABASE_REPLICA_URL the primary?)"
    if replayed_ago is None:
        return "postgresql standby, nothing replayed yet"
    # The time since the last transaction it replayed: its lag while the primary is busy, longer when it is idle.
    return f"postgresql standby, last transaction replayed {float(replayed_ago):.1f} s ago"


CHECKS = {"database": _check_database, "cache": _check_cache, "broker": _check_broker}
# Checked when configured; a failure reports the process degraded, not unhealthy.
OPTIONAL_CHECKS = {"replica": _check_replica}


def _checks() -> dict:
    return {**CHECKS, **({"replica": _check_replica} if replica.configured() else {})}


def run_checks() -> dict:
    results = {}
    for name, check in _checks().items():
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
    healthy = all(check["ok"] for name, check in checks.items() if name not in OPTIONAL_CHECKS)
    complete = all(check["ok"] for check in checks.values())
    status = ("ok" if complete else "degraded") if healthy else "unhealthy"
    return JsonResponse({"status": status, "checks": checks}, status=200 if healthy else 503)
