"""The records `manage.py verify_logs` can check as a whole: `--organization ID` (its audit trail), and what the
other apps register when they start (AppConfig.ready), as they register upcoming events for an organization's
home: bingo's `--operation ID` (every game's log), Monte Carlo's `--tournament ID` and `--night ID` (every
ledger, table log and jackpot, then the night's replay and balance). Licensing imports none of those apps."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from licensing.models import AuditEvent
from licensing.models.audit import audit_chain_for


@dataclass(frozen=True)
class LogScope:
    """`logs(id)` names the logs of one record, as (chained model, identity) pairs; it raises LookupError, with
    the message to show, when there is no such record. `whole(id)`, when given, then checks the record as a
    whole beyond each log's chain and returns its problems; `whole_ok` says what passed."""

    name: str
    help: str
    logs: Callable[[int], list[tuple[type, str]]]
    whole: Callable[[int], list[str]] | None = None
    whole_ok: str = ""


_scopes: dict[str, LogScope] = {}


def log_scope_register(scope: LogScope) -> None:
    """Register (or replace, when an app is reloaded) the scope of that name; it becomes `--<name> ID`."""
    _scopes[scope.name] = scope


def log_scopes() -> list[LogScope]:
    return list(_scopes.values())


def log_scope(name: str) -> LogScope:
    return _scopes[name]


def _organization_logs(organization_id: int) -> list[tuple[type, str]]:
    return [(AuditEvent, audit_chain_for(organization_id))]


log_scope_register(LogScope(name="organization", help="only this organization's audit log",
                            logs=_organization_logs))
