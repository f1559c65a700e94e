"""The hall's side of the bundle: every log of the kit's event (the log scope its kind names: a bingo operation's
games, a night's ledgers, tables and jackpots), each head signed with the device's key as it stands now, and the
kit, as one hall-bundle/1 object (licensing.hall.bundle). Until each close signs its own heads, the export signs
them: a log written after the export is then refused by the Board ("rows after the signed head") unless exported
again."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from licensing.hall.bundle import bundle_of, log_of, logs_held
from licensing.hall.heads import head_sign, records_sign
from licensing.hall.kinds import kit_kind
from licensing.hall.records import event_records
from licensing.models import License


def bundle_export(*, kit: dict, device_private_key: str) -> dict:
    event = kit["event"]
    logs, heads, now = [], [], timezone.now()
    for model, identity, rows in logs_held(kit_kind(event["kind"]).log_scope, event["id"]):
        logs.append(log_of(model, identity, rows))
        heads.append(head_sign(private_key=device_private_key, kit=kit["kit"], log=model.chain_label(),
                               identity=identity, seq=rows[-1].seq, hash=rows[-1].hash, at=now))
    license = License.objects.get(number=kit["license"]["number"])
    records = event_records(kit_kind(event["kind"]), event["id"], license=license,
                            day=dt.date.fromisoformat(event["date"]))
    return bundle_of(kit=kit, records=records, logs=logs, heads=heads,
                     records_signature=records_sign(private_key=device_private_key, kit=kit["kit"], records=records))
