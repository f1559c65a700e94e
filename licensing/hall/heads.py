"""Signed heads: at the hall, closing a game, a night or a drawing signs the head of each of its logs with the
device's key (Ed25519, core.signing); the Board checks each with the device key its kit names. A head is the last
row's seq and hash, so a signed head fixes everything before it: the chain links each row to the one before."""

from __future__ import annotations

import datetime as dt
import hashlib
from urllib.parse import urlencode

from core import signing

FORMAT = "hall-head/1"


def head_statement(*, kit: str, log: str, identity: str, seq: int, hash: str, signed_at: str) -> dict:
    """What the device signs for one log's head."""
    return {"format": FORMAT, "kit": kit, "log": log, "identity": identity, "seq": seq, "hash": hash,
            "signed_at": signed_at}


def head_sign(*, private_key: str, kit: str, log: str, identity: str, seq: int, hash: str,
              at: dt.datetime) -> dict:
    statement = head_statement(kit=kit, log=log, identity=identity, seq=seq, hash=hash, signed_at=at.isoformat())
    return {**statement, "signature": signing.sign(statement, private_key)}


def head_verifies(head: dict, *, device_public_key: str) -> bool:
    try:
        statement = head_statement(kit=head["kit"], log=head["log"], identity=head["identity"], seq=head["seq"],
                                   hash=head["hash"], signed_at=head["signed_at"])
    except (KeyError, TypeError):
        return False
    return head.get("format") == FORMAT and signing.verify(statement, str(head.get("signature", "")),
                                                           device_public_key)



def head_line(head: dict) -> str:
    """A head as the room reads it (the results sheet, the flashboard) and the Board's pages print theirs."""
    return f"{head['log']} {head['identity']} seq {head['seq']} {head['hash']}"


def head_check_url(board_url: str, head: dict) -> str:
    """What the hall's QR code holds for a signed head: the Board's public page that says whether the Board holds
    exactly these records (the kit carries the Board's address, `board_url`; the phone that scans it needs a network,
    the hall does not)."""
    query = urlencode({"log": head["log"], "identity": head["identity"], "seq": head["seq"], "hash": head["hash"]})
    return f"{board_url.rstrip('/')}/public/hall/{head['kit']}/check/?{query}"


RECORDS_FORMAT = "hall-records/1"


def records_statement(*, kit: str, records) -> dict:
    """What the device signs of the event's rows as it sends them (the bundle's `records`): their SHA-256."""
    return {"format": RECORDS_FORMAT, "kit": kit, "sha256": hashlib.sha256(signing.canonical(records)).hexdigest()}


def records_sign(*, private_key: str, kit: str, records) -> str:
    return signing.sign(records_statement(kit=kit, records=records), private_key)


def records_verify(signature, *, kit: str, records, device_public_key: str) -> bool:
    return isinstance(signature, str) and signing.verify(records_statement(kit=kit, records=records), signature,
                                                         device_public_key)
