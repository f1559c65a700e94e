"""The hall device as the running hall server knows it (DJANGO_ENV=hall): the kit it was installed with and its own
key, both in HALL_DIR (`manage.py hall install`). None on the Board's server, or on a hall not installed yet: code
that signs at the hall (a close signing its heads) does nothing then."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

from core import signing
from licensing.audit.witness import trusted_keys

KIT_FILE = "kit.json"
KEY_FILE = "device.key"
SECRET_FILE = "secret"  # noqa: S105 (the name of the file, not a secret)


@dataclass(frozen=True)
class HallDevice:
    kit: dict  # the kit document, exactly as the Board signed it
    private_key: str  # the device's Ed25519 private key (it never leaves the device)

    @property
    def kit_id(self) -> str:
        return self.kit["kit"]

    @property
    def public_key(self) -> str:
        return signing.public_key_of(self.private_key)


def hall_dir() -> Path:
    return Path(settings.HALL_DIR)


def hall_device() -> HallDevice | None:
    """The installed kit and the device key, read afresh (a few hundred bytes; a close is rare): None unless this
    server runs in hall mode with a kit installed."""
    if not settings.HALL:
        return None
    kit, key = hall_dir() / KIT_FILE, hall_dir() / KEY_FILE
    if not kit.is_file() or not key.is_file():
        return None
    return HallDevice(kit=json.loads(kit.read_text(encoding="utf-8")), private_key=key.read_text("utf-8").strip())


def board_keys() -> set[str]:
    """The Board's public keys a kit is believed from: at the hall, HALL_BOARD_KEYS only (never a key the hall holds
    itself); on the Board's server, its own signing key's and the earlier ones'."""
    if settings.HALL:
        return set(settings.HALL_BOARD_KEYS)
    return trusted_keys()
