"""Verify logs end to end: the chain of each (core.chain.walk), what its owner row says
(ChainedEvent.owner_problems: heads, what a game is played for), every anchor recorded for it in the
database, and every head witnessed outside it (licensing.audit.witness: the signed copies of the
anchors, the heads on public results pages). A log must still reach each anchored or witnessed head,
with the same hash there. The anchors are a log too, verified the same way, and witnessed."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from core.chain import Problem, Walk, as_stored, walk
from core.models import ChainedEvent
from licensing.audit.logs import chained_models, identities
from licensing.audit.witness import Witnesses
from licensing.models import LogAnchor

# What found a problem, in the order verification looks.
CHAIN, OWNER, ANCHOR, WITNESS = "chain walk", "owner row", "database anchor", "witness"


@dataclass(frozen=True)
class LogReport:
    log: str
    identity: str
    describe: str
    rows: int
    problem: Problem | None
    found_by: str = ""

    @property
    def ok(self) -> bool:
        return self.problem is None


@dataclass(frozen=True)
class _Mark:
    """A head the log must still reach, and how to say that it does not."""

    seq: int
    hash: str  # or the start of it, when that is all a witness shows
    behind: str  # after "missing rows: the log ends at seq N, "
    differs: str  # after "row differs from "


def _reach_problem(model: type[ChainedEvent], identity: str, result: Walk, describe: str,
                   marks: Iterable[_Mark]) -> Problem | None:
    end, label = result.head.seq, model.chain_label()
    for mark in sorted(marks, key=lambda mark: mark.seq):
        found = result.hashes.get(mark.seq)
        if found is None and mark.seq > end:
            return Problem(label, identity, end + 1, f"missing rows: the log ends at seq {end}, {mark.behind}",
                           describe)
        if found is None or not found.startswith(mark.hash):
            return Problem(label, identity, mark.seq, f"row differs from {mark.differs}", describe)
    return None


def _anchor_marks(model: type[ChainedEvent], identity: str) -> Iterator[_Mark]:
    for anchor in LogAnchor.objects.filter(log=model.chain_label(), log_key=identity):
        when = f"{anchor.created_at:%Y-%m-%d %H:%M} UTC"
        yield _Mark(anchor.head_seq, anchor.head_hash,
                    f"but it was anchored at seq {anchor.head_seq} on {when} (anchor {anchor.seq})",
                    f"its anchor of {when} (anchor {anchor.seq})")


def _witness_marks(model: type[ChainedEvent], identity: str, witnesses: Witnesses) -> Iterator[_Mark]:
    for head in witnesses.of(model.chain_label(), identity):
        shown = " (matched on the start of the hash, all the witness shows)" if head.prefix else ""
        yield _Mark(head.seq, head.hash, f"behind the head seq {head.seq} witnessed in {head.source}{shown}",
                    f"the head witnessed in {head.source}{shown}")


def _findings(model: type[ChainedEvent], identity: str, result: Walk, describe: str,
              witnesses: Witnesses | None) -> Iterator[tuple[str, Problem]]:
    """Each check's problem, in order; lazily, so a caller that wants only the first stops there."""
    if result.problem is not None:
        yield CHAIN, result.problem
        result = as_stored(model.chain_label(), identity, model.chain_rows(identity).iterator())
    problems = model.owner_problems(identity, result)
    if problems:
        yield OWNER, problems[0]
    if model is not LogAnchor:
        problem = _reach_problem(model, identity, result, describe, _anchor_marks(model, identity))
        if problem is not None:
            yield ANCHOR, problem
    if witnesses is not None:
        problem = _reach_problem(model, identity, result, describe, _witness_marks(model, identity, witnesses))
        if problem is not None:
            yield WITNESS, problem


def _walk(model: type[ChainedEvent], identity: str) -> tuple[str, Walk]:
    describe = model.describe_log(identity)
    return describe, walk(model.chain_label(), identity, model.chain_rows(identity).iterator(), describe)


def verify_log(model: type[ChainedEvent], identity: str, witnesses: Witnesses | None = None) -> LogReport:
    describe, result = _walk(model, identity)
    found_by, problem = next(_findings(model, identity, result, describe, witnesses), ("", None))
    return LogReport(model.chain_label(), identity, describe, result.rows, problem, found_by)


def detections(model: type[ChainedEvent], identity: str,
               witnesses: Witnesses | None = None) -> list[tuple[str, Problem]]:
    """Every check that finds the log wrong, not only the first (what each kind of tamper is caught by)."""
    describe, result = _walk(model, identity)
    return list(_findings(model, identity, result, describe, witnesses))


def logs_to_verify(model: type[ChainedEvent], witnesses: Witnesses | None = None) -> list[str]:
    """Every log of the model that has rows, an anchor, an owner that says it should exist, or a
    witnessed head."""
    found = set(identities(model)) | set(model.owner_identities())
    if model is not LogAnchor:
        found |= set(LogAnchor.objects.filter(log=model.chain_label()).values_list("log_key", flat=True))
    if witnesses is not None:
        found |= witnesses.identities(model.chain_label())
    return sorted(found, key=lambda identity: (len(identity), identity))


def verify_all(labels: list[str] | None = None, witnesses: Witnesses | None = None) -> list[LogReport]:
    reports = []
    for model in chained_models():
        if labels is not None and model.chain_label() not in labels:
            continue
        reports.extend(verify_log(model, identity, witnesses) for identity in logs_to_verify(model, witnesses))
    return reports
