"""What a backup records of the logs, and how a restored copy is checked against it: the head of every hash-chained
log and the newest anchors go into the manifest (core.backup writes it, read in the moment the dump holds); a
restored database must verify end to end (licensing.audit.verify, what `verify_logs` runs) and reach the very heads
and anchors the manifest recorded, no more and no less."""

from __future__ import annotations

from core.backup import Check
from licensing.audit.logs import chained_models, heads
from licensing.audit.verify import verify_all
from licensing.models import LogAnchor

NEWEST_ANCHORS = 50


def log_state() -> dict:
    """The heads of every log, by model label and log, and the newest anchors: the manifest's "logs" and "anchors"."""
    logs = {model.chain_label(): {identity: {"seq": head.seq, "hash": head.hash}
                                  for identity, head in sorted(heads(model))}
            for model in chained_models()}
    anchors = [_anchor(row) for row in LogAnchor.objects.order_by("-seq")[:NEWEST_ANCHORS]]
    return {"logs": logs, "anchors": anchors}


def _anchor(row: LogAnchor) -> dict:
    return {"seq": row.seq, "hash": row.hash, "log": row.log, "log_key": row.log_key, "head_seq": row.head_seq,
            "head_hash": row.head_hash, "created_at": row.created_at.isoformat()}


def log_checks(manifest: dict) -> list[Check]:
    """verify_logs over the restored database, then its heads and anchors against the manifest's."""
    reports = verify_all()
    verified = Check("logs verify", f"{len(reports)} logs, {sum(report.rows for report in reports)} events")
    verified.problems = [f"{report.problem} (found by the {report.found_by})" for report in reports if not report.ok]

    recorded = manifest["logs"]
    found = log_state()["logs"]
    count = sum(len(logs) for logs in recorded.values())
    chains = Check("log heads", f"{count} logs at the manifest's head")
    for label in sorted(set(recorded) | set(found)):
        was, now = recorded.get(label, {}), found.get(label, {})
        for identity in sorted(set(was) | set(now), key=lambda identity: (len(identity), identity)):
            chains.problems += _head_problem(label, identity, was.get(identity), now.get(identity))

    newest = manifest["anchors"]
    anchors = Check("anchors", f"the newest {len(newest)} anchors, up to seq {newest[0]['seq']}" if newest
                    else "none anchored when backed up")
    restored = {row.seq: _anchor(row) for row in LogAnchor.objects.filter(
        seq__in=[anchor["seq"] for anchor in manifest["anchors"]])}
    for anchor in manifest["anchors"]:
        if restored.get(anchor["seq"]) != anchor:
            what = "missing" if anchor["seq"] not in restored else "differs from the manifest"
            anchors.problems.append(f"anchor {anchor['seq']} ({anchor['log']} {anchor['log_key']} "
                                    f"at seq {anchor['head_seq']}): {what}")
    return [verified, chains, anchors]


def _head_problem(label: str, identity: str, was: dict | None, now: dict | None) -> list[str]:
    if was == now:
        return []
    if was is None:
        return [f"log {label} {identity}: restored with head seq {now['seq']}, not in the backup's manifest"]
    if now is None:
        return [f"log {label} {identity}: missing (head seq {was['seq']} in the manifest)"]
    return [f"log {label} {identity}: head seq {now['seq']} {now['hash'][:12]}…, the manifest says seq "
            f"{was['seq']} {was['hash'][:12]}…"]
