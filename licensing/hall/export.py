"""The hall's side of the bundle: every log of the kit's event (the log scope its kind names: a bingo operation's
games, a night's ledgers, tables and jackpots), the kit, the event's rows as the hall holds them, and the heads the
device signed, as one hall-bundle/1 object (licensing.hall.bundle). The heads are the ones signed at each close
(HallHead, licensing.hall.closing), every one of them, so the Board can check each head the room was shown; a log with
rows past its newest close-signed head, or never closed, gets its head signed now (the Board takes the highest seq of
a log as its head). The device signs the rows too (hall-records/1). A head signed at the export is signed as of its
log's last row, as a close would sign it, so exporting again with no new row gives the very same bundle and the Board
the same receipt ("already received"): a push retried after a lost answer adds nothing."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from licensing.hall.bundle import bundle_of, log_of, logs_held
from licensing.hall.heads import head_sign, records_sign
from licensing.hall.kinds import kit_kind
from licensing.hall.records import event_records
from licensing.models import HallHead, License


def bundle_export(*, kit: dict, device_private_key: str) -> dict:
    event = kit["event"]
    signed: dict[tuple[str, str], list[dict]] = {}
    for row in HallHead.objects.filter(kit=kit["kit"]).order_by("seq"):
        signed.setdefault((row.log, row.identity), []).append(row.head)
    logs, heads, now = [], [], timezone.now()
    for model, identity, rows in logs_held(kit_kind(event["kind"]).log_scope, event["id"]):
        logs.append(log_of(model, identity, rows))
        closed = signed.get((model.chain_label(), identity), [])
        heads += closed
        if not closed or closed[-1]["seq"] < rows[-1].seq:
            heads.append(head_sign(private_key=device_private_key, kit=kit["kit"], log=model.chain_label(),
                                   identity=identity, seq=rows[-1].seq, hash=rows[-1].hash,
                                   at=getattr(rows[-1], "created_at", None) or now))
    license = License.objects.get(number=kit["license"]["number"])
    records = event_records(kit_kind(event["kind"]), event["id"], license=license,
                            day=dt.date.fromisoformat(event["date"]))
    return bundle_of(kit=kit, records=records, logs=logs, heads=heads,
                     records_signature=records_sign(private_key=device_private_key, kit=kit["kit"], records=records))
