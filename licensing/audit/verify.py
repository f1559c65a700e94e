"""Verify logs end to end: the chain of each (core.chain.walk), what its owner row says
(ChainedEvent.owner_problems: heads, what a game is played for), and every anchor recorded for
it (a log must still reach each anchored head, with the same hash there). The anchors are a log
too, verified the same way."""

from __future__ import annotations

from dataclasses import dataclass

from core.chain import Problem, Walk, walk
from core.models import ChainedEvent
from licensing.audit.logs import chained_models, identities
from licensing.models import LogAnchor


@dataclass(frozen=True)
class LogReport:
    log: str
    identity: str
    describe: str
    rows: int
    problem: Problem | None

    @property
    def ok(self) -> bool:
        return self.problem is None


def _anchor_problem(model: type[ChainedEvent], identity: str, result: Walk, describe: str) -> Problem | None:
    label = model.chain_label()
    for anchor in LogAnchor.objects.filter(log=label, log_key=identity).order_by("head_seq", "seq"):
        found = result.hashes.get(anchor.head_seq)
        when = f"{anchor.created_at:%Y-%m-%d %H:%M} UTC"
        if found is None and anchor.head_seq > result.head.seq:
            return Problem(label, identity, result.head.seq + 1, (
                f"missing rows: the log ends at seq {result.head.seq}, but it was anchored at seq "
                f"{anchor.head_seq} on {when} (anchor {anchor.seq})"), describe)
        if found != anchor.head_hash:
            return Problem(label, identity, anchor.head_seq, (
                f"row differs from its anchor of {when} (anchor {anchor.seq})"), describe)
    return None


def verify_log(model: type[ChainedEvent], identity: str) -> LogReport:
    describe = model.describe_log(identity)
    result = walk(model.chain_label(), identity, model.chain_rows(identity).iterator(), describe)
    problem = result.problem
    if problem is None:
        problems = model.owner_problems(identity, result)
        problem = problems[0] if problems else None
    if problem is None and model is not LogAnchor:
        problem = _anchor_problem(model, identity, result, describe)
    return LogReport(model.chain_label(), identity, describe, result.rows, problem)


def logs_to_verify(model: type[ChainedEvent]) -> list[str]:
    """Every log of the model that has rows, an anchor, or an owner that says it should exist."""
    found = set(identities(model)) | set(model.owner_identities())
    if model is not LogAnchor:
        found |= set(LogAnchor.objects.filter(log=model.chain_label()).values_list("log_key", flat=True))
    return sorted(found, key=lambda identity: (len(identity), identity))


def verify_all(labels: list[str] | None = None) -> list[LogReport]:
    reports = []
    for model in chained_models():
        if labels is not None and model.chain_label() not in labels:
            continue
        reports.extend(verify_log(model, identity) for identity in logs_to_verify(model))
    return reports
