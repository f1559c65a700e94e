"""Handing a task to the broker without ever failing the change that asked for it.

A task is started once its transaction has committed (transaction.on_commit). If Redis is down then, `.delay()`
raises (kombu's OperationalError, after Celery's few publish retries) AFTER the change is saved: the user would see
an error page for something that was done. `enqueue` logs the broker's refusal and returns False instead; the
work is not lost, it is left to whoever comes next: the outbox sweep for a mail (core.outbox), the next periodic
run for the anchors, the certificate sweep for a license's certificate. Every `.delay()` of the app goes through
here."""

import logging
from functools import partial

from django.db import transaction
from kombu.exceptions import OperationalError
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

# What a publish raises when the broker (or the Redis result backend that registers the task) cannot be reached.
BROKER_ERRORS = (OperationalError, RedisError, ConnectionError, TimeoutError)


def enqueue(task, **kwargs) -> bool:
    """Send `task` with `kwargs` to the broker now. False, logged, when the broker cannot take it."""
    if task.app.conf.task_always_eager:
        # No broker: the task runs here and now, and its own errors (an SMTP server refusing) are its own.
        task.apply_async(kwargs=kwargs)
        return True
    try:
        # Nobody waits for these results: ignore_result also spares the Redis result backend's subscription, which
        # with Redis down fails on its own terms (a RuntimeError "the application must be restarted").
        task.apply_async(kwargs=kwargs, ignore_result=True)
    except BROKER_ERRORS as error:
        logger.error("task %s not queued, the broker is unreachable (%s); it is left to its sweep or next run",
                     task.name, error)
        return False
    return True


def enqueue_on_commit(task, **kwargs) -> None:
    """Send `task` once the current transaction has committed (at once outside one); never raises for the broker."""
    transaction.on_commit(partial(enqueue, task, **kwargs))
