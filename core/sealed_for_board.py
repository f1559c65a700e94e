"""Sealing to the Board's public key (format sealed-for-board/1): what a hall laptop (DJANGO_ENV=hall) seals so that
only the Board can read it. The hall holds none of the Board's PAYOUT_IDENTITY_KEYS (one of them opens every
identity the Board keeps), only the public key the kit carries, so a laptop lost after the event gives up no winner's
identity, not even to whoever ran it: the hall cannot open what it sealed.

A token: "sealed-for-board/1.<kid>.<ephemeral>.<box>", where
- kid: the first 16 hex digits of SHA-256 over the Board's public key (which of the Board's keys opens it);
- ephemeral: a one-time X25519 public key made for this token (unpadded base64url, 32 bytes);
- box: a 12-byte nonce and the AES-256-GCM ciphertext with its tag (unpadded base64url), keyed by
  HKDF-SHA256(X25519(ephemeral private, Board public), salt = ephemeral public || Board public,
  info = "sealed-for-board/1"); the additional data is the token's text before the box ("sealed-for-board/1.<kid>.
  <ephemeral>"), so a changed header breaks it as a changed box does.
The prefix tells these tokens from Fernet's (which begin "gAAAAA", base64url of the version byte 0x80).

The Board's X25519 private key is derived from each of its Fernet keys (PAYOUT_IDENTITY_KEYS):
HKDF-SHA256(the key's 32 raw bytes, no salt, info = "payout-identity x25519/1"). So no new secret is kept: the key
that seals at the Board (the first) gives the public key a kit carries, and every key listed opens the tokens sealed
to its public key, so a key is changed as PAYOUT_IDENTITY_KEYS are (core.sealing), keeping the old one listed until
every hall bundle of a kit issued before has been taken in (the Board seals each identity again with Fernet then).
Pure: no settings; core.sealing passes the keys."""

from __future__ import annotations

import base64
import binascii
import hashlib
import os

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

FORMAT = "sealed-for-board/1"
PREFIX = FORMAT + "."
KEY_INFO = b"payout-identity x25519/1"
KEY_BYTES = 32
NONCE_BYTES = 12
KID_DIGITS = 16


class SealedForBoardError(ValueError):
    """A token or key that is not one, or a token none of the keys given opens (changed, or sealed for another key)."""


def _encode(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _decode(text: str, what: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as error:
        raise SealedForBoardError(f"the {what} is not base64url text") from error


def _raw_public(key: X25519PublicKey) -> bytes:
    return key.public_bytes(Encoding.Raw, PublicFormat.Raw)


def board_private_key(fernet_key: str | bytes) -> X25519PrivateKey:
    """The Board's X25519 key derived from one of its Fernet keys (urlsafe base64 of 32 bytes)."""
    text = fernet_key.decode("ascii") if isinstance(fernet_key, bytes) else fernet_key
    raw = _decode(text.strip(), "Fernet key")
    if len(raw) != KEY_BYTES:
        raise SealedForBoardError(f"a Fernet key is {KEY_BYTES} bytes; this one is {len(raw)}")
    derived = HKDF(algorithm=hashes.SHA256(), length=KEY_BYTES, salt=None, info=KEY_INFO).derive(raw)
    return X25519PrivateKey.from_private_bytes(derived)


def board_public_key(fernet_key: str | bytes) -> str:
    """The public key the kit carries (unpadded base64url of its 32 bytes)."""
    return _encode(_raw_public(board_private_key(fernet_key).public_key()))


def public_key_bytes(text) -> bytes:
    """The 32 bytes of a public key given as text; SealedForBoardError when it is not one."""
    if not isinstance(text, str) or not text.isascii():
        raise SealedForBoardError("the public key is not base64url text")
    raw = _decode(text.strip(), "public key")
    if len(raw) != KEY_BYTES:
        raise SealedForBoardError(f"the public key is {len(raw)} bytes; an X25519 public key is {KEY_BYTES}")
    return raw


def _kid(public_raw: bytes) -> str:
    return hashlib.sha256(public_raw).hexdigest()[:KID_DIGITS]


def _box_key(shared: bytes, ephemeral_raw: bytes, board_raw: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=KEY_BYTES, salt=ephemeral_raw + board_raw,
                info=FORMAT.encode("ascii")).derive(shared)


def is_sealed_for_board(token) -> bool:
    return isinstance(token, str) and token.startswith(PREFIX)


def seal_for_board(plaintext: bytes, public_key: str) -> str:
    board_raw = public_key_bytes(public_key)
    ephemeral = X25519PrivateKey.generate()
    ephemeral_raw = _raw_public(ephemeral.public_key())
    try:
        shared = ephemeral.exchange(X25519PublicKey.from_public_bytes(board_raw))
    except ValueError as error:  # a low-order point: no shared secret
        raise SealedForBoardError("the public key is not one to seal to") from error
    header = f"{PREFIX}{_kid(board_raw)}.{_encode(ephemeral_raw)}"
    nonce = os.urandom(NONCE_BYTES)
    box = AESGCM(_box_key(shared, ephemeral_raw, board_raw)).encrypt(nonce, plaintext, header.encode("ascii"))
    return f"{header}.{_encode(nonce + box)}"


def open_sealed_for_board(token: str, fernet_keys) -> bytes:
    """The plaintext, opened with the Board's key (derived from one of `fernet_keys`) the token names."""
    if not is_sealed_for_board(token) or not token.isascii():
        raise SealedForBoardError(f"not a {FORMAT} token")
    parts = token[len(PREFIX):].split(".")
    if len(parts) != 3:
        raise SealedForBoardError(f"a {FORMAT} token has a key id, an ephemeral key and a box")
    kid, ephemeral_text, box_text = parts
    ephemeral_raw, box = _decode(ephemeral_text, "ephemeral key"), _decode(box_text, "box")
    if len(ephemeral_raw) != KEY_BYTES or len(box) <= NONCE_BYTES:
        raise SealedForBoardError(f"the {FORMAT} token is cut short")
    for key in fernet_keys:
        private = board_private_key(key)
        board_raw = _raw_public(private.public_key())
        if _kid(board_raw) != kid:
            continue
        try:
            shared = private.exchange(X25519PublicKey.from_public_bytes(ephemeral_raw))
            return AESGCM(_box_key(shared, ephemeral_raw, board_raw)).decrypt(
                box[:NONCE_BYTES], box[NONCE_BYTES:], f"{PREFIX}{kid}.{ephemeral_text}".encode("ascii"))
        except (InvalidTag, ValueError) as error:
            raise SealedForBoardError(f"the {FORMAT} token was changed after it was sealed") from error
    raise SealedForBoardError(f"the {FORMAT} token is sealed for a key the Board does not hold (key id {kid})")
