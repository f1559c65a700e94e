"""core.signing: Ed25519 signatures over canonical JSON that anyone holding the public key can check."""

import secrets

import pytest

from core import signing


def test_a_signature_verifies_with_the_public_key_and_only_for_what_was_signed():
    private = signing.new_private_key()
    public = signing.public_key_of(private)
    value = {"anchors": [{"seq": 1, "hash": "ab" * 32}], "reason": "daily"}
    signature = signing.sign(value, private)
    assert signing.verify(value, signature, public)
    assert signing.verify(dict(reversed(value.items())), signature, public)  # canonical: key order does not matter
    assert not signing.verify({**value, "reason": "close"}, signature, public)
    assert not signing.verify(value, signature, signing.public_key_of(signing.new_private_key()))


@pytest.mark.parametrize(("signature", "public"), [("not base64 !", None), ("", None), ("AAAA", None),
                                                   (None, "short"), (None, "not base64 !")])
def test_a_malformed_signature_or_key_does_not_verify(signature, public):
    private = signing.new_private_key()
    value = {"n": 1}
    assert not signing.verify(value, signature if signature is not None else signing.sign(value, private),
                              public if public is not None else signing.public_key_of(private))


def test_private_keys_are_32_bytes_of_base64url_text():
    assert len(signing.public_key_of(secrets.token_urlsafe(32))) == 43  # what `make check-deploy` generates
    with pytest.raises(signing.SigningKeyError, match="the private key is 3 bytes; an Ed25519 private key is 32"):
        signing.private_key("abcd")
    with pytest.raises(signing.SigningKeyError, match="not base64url"):
        signing.private_key("a" * 41 + "!")
    # The development key is fixed (a laptop's copies verify across restarts) and derived from its label.
    assert signing.development_key("x") == signing.development_key("x") != signing.development_key("y")
