"""What the Board checks of a bundle before it accepts anything from it, naming the first bad row of each log:
- the kit is the Board's, unchanged (licensing.hall.document.kit_findings) and one it issued (the caller says);
- every head is signed by the device the kit names, for this kit, and so are the event's rows it carries;
- every log is one of the chained logs, each row a row of that log, and the chain walks (core.chain.walk, keyed by
  the kit's chain key): numbered without a gap, each row linked to the one before, each hash what the row holds; a
  log the kit carried rows of (the Board's, hashed with its own key) begins with exactly those rows, and the walk
  goes on from the last of them;
- every log ends exactly at the newest head the device signed of it (the highest seq: a log closed more than once
  has several), every earlier head of it lies on it (the row at its seq has its hash), and every signed head's log is
  in the bundle: a log cut short, rows added after the close, or a row changed and re-hashed by someone holding the
  chain key all differ from a signed head;
- every row was written on the event's day (its evening may run past midnight);
- the license was in force on the event's day by the Board's own records (30 DCMR 1200.1): a suspension that began
  after the kit was signed still counts.
Pure over the bundle and the facts passed in; licensing.hall.checks gathers those facts."""

from __future__ import annotations

import datetime as dt
import zoneinfo

from django.utils.translation import gettext as _

from core import chain
from core.findings import Finding
from licensing.hall.bundle import FORMAT, BundleRowError, chained_model, rebuilt
from licensing.hall.document import kit_findings
from licensing.hall.heads import head_verifies, records_verify
from licensing.licenses.rules import LicenseInForce, in_force_findings, window

BUNDLE_RULE = "hall-bundle/1 (docs/formats/hall-kit.md)"


def _finding(message: str, field: str) -> Finding:
    return Finding(BUNDLE_RULE, message, field=field)


def _well_formed(head) -> bool:
    # A device key can sign anything: a head of the wrong shape is refused, never compared (no crash on it).
    return (isinstance(head, dict) and all(isinstance(head.get(name), str) for name in ("log", "identity", "hash"))
            and isinstance(head.get("seq"), int) and not isinstance(head.get("seq"), bool))


def _signed_heads(bundle: dict, kit: dict) -> tuple[dict[tuple[str, str], list[dict]], list[Finding]]:
    """The device's signed heads of each log, by seq (a log closed more than once has several: the last, the highest
    seq, is the log's head), and a finding for each head it did not sign."""
    device = kit["device"].get("public_key", "") if isinstance(kit["device"], dict) else ""
    heads, findings = {}, []
    raw = bundle.get("heads")
    for index, head in enumerate(raw if isinstance(raw, list) else []):
        if (not _well_formed(head) or not head_verifies(head, device_public_key=device)
                or head["kit"] != kit["kit"]):
            findings.append(_finding(_("Signed head %(index)s is not signed by the kit's device for this kit.") % {
                "index": index + 1}, "heads"))
            continue
        heads.setdefault((head["log"], head["identity"]), []).append(head)
    return {key: sorted(found, key=lambda head: head["seq"]) for key, found in heads.items()}, findings


def _earlier_heads_finding(where: str, earlier: list[dict], built: list) -> Finding | None:
    """A head signed at an earlier close (shown to the room then) must still lie on the log: the row at its seq has
    its hash. Otherwise the log was changed after that close and re-signed."""
    hashes = {row.seq: row.hash for row in built}
    for head in earlier:
        if hashes.get(head["seq"]) != head["hash"]:
            return _finding(_("%(log)s, seq %(seq)s: the log differs from the head the device signed at an earlier "
                              "close.") % {"log": where, "seq": head["seq"]}, "heads")
    return None


def _on_event_day(row, event: dict, zone: zoneinfo.ZoneInfo) -> bool:
    written = getattr(row, "created_at", None)
    if not isinstance(written, str):
        return True  # a log without a time of writing
    try:
        moment = dt.datetime.fromisoformat(written).replace(tzinfo=dt.UTC).astimezone(zone).replace(tzinfo=None)
        day = dt.date.fromisoformat(event["date"])
        _start, end = window(day, dt.time.fromisoformat(event["starts_at"]), dt.time.fromisoformat(event["ends_at"]))
    except (TypeError, ValueError, KeyError):
        return False
    return day <= moment.date() <= end.date()


def _carried(kit: dict) -> dict[tuple[str, str], list[dict]]:
    """The rows of each log the kit carried, by (log, identity): the Board wrote the kit, and signed it."""
    logs = kit.get("logs")
    return {(entry["log"], entry["identity"]): entry["rows"] for entry in logs if isinstance(entry, dict)} \
        if isinstance(logs, list) else {}


def _log_findings(entry, *, kit: dict, carried: dict, heads: dict, zone) -> tuple[tuple[str, str] | None,
                                                                                  list[Finding]]:
    if not isinstance(entry, dict):
        return None, [_finding(_("A log of the bundle is not a JSON object."), "logs")]
    label, identity, rows = entry.get("log"), entry.get("identity"), entry.get("rows")
    model = chained_model(label)
    if model is None or not isinstance(identity, str) or not isinstance(rows, list):
        return None, [_finding(_("%(log)s is not a log the Board keeps.") % {"log": label}, "logs")]
    where = f"{label} {identity}"
    prefix = carried.get((label, identity), [])  # the Board's rows, hashed with its key
    for index, row in enumerate(prefix):
        if index >= len(rows) or rows[index] != row:
            return (label, identity), [_finding(_("%(log)s, seq %(seq)s: not the row the kit carried (the log as the "
                                                  "Board held it when it signed the kit).") % {
                "log": where, "seq": index + 1}, "logs")]
    attname = model.chain_attname()
    built = []
    for index, data in enumerate(rows):
        try:
            row = rebuilt(model, data)
        except (BundleRowError, TypeError, ValueError) as error:
            return (label, identity), [_finding(_("%(log)s, row %(index)s: not a row of this log (%(error)s).") % {
                "log": where, "index": index + 1, "error": error}, "logs")]
        if attname is not None and str(getattr(row, attname)) != identity:
            return (label, identity), [_finding(_("%(log)s, seq %(seq)s: a row of another log.") % {
                "log": where, "seq": row.seq}, "logs")]
        built.append(row)
    start = chain.Head(prefix[-1]["seq"], prefix[-1]["hash"]) if prefix else chain.Head()
    walked = chain.walk(label, identity, built[len(prefix):], where, key=kit["chain_key"].encode("utf-8"),
                        start=start)
    if not walked.ok:
        return (label, identity), [_finding(str(walked.problem), "logs")]
    for row in built[len(prefix):]:
        if not _on_event_day(row, kit["event"], zone):
            return (label, identity), [_finding(_("%(log)s, seq %(seq)s: written on %(when)s, not on the event's "
                                                  "day.") % {"log": where, "seq": row.seq,
                                                             "when": getattr(row, "created_at", "")}, "logs")]
    signed_heads = heads.get((label, identity), [])
    signed = signed_heads[-1] if signed_heads else None
    end = walked.head
    if signed is None:
        message = _("%(log)s ends at seq %(seq)s, but the device signed no head of it (a log not closed at the hall, "
                    "or written after).") % {"log": where, "seq": end.seq}
    elif signed["seq"] > end.seq:
        message = _("%(log)s is cut short: the device signed seq %(signed)s, the bundle ends at seq %(seq)s.") % {
            "log": where, "signed": signed["seq"], "seq": end.seq}
    elif signed["seq"] < end.seq:
        message = _("%(log)s, seq %(seq)s: rows after the signed head (seq %(signed)s), which the device never "
                    "signed.") % {"log": where, "seq": signed["seq"] + 1, "signed": signed["seq"]}
    elif signed["hash"] != end.hash:
        message = _("%(log)s, seq %(seq)s: the log differs from what the device signed (changed and re-hashed "
                    "after the close).") % {"log": where, "seq": end.seq}
    else:
        earlier = _earlier_heads_finding(where, signed_heads[:-1], built)
        return (label, identity), [earlier] if earlier else []
    return (label, identity), [_finding(message, "heads")]


def bundle_findings(bundle, *, trusted_keys, license: LicenseInForce | None, time_zone: str) -> list[Finding]:
    """Every reason to refuse the bundle; [] when every check holds. `license`: the Board's own facts of the kit's
    license on the event's day (None: the Board has no such license)."""
    if not isinstance(bundle, dict) or bundle.get("format") != FORMAT:
        return [_finding(_("This is not a hall bundle of format %(format)s.") % {"format": FORMAT}, "format")]
    kit = bundle.get("kit")
    findings = kit_findings(kit, trusted_keys=trusted_keys)
    if findings:
        return findings
    heads, findings = _signed_heads(bundle, kit)
    device = kit["device"].get("public_key", "") if isinstance(kit["device"], dict) else ""
    if not records_verify(bundle.get("records_signature"), kit=kit["kit"], records=bundle.get("records"),
                          device_public_key=device):
        findings.append(_finding(_("The event's rows (records) are not as the kit's device signed them."),
                                 "records"))
    zone = zoneinfo.ZoneInfo(time_zone)
    seen, carried = set(), _carried(kit)
    logs = bundle.get("logs")
    for entry in logs if isinstance(logs, list) else []:
        key, found = _log_findings(entry, kit=kit, carried=carried, heads=heads, zone=zone)
        if key in seen:
            found = [_finding(_("%(log)s %(identity)s is in the bundle twice.") % {"log": key[0], "identity": key[1]},
                              "logs")]
        seen.add(key)
        findings += found
    for label, identity in sorted(set(heads) - seen):
        findings.append(_finding(_("%(log)s %(identity)s is missing from the bundle: the device signed its head at "
                                   "seq %(seq)s.") % {"log": label, "identity": identity,
                                                       "seq": heads[(label, identity)][-1]["seq"]}, "logs"))
    event_day = dt.date.fromisoformat(kit["event"]["date"])
    if license is None:
        findings.append(Finding("30 DCMR 1200.1", _("The Board has no license %(number)s.") % {
            "number": kit["license"].get("number")}, field="license"))
    else:
        findings += in_force_findings(license, event_day, action=_("Hall bundle"))
    return findings
