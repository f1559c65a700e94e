"""The read replica (DATABASE_REPLICA_URL, config/settings.py): the views marked @reads_from_replica read from it,
everything else from the primary.

The `replica` database alias exists only when the setting is; without it the router answers nothing and Django
routes as it always did. With it:
- writes and migrations go to the primary, always;
- a read goes to the replica only inside a scope a marked view opens (`replica_reads`, a ContextVar: each thread
  and each asyncio task has its own), and even there not
  - inside transaction.atomic() on the primary: a read that decides a write (a select_for_update, a log's head
    before the next row is linked to it) must see the primary;
  - once the scope has written anything: a row it just wrote is not on the replica yet;
  - of who the user is (the user, their Board groups, sessions, tokens, sign-in records): an account made or a Board
    role withdrawn a second ago counts at once (an organization's memberships are the domain's rows, read from the
    replica on these pages: a filing role withdrawn seconds ago may still export for as long as the lag);
- a replica that does not answer: the scope reads the primary, with a warning, and this process leaves the replica
  alone for RETRY_SECONDS, so a dead replica costs one connect timeout per process, not one per page.
The replica's figures are as old as its lag (a streaming standby: a few seconds), which is why only pages that
sum many rows and are read, never acted on at once, are marked (the Board's dashboards and exports)."""

from __future__ import annotations

import contextvars
import functools
import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections

REPLICA = "replica"
RETRY_SECONDS = 30
# Who the user is: read from the primary, in a scope too (the user model is added by its label).
IDENTITY_APPS = frozenset({"auth", "sessions", "authtoken", "account", "mfa", "axes", "contenttypes"})

logger = logging.getLogger(__name__)


@dataclass
class _Scope:
    wrote: bool = False


_scope: contextvars.ContextVar[_Scope | None] = contextvars.ContextVar("replica_scope", default=None)
# time.monotonic() until which this process reads the primary instead of a replica that did not answer.
_down_until = 0.0


def configured() -> bool:
    """Is there a replica (the `replica` alias, from DATABASE_REPLICA_URL)?"""
    return REPLICA in connections.settings


def _answers() -> bool:
    """Connect to the replica (or check the connection kept from an earlier request); False, remembered for
    RETRY_SECONDS, when it does not answer."""
    global _down_until
    if time.monotonic() < _down_until:
        return False
    connection = connections[REPLICA]
    try:
        connection.close_if_health_check_failed()
        connection.ensure_connection()
    except DatabaseError as exc:
        connection.close()
        _down_until = time.monotonic() + RETRY_SECONDS
        logger.warning("The read replica does not answer (%s): its pages read the primary for the next %s s.",
                       str(exc).strip(), RETRY_SECONDS)
        return False
    return True


@contextmanager
def replica_reads() -> Iterator[None]:
    """Reads inside go to the replica (see the module's rules); nothing changes without one, or when it does not
    answer. Nested, the outer scope stays."""
    if _scope.get() is not None or not configured() or not _answers():
        yield
        return
    token = _scope.set(_Scope())
    try:
        yield
    finally:
        _scope.reset(token)


def reads_from_replica(view: Callable) -> Callable:
    """A view (a function, or an API view's method) whose reads go to the replica: put it under the decorators
    that authenticate, so the user and the session are read from the primary before it."""

    @functools.wraps(view)
    def wrapped(*args, **kwargs):
        with replica_reads():
            return view(*args, **kwargs)

    wrapped.reads_from_replica = True  # the decorators above copy it: a test finds the marked routes by it
    return wrapped


def _identity(model) -> bool:
    return model._meta.app_label in IDENTITY_APPS or model._meta.label == settings.AUTH_USER_MODEL


class ReplicaRouter:
    """DATABASE_ROUTERS' router (config/settings.py)."""

    def db_for_read(self, model, **hints) -> str | None:
        if not configured():
            return None
        scope = _scope.get()
        if scope is None or scope.wrote or connections[DEFAULT_DB_ALIAS].in_atomic_block or _identity(model):
            return DEFAULT_DB_ALIAS
        return REPLICA

    def db_for_write(self, model, **hints) -> str | None:
        if not configured():
            return None
        scope = _scope.get()
        if scope is not None:
            scope.wrote = True
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1, obj2, **hints) -> bool | None:
        # The replica holds the primary's rows: an object read from either may point to one read from the other.
        both = {obj1._state.db, obj2._state.db}
        return True if configured() and both <= {DEFAULT_DB_ALIAS, REPLICA} else None

    def allow_migrate(self, db, app_label, model_name=None, **hints) -> bool | None:
        # The replica takes the primary's schema by replication, never by migrate.
        return False if db == REPLICA else None
