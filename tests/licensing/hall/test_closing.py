"""Signed heads at close (licensing.hall.closing): at the hall, closing a bingo game signs its log's head with the
device's key and keeps it (HallHead, append-only); on the Board's server, for another event or another device,
nothing is signed. The night's and the table's closes: tests/montecarlo/nights/test_hall_heads.py."""

import pytest

from bingo.live import services as live
from bingo.models import EventKind, GameEvent
from core import signing
from licensing.hall.closing import heads_sign_at_close
from licensing.hall.heads import head_verifies
from licensing.models import AuditEvent, HallHead
from licensing.models.hall import HallKitImmutableError
from tests.bingo.factories import bingo_calls
from tests.licensing.hall.conftest import DEVICE, at_the_hall, play_and_close

pytestmark = pytest.mark.django_db


def test_closing_a_game_at_the_hall_signs_the_head_of_its_log(tonight, tmp_path):
    kit, world = tonight
    with at_the_hall(kit, tmp_path):
        closed = play_and_close(world)
    head = HallHead.objects.get()
    assert closed.kind == EventKind.CLOSE and closed.seq == 5
    assert (str(head.kit), head.log, head.identity, head.seq, head.hash) == (
        kit["kit"], "bingo.gameevent", str(world.game.pk), closed.seq, closed.hash)
    # Signed by the device the kit names, over exactly what the row holds; kept as signed.
    assert head_verifies(head.head, device_public_key=DEVICE)
    assert (head.head["seq"], head.head["hash"], head.head["signature"]) == (head.seq, head.hash, head.signature)
    assert not head_verifies({**head.head, "seq": 4}, device_public_key=DEVICE)
    audited = AuditEvent.objects.get(event_type="licensing.hall_heads_signed")
    assert audited.payload == {"kit": kit["kit"], "heads": [{"log": "bingo.gameevent", "identity": str(world.game.pk),
                                                             "seq": 5, "hash": closed.hash}]}
    with pytest.raises(HallKitImmutableError):
        head.save()
    with pytest.raises(HallKitImmutableError):
        HallHead.objects.filter(pk=head.pk).update(seq=6)


def test_on_the_boards_server_a_close_signs_nothing(tonight, tmp_path, settings):
    _kit, world = tonight
    play_and_close(world)
    assert not HallHead.objects.exists()
    assert not AuditEvent.objects.filter(event_type="licensing.hall_heads_signed").exists()


def test_a_hall_with_no_kit_installed_signs_nothing(tonight, tmp_path, settings):
    _kit, world = tonight
    settings.HALL, settings.HALL_DIR = True, tmp_path  # an empty HALL_DIR: `hall install` not run yet
    play_and_close(world)
    assert not HallHead.objects.exists()


@pytest.mark.parametrize("change", ["another event", "another device"])
def test_the_device_signs_only_its_kits_event_and_only_with_the_kits_key(tonight, tmp_path, change):
    kit, world = tonight
    if change == "another event":
        installed = {**kit, "event": {**kit["event"], "id": kit["event"]["id"] + 1}}
    else:
        installed = {**kit, "device": {"public_key": signing.public_key_of(signing.development_key("another"))}}
    with at_the_hall(installed, tmp_path):
        play_and_close(world)
    assert not HallHead.objects.exists()


def test_a_later_close_signs_only_a_log_that_grew(tonight, tmp_path):
    kit, world = tonight
    logs = [(GameEvent, str(world.game.pk))]
    organization = world.game.operation.license.organization
    with at_the_hall(kit, tmp_path):
        live.game_start(actor=world.caller, game=world.game)
        first = heads_sign_at_close(actor=world.caller, organization=organization, kind="bingo",
                                    event_id=world.game.operation_id, logs=logs)
        again = heads_sign_at_close(actor=world.caller, organization=organization, kind="bingo",
                                    event_id=world.game.operation_id, logs=logs)
        live.ball_record(actor=world.caller, game=world.game, number=bingo_calls(world.face(5))[0])
        grown = heads_sign_at_close(actor=world.caller, organization=organization, kind="bingo",
                                    event_id=world.game.operation_id, logs=logs)
    assert [head.seq for head in first] == [1] and again == [] and [head.seq for head in grown] == [2]
    assert list(HallHead.objects.values_list("seq", flat=True)) == [1, 2]
