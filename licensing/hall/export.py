"""The hall's side of the bundle: every log of the kit's event (the log scope its kind names: a bingo operation's
games, a night's ledgers, tables and jackpots), each head signed with the device's key as it stands now, and the
kit, as one hall-bundle/1 object (licensing.hall.bundle). Until each close signs its own heads, the export signs
them: a log written after the export is then refused by the Board ("rows after the signed head") unless exported
again. Each head is signed as of its last row's time, as a close would sign it, so exporting again with no new row
gives the very same bundle and the Board the same receipt ("already received"): a push retried after a lost answer
adds nothing."""

from __future__ import annotations

from django.utils import timezone

from licensing.audit.scopes import log_scope
from licensing.hall.bundle import bundle_of, log_of
from licensing.hall.heads import head_sign
from licensing.hall.kinds import kit_kind


def bundle_export(*, kit: dict, device_private_key: str) -> dict:
    event = kit["event"]
    scope = log_scope(kit_kind(event["kind"]).log_scope)
    logs, heads, now = [], [], timezone.now()
    for model, identity in scope.logs(event["id"]):
        rows = list(model.chain_rows(identity))
        if not rows:
            continue  # a game never started has no log to send
        logs.append(log_of(model, identity, rows))
        heads.append(head_sign(private_key=device_private_key, kit=kit["kit"], log=model.chain_label(),
                               identity=identity, seq=rows[-1].seq, hash=rows[-1].hash,
                               at=getattr(rows[-1], "created_at", None) or now))
    return bundle_of(kit=kit, logs=logs, heads=heads)
