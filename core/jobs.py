"""A nightly job runs once for its day, however often beat sends it.

Beat may send a job twice (restarted around its time, two beats by mistake) and the broker delivers a task again
when its worker was killed before acknowledging it. `once_a_day` wraps the job: it holds a PostgreSQL advisory lock
for the job's name while it runs (a second delivery at the same time finds it held and does nothing) and marks the
day done when the job has finished (a later delivery does nothing). A run killed half-way leaves the day not done
and releases the lock with its connection, so the next delivery runs the job again: every nightly job is written to
finish what a cut-short run began (each reminder recorded once, each status changed once) rather than redo it."""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import logging
from collections.abc import Callable
from contextlib import contextmanager

from django.db import IntegrityError, connection, transaction
from django.db.models import F
from django.utils import timezone

from core.models import JobRun, JobRunStatus

logger = logging.getLogger(__name__)


@contextmanager
def _job_lock(name: str):
    """True while this session holds the job's lock, False when another session has it. A session lock, not a
    transaction's: the job commits its work as it goes. SQLite (one writer, inline tasks): always True."""
    if connection.vendor != "postgresql":
        yield True
        return
    key = int.from_bytes(hashlib.sha256(f"job:{name}".encode()).digest()[:8], "big", signed=True)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s)", [key])
        held = cursor.fetchone()[0]
    try:
        yield held
    finally:
        if held:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [key])


def job_run_once(name: str, job: Callable[[], dict], *, day: dt.date | None = None) -> dict:
    """Run `job` for `day` (today, in the Board's time zone) unless it ran already or is running now."""
    day = day or timezone.localdate()
    with _job_lock(name) as held:
        if not held:
            logger.info("job %s: running elsewhere; this delivery does nothing", name)
            return {"skipped": "running"}
        try:
            with transaction.atomic():
                run, _created = JobRun.objects.get_or_create(name=name, day=day)
        except IntegrityError:  # SQLite's concurrent first runs; PostgreSQL's are serialized by the lock
            run = JobRun.objects.get(name=name, day=day)
        if run.status == JobRunStatus.DONE:
            logger.info("job %s: done for %s already; this delivery does nothing", name, day)
            return {"skipped": "done"}
        JobRun.objects.filter(pk=run.pk).update(attempts=F("attempts") + 1)
        result = job()
        JobRun.objects.filter(pk=run.pk).update(status=JobRunStatus.DONE, finished_at=timezone.now(), result=result)
        return result


def once_a_day(name: str):
    """Decorator of a nightly task's body: see job_run_once. `name` is the task's (one day's run per name)."""
    def wrap(job: Callable[[], dict]):
        @functools.wraps(job)
        def run() -> dict:
            return job_run_once(name, job)
        return run
    return wrap
