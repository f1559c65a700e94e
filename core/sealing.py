"""Sealing a person's identity at rest (a winner's taxpayer number, address and identification): Fernet tokens of
the `cryptography` library, with a list of keys so a key can be changed without a gap (MultiFernet).

PAYOUT_IDENTITY_KEYS (the environment, comma-separated Fernet keys, the newest first): the first seals, every one
unseals. To change the key: put a new key first (`manage.py payouts new-key` prints one), keep the old ones after
it, run `manage.py payouts rotate-keys` (every sealed value is sealed again with the first key), then drop the old
keys. A value sealed with a key no longer listed cannot be read: `SealedValueUnreadable`."""

from __future__ import annotations

import json

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings


class SealedValueUnreadable(Exception):
    """The sealed value was made with a key that is not in PAYOUT_IDENTITY_KEYS (or was changed)."""


def new_key() -> str:
    return Fernet.generate_key().decode("ascii")


def _sealer(keys: list[str] | None = None) -> MultiFernet:
    keys = keys if keys is not None else list(settings.PAYOUT_IDENTITY_KEYS)
    if not keys:
        raise SealedValueUnreadable("PAYOUT_IDENTITY_KEYS is empty: no key to seal or unseal with.")
    return MultiFernet([Fernet(key.encode("ascii") if isinstance(key, str) else key) for key in keys])


def seal(data: dict) -> str:
    """The data as one token (JSON inside), sealed with the current key."""
    return _sealer().encrypt(json.dumps(data, sort_keys=True, ensure_ascii=False).encode("utf-8")).decode("ascii")


def unseal(token: str) -> dict:
    if not token:
        return {}
    try:
        return json.loads(_sealer().decrypt(token.encode("ascii")).decode("utf-8"))
    except (InvalidToken, ValueError) as error:
        raise SealedValueUnreadable("A sealed value could not be read with the keys in PAYOUT_IDENTITY_KEYS.") \
            from error


def reseal(token: str) -> str:
    """The same data sealed with the current (first) key; unchanged text when it already is."""
    if not token:
        return token
    try:
        return _sealer().rotate(token.encode("ascii")).decode("ascii")
    except InvalidToken as error:
        raise SealedValueUnreadable("A sealed value could not be read with the keys in PAYOUT_IDENTITY_KEYS.") \
            from error
