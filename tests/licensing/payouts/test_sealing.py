"""The keys that seal winners' identities (core.sealing, PAYOUT_IDENTITY_KEYS): a new key, a change of key end to
end (`manage.py payouts rotate-keys`), a key that is no key stopping the process, and the development key failing
the deploy check."""

from io import StringIO

import pytest
from cryptography.fernet import Fernet
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import override_settings

from core.apps import payout_identity_keys_check
from core.checks import payout_identity_keys_are_not_the_development_one
from core.sealing import (
    SealedValueUnreadable,
    SealingKeyError,
    development_key,
    keys_check,
    new_key,
    seal,
    unseal,
)
from licensing.models import AuditEvent, Payout
from tests.config.test_production import _run_production
from tests.licensing.payouts.winners import ANA, BEN, bingo_license, open_payout, pay

KEY_A, KEY_B, KEY_C = new_key(), new_key(), new_key()


def _rotate(*options) -> str:
    out = StringIO()
    call_command("payouts", "rotate-keys", *options, stdout=out)
    return out.getvalue()


def test_new_key_prints_a_fernet_key_each_time_a_new_one():
    printed = []
    for _ in range(2):
        out = StringIO()
        call_command("payouts", "new-key", stdout=out)
        printed.append(out.getvalue().strip())
    assert printed[0] != printed[1]
    for key in printed:
        assert Fernet(key).decrypt(Fernet(key).encrypt(b"x")) == b"x"


@pytest.mark.django_db
def test_a_change_of_key_end_to_end():
    license = bingo_license()
    with override_settings(PAYOUT_IDENTITY_KEYS=[KEY_A]):
        paid = pay(open_payout(license), winner=ANA)
        sealed_with_a = paid.identity
        name_only = pay(open_payout(license, number=2, prize="100.00"), winner={"name": "Bo"})
    open_payout(license, number=3)  # not paid: nothing sealed, nothing to seal again

    with override_settings(PAYOUT_IDENTITY_KEYS=[KEY_B, KEY_A]):
        assert _rotate("--batch-size", "1") == ("2 payout identities sealed again with the first key of "
                                                "PAYOUT_IDENTITY_KEYS; the other keys can now be dropped.\n")
    paid.refresh_from_db()
    assert paid.identity != sealed_with_a
    [event] = AuditEvent.objects.filter(event_type="licensing.payout_identities_resealed")
    assert event.payload == {"count": 2} and event.actor is None

    with override_settings(PAYOUT_IDENTITY_KEYS=[KEY_B]):  # the old key dropped: still readable
        assert unseal(paid.identity)["tin"] == "287654321"
        assert unseal(Payout.objects.get(pk=name_only.pk).identity)["name"] == "Bo"
    with override_settings(PAYOUT_IDENTITY_KEYS=[KEY_A]), pytest.raises(SealedValueUnreadable):
        unseal(paid.identity)  # only the old key: what the new one sealed cannot be read


@pytest.mark.django_db
def test_rotating_twice_keeps_every_identity_readable():
    license = bingo_license()
    with override_settings(PAYOUT_IDENTITY_KEYS=[KEY_A]):
        paid = pay(open_payout(license), winner=ANA)
    with override_settings(PAYOUT_IDENTITY_KEYS=[KEY_B, KEY_A]):
        _rotate()
        assert _rotate().startswith("1 payout identities")
    with override_settings(PAYOUT_IDENTITY_KEYS=[KEY_B]):
        assert unseal(Payout.objects.get(pk=paid.pk).identity)["name"] == "Ana Ruiz"


@pytest.mark.django_db
def test_a_payout_no_listed_key_reads_stops_the_rotation_naming_it_and_nothing_changes():
    license = bingo_license()
    with override_settings(PAYOUT_IDENTITY_KEYS=[KEY_A]):
        readable = pay(open_payout(license), winner=ANA)
    with override_settings(PAYOUT_IDENTITY_KEYS=[KEY_C]):
        lost = pay(open_payout(license, session="bingo.game:2"), winner=BEN)
    assert readable.pk < lost.pk  # the readable one is in the first batch, sealed again before the failure
    before = dict(Payout.objects.values_list("pk", "identity"))

    with override_settings(PAYOUT_IDENTITY_KEYS=[KEY_B, KEY_A]), pytest.raises(CommandError) as refused:
        _rotate("--batch-size", "1")
    assert str(refused.value) == (
        f"Payout {lost.pk} ({lost.form_number}, paid 2026-06-06) cannot be read with the keys in "
        "PAYOUT_IDENTITY_KEYS: nothing was changed. List the key it was sealed with again (after the new one) and "
        "run rotate-keys again.")
    assert refused.value.returncode == 2
    assert dict(Payout.objects.values_list("pk", "identity")) == before
    assert not AuditEvent.objects.filter(event_type="licensing.payout_identities_resealed").exists()


@pytest.mark.parametrize("size", ["0", "-1", "abc", "١٢", "100001"])
def test_a_bad_batch_size_is_refused(size):
    with pytest.raises(CommandError, match="--batch-size"):
        _rotate("--batch-size", size)


# --- the keys themselves ---

def test_the_development_key_is_the_settings_default(settings):
    # The settings import no app, so they spell core.sealing.development_key out: the two must agree.
    assert development_key(settings.DEV_PAYOUT_IDENTITY_KEY_LABEL) == settings.PAYOUT_IDENTITY_KEYS[0]


@pytest.mark.parametrize(("keys", "message"), [
    ([], "no key given"),
    (["not-a-key"], "key 1 of 1 is not a Fernet key"),
    ([KEY_A, KEY_A[:-2]], "key 2 of 2 is not a Fernet key"),  # a key cut short
    ([KEY_A, "é" * 44], "key 2 of 2 is not a Fernet key"),
])
def test_keys_that_are_no_fernet_keys_are_named_by_their_place_never_their_text(keys, message):
    with pytest.raises(SealingKeyError, match=message) as refused:
        keys_check(keys)
    for key in keys:
        assert key not in str(refused.value)
    with override_settings(PAYOUT_IDENTITY_KEYS=keys), pytest.raises(ImproperlyConfigured, match=message):
        payout_identity_keys_check()


def test_good_keys_pass_the_start_check():
    keys_check([KEY_A, KEY_B])
    with override_settings(PAYOUT_IDENTITY_KEYS=[KEY_A, KEY_B]):
        payout_identity_keys_check()


def test_the_deploy_check_refuses_the_development_key_anywhere_in_the_list(settings):
    dev = development_key(settings.DEV_PAYOUT_IDENTITY_KEY_LABEL)
    for keys in ([dev], [KEY_A, dev]):  # after a key of its own it still unseals what it sealed
        settings.PAYOUT_IDENTITY_KEYS = keys
        [warning] = payout_identity_keys_are_not_the_development_one()
        assert warning.id == "core.W004" and "rotate-keys" in warning.hint
    settings.PAYOUT_IDENTITY_KEYS = [KEY_A, KEY_B]
    assert payout_identity_keys_are_not_the_development_one() == []


def test_production_needs_payout_identity_keys_of_its_own():
    missing = _run_production("", PAYOUT_IDENTITY_KEYS=None)
    assert missing.returncode != 0 and "Set the PAYOUT_IDENTITY_KEYS environment variable" in missing.stderr
    bad = _run_production("", PAYOUT_IDENTITY_KEYS=f"{KEY_A},{KEY_B[:20]}")
    assert bad.returncode != 0 and "PAYOUT_IDENTITY_KEYS: key 2 of 2 is not a Fernet key" in bad.stderr
    assert KEY_B[:20] not in bad.stderr and KEY_A not in bad.stderr
    sealed = _run_production("from core.sealing import seal, unseal\nprint(unseal(seal({'tin': '1'}))['tin'])\n",
                             PAYOUT_IDENTITY_KEYS=f"{KEY_A},{KEY_B}")
    assert sealed.returncode == 0 and sealed.stdout.split() == ["1"], sealed.stderr


def test_the_first_key_seals_and_every_key_unseals():
    with override_settings(PAYOUT_IDENTITY_KEYS=[KEY_A]):
        token = seal({"tin": "287654321"})
    with override_settings(PAYOUT_IDENTITY_KEYS=[KEY_B, KEY_A]):
        assert unseal(token) == {"tin": "287654321"}
        newer = seal({"tin": "287654321"})
    with override_settings(PAYOUT_IDENTITY_KEYS=[KEY_A]), pytest.raises(SealedValueUnreadable):
        unseal(newer)
    with override_settings(PAYOUT_IDENTITY_KEYS=[KEY_A]), pytest.raises(SealedValueUnreadable):
        unseal(token[:-4] + "AAAA")  # a sealed value changed is refused, not misread
