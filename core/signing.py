"""Signatures anyone can check without the server's secrets: Ed25519 (RFC 8032) over the canonical JSON
of what is signed. The private key stays in the server's environment; the public key is printed and
handed out, so a copy kept outside the database (the log anchors' witness, later a hall's kit) proves
who wrote it and that nobody changed it since.

Keys and signatures travel as text: unpadded base64url of the raw bytes (a private key is its 32-byte
seed, so `secrets.token_urlsafe(32)` is a valid one). No Django here: callers pass the keys in."""

from __future__ import annotations

import base64
import binascii
import hashlib
import json

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

KEY_BYTES = 32


class SigningKeyError(ValueError):
    """A key given as text is not one: wrong characters or length."""


def _decode(text: str, what: str, size: int | None = None) -> bytes:
    try:
        raw = base64.urlsafe_b64decode(text.strip() + "=" * (-len(text.strip()) % 4))
    except (binascii.Error, ValueError) as error:
        raise SigningKeyError(f"the {what} is not base64url text") from error
    if size is not None and len(raw) != size:
        raise SigningKeyError(f"the {what} is {len(raw)} bytes; an Ed25519 {what} is {size}")
    return raw


def _encode(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def development_key(label: str) -> str:
    """A fixed private key for a laptop and the tests, derived from a label: never for production
    (anyone who reads this code can derive it)."""
    return _encode(hashlib.sha256(label.encode("utf-8")).digest())


def new_private_key() -> str:
    return _encode(Ed25519PrivateKey.generate().private_bytes_raw())


def private_key(text: str) -> Ed25519PrivateKey:
    return Ed25519PrivateKey.from_private_bytes(_decode(text, "private key", KEY_BYTES))


def public_key_of(private_text: str) -> str:
    return _encode(private_key(private_text).public_key().public_bytes(Encoding.Raw, PublicFormat.Raw))


def canonical(value) -> bytes:
    """The one byte string a JSON value is signed as: keys sorted, no spaces, UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def public_key_bytes(text: str) -> bytes:
    """The raw bytes of a public key given as text; SigningKeyError when it is not one (wrong characters, wrong
    length, or not a point of the curve)."""
    raw = _decode(text, "public key", KEY_BYTES)
    try:
        Ed25519PublicKey.from_public_bytes(raw)
    except ValueError as error:
        raise SigningKeyError("the public key is not an Ed25519 key") from error
    return raw


def sign(value, private_text: str) -> str:
    return _encode(private_key(private_text).sign(canonical(value)))


def verify(value, signature: str, public_text: str) -> bool:
    """True when `signature` is the holder of `public_text`'s signature over `value`; False for any
    malformed key or signature too (a reader checks copies it did not write)."""
    try:
        public = Ed25519PublicKey.from_public_bytes(_decode(public_text, "public key", KEY_BYTES))
        public.verify(_decode(signature, "signature"), canonical(value))
    except (SigningKeyError, InvalidSignature, ValueError):
        return False
    return True
