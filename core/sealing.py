"""Sealing a person's identity at rest (a winner's taxpayer number, address and identification): Fernet tokens of
the `cryptography` library, with a list of keys so a key can be changed without a gap (MultiFernet).

PAYOUT_IDENTITY_KEYS (the environment, comma-separated Fernet keys, the newest first): the first seals, every one
unseals. To change the key: put a new key first (`manage.py payouts new-key` prints one), keep the old ones after
it, run `manage.py payouts rotate-keys` (every sealed value is sealed again with the first key), then drop the old
keys. A value sealed with a key no longer listed cannot be read: `SealedValueUnreadable`. A key that is no Fernet
key stops every process at start (core.apps), and the development key fails the deploy check (core.checks).

At a hall (DJANGO_ENV=hall) the server holds none of those keys: PAYOUT_IDENTITY_BOARD_KEY is the Board's public
key the kit carries, and `seal` seals to it (core.sealed_for_board), so the hall cannot open what it sealed. The
Board opens such a token with the X25519 key derived from each of its PAYOUT_IDENTITY_KEYS, and `reseal` turns it
into a Fernet token as it takes the hall's records in."""

from __future__ import annotations

import base64
import binascii
import hashlib
import json

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings
from django.db.models import QuerySet

from core.sealed_for_board import (
    SealedForBoardError,
    board_public_key,
    is_sealed_for_board,
    open_sealed_for_board,
    seal_for_board,
)

RESEAL_BATCH = 500


class SealedValueUnreadable(Exception):
    """The sealed value was made with a key that is not in PAYOUT_IDENTITY_KEYS (or was changed); at a hall, any
    value sealed for the Board."""


class SealedRowUnreadable(SealedValueUnreadable):
    """One row's sealed value could not be read while sealing every row again: the row says which."""

    def __init__(self, row):
        self.row = row
        super().__init__(f"{row._meta.label} {row.pk}: its sealed value could not be read with the keys in "
                         "PAYOUT_IDENTITY_KEYS.")


class SealingKeyError(ValueError):
    """PAYOUT_IDENTITY_KEYS is empty or holds something that is no Fernet key."""


def new_key() -> str:
    return Fernet.generate_key().decode("ascii")


def development_key(label: str) -> str:
    """A fixed Fernet key for a laptop and the tests, derived from a label: never for production (anyone who reads
    this code can derive it, and read whatever was sealed with it)."""
    return base64.urlsafe_b64encode(hashlib.sha256(label.encode("utf-8")).digest()).decode("ascii")


def keys_check(keys) -> None:
    """Every key a Fernet key (32 bytes, base64url), at least one. A bad key is named by its place in the list,
    never by its text: the message goes to logs, and a mistyped key is still most of a key."""
    if not keys:
        raise SealingKeyError("no key given: list at least one Fernet key (`manage.py payouts new-key` makes one)")
    for place, key in enumerate(keys, start=1):
        try:
            Fernet(key.encode("ascii") if isinstance(key, str) else key)
        except (ValueError, TypeError, binascii.Error, UnicodeEncodeError):
            raise SealingKeyError(f"key {place} of {len(keys)} is not a Fernet key (32 bytes as base64url, 44 "
                                  "characters ending in '='; `manage.py payouts new-key` makes one)") from None


def _keys(keys: list[str] | None = None) -> list[str]:
    keys = keys if keys is not None else list(settings.PAYOUT_IDENTITY_KEYS)
    if not keys:
        raise SealedValueUnreadable("PAYOUT_IDENTITY_KEYS is empty: no key to seal or unseal with.")
    return keys


def _sealer(keys: list[str] | None = None) -> MultiFernet:
    return MultiFernet([Fernet(key.encode("ascii") if isinstance(key, str) else key) for key in _keys(keys)])


def seals_for_board() -> bool:
    """True on a hall server: it seals to the Board's public key and can open nothing it sealed."""
    return bool(getattr(settings, "PAYOUT_IDENTITY_BOARD_KEY", ""))


def board_public_key_now() -> str:
    """The Board's public key for identities sealed at a hall (from the first PAYOUT_IDENTITY_KEYS key): a kit
    carries it."""
    return board_public_key(_keys()[0])


def _text(data: dict) -> bytes:
    return json.dumps(data, sort_keys=True, ensure_ascii=False).encode("utf-8")


def seal(data: dict) -> str:
    """The data as one token (JSON inside), sealed with the current key (at a hall: for the Board)."""
    if seals_for_board():
        try:
            return seal_for_board(_text(data), settings.PAYOUT_IDENTITY_BOARD_KEY)
        except SealedForBoardError as error:
            raise SealedValueUnreadable(f"PAYOUT_IDENTITY_BOARD_KEY: {error}") from error
    return _sealer().encrypt(_text(data)).decode("ascii")


def unseal(token: str) -> dict:
    if not token:
        return {}
    if is_sealed_for_board(token):
        if seals_for_board():
            raise SealedValueUnreadable("This value is sealed for the Board: only the Board can read it.")
        try:
            return json.loads(open_sealed_for_board(token, _keys()).decode("utf-8"))
        except (SealedForBoardError, ValueError) as error:
            raise SealedValueUnreadable(f"A value sealed for the Board could not be read: {error}.") from error
    try:
        return json.loads(_sealer().decrypt(token.encode("ascii")).decode("utf-8"))
    except (InvalidToken, ValueError) as error:
        raise SealedValueUnreadable("A sealed value could not be read with the keys in PAYOUT_IDENTITY_KEYS.") \
            from error


def reseal(token: str) -> str:
    """The same data sealed again with the current (first) key: a new token every time, whichever listed key
    sealed it before; empty text stays empty. A value sealed for the Board at a hall becomes a Fernet token (the
    Board's, as it takes the hall's records in)."""
    if not token:
        return token
    if is_sealed_for_board(token):
        return _sealer().encrypt(_text(unseal(token))).decode("ascii")
    try:
        return _sealer().rotate(token.encode("ascii")).decode("ascii")
    except (InvalidToken, ValueError) as error:
        raise SealedValueUnreadable("A sealed value could not be read with the keys in PAYOUT_IDENTITY_KEYS.") \
            from error


def reseal_rows(rows: QuerySet, field: str, *, batch_size: int = RESEAL_BATCH) -> int:
    """Seal `field` of every row of `rows` again with the first key, `batch_size` rows at a time (each batch
    locked, so a purge or a payment running meanwhile is neither lost nor undone); the caller holds the
    transaction, so a row that cannot be read (SealedRowUnreadable, naming it) leaves every row as it was.
    Returns how many values were sealed again (empty ones are skipped)."""
    count, last = 0, None
    rows = rows.exclude(**{field: ""}).order_by("pk")
    while True:
        batch = list((rows if last is None else rows.filter(pk__gt=last)).select_for_update()[:batch_size])
        if not batch:
            return count
        for row in batch:
            try:
                setattr(row, field, reseal(getattr(row, field)))
            except SealedValueUnreadable as error:
                raise SealedRowUnreadable(row) from error
        rows.model.objects.bulk_update(batch, [field])
        count += len(batch)
        last = batch[-1].pk
