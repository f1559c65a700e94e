"""Sealing identities (core.sealing): Fernet at the Board; at a hall, sealed to the Board's public key
(core.sealed_for_board), which the hall cannot open and the Board opens with the key derived from its own."""

import pytest
from django.test import override_settings

from core.sealed_for_board import board_public_key, is_sealed_for_board
from core.sealing import SealedValueUnreadable, new_key, reseal, seal, unseal

WINNER = {"name": "Ana Ruiz", "tin": "123456789"}
OLD, NEW = new_key(), new_key()


def at_a_hall(board_key: str = NEW):
    return override_settings(PAYOUT_IDENTITY_KEYS=[], PAYOUT_IDENTITY_BOARD_KEY=board_public_key(board_key))


def at_the_board(*keys: str):
    return override_settings(PAYOUT_IDENTITY_KEYS=list(keys), PAYOUT_IDENTITY_BOARD_KEY="")


def test_the_board_seals_with_fernet():
    with at_the_board(NEW):
        token = seal(WINNER)
        assert token.startswith("gAAAAA") and not is_sealed_for_board(token) and unseal(token) == WINNER


def test_a_hall_seals_for_the_board_cannot_open_it_and_the_board_opens_it_and_seals_it_again():
    with at_a_hall():
        token = seal(WINNER)
        assert token.startswith("sealed-for-board/1.") and "123456789" not in token
        with pytest.raises(SealedValueUnreadable):
            unseal(token)
        with pytest.raises(SealedValueUnreadable):
            reseal(token)
        assert seal(WINNER) != token  # a new ephemeral key each time
    with at_the_board(NEW):
        assert unseal(token) == WINNER
        fernet = reseal(token)
        assert not is_sealed_for_board(fernet) and unseal(fernet) == WINNER


def test_a_key_changed_at_the_board_still_opens_what_a_hall_sealed_to_the_old_one_while_it_is_listed():
    with at_a_hall(OLD):
        token = seal(WINNER)
    with at_the_board(NEW, OLD):
        assert unseal(token) == WINNER
    with at_the_board(NEW), pytest.raises(SealedValueUnreadable, match="key the Board does not hold"):
        unseal(token)


def _other_ephemeral(token: str) -> str:
    with at_a_hall():
        other = seal(WINNER)
    prefix, kid, _ephemeral, box = token.split(".")
    return ".".join([prefix, kid, other.split(".")[2], box])


@pytest.mark.parametrize("changed", [
    lambda token: token[:-20] + ("A" if token[-20] != "A" else "B") + token[-19:],  # the box
    _other_ephemeral,  # the header the box is bound to
    lambda token: token.rsplit(".", 1)[0] + ".AAAA",  # cut short
    lambda token: token + ".more",
    lambda token: "sealed-for-board/1.é",
])
def test_a_changed_token_is_unreadable_never_an_error_of_another_kind(changed):
    with at_a_hall():
        token = seal(WINNER)
    with at_the_board(NEW), pytest.raises(SealedValueUnreadable):
        unseal(changed(token))
