"""The hall's export (licensing.hall.export) sends the heads the device signed at each close, as they were signed; a
log that grew past its newest close-signed head gets a head signed at the export too, and the Board takes the
highest seq as the log's head."""

import datetime as dt

import pytest

from bingo.live import services as live
from bingo.models import GameEvent
from licensing.hall.checks import bundle_problems
from licensing.hall.closing import heads_sign_at_close
from licensing.hall.export import bundle_export
from licensing.models import HallHead
from tests.bingo.factories import bingo_calls
from tests.licensing.hall.conftest import DEVICE_PRIVATE, at_the_hall, play_and_close

pytestmark = pytest.mark.django_db


def test_the_export_sends_the_heads_signed_at_the_close(tonight, tmp_path):
    kit, world = tonight
    with at_the_hall(kit, tmp_path):
        play_and_close(world)
        bundle = bundle_export(kit=kit, device_private_key=DEVICE_PRIVATE)
    assert bundle["heads"] == [HallHead.objects.get().head]  # not signed again: the very head the room was shown
    assert bundle_problems(bundle) == []


def test_a_log_that_grew_after_its_close_signed_head_is_signed_again_at_the_export(tonight, tmp_path):
    kit, world = tonight
    with at_the_hall(kit, tmp_path):
        live.game_start(actor=world.caller, game=world.game)
        live.ball_record(actor=world.caller, game=world.game, number=bingo_calls(world.face(5))[0])
        heads_sign_at_close(actor=world.caller, organization=world.game.operation.license.organization,
                            kind="bingo", event_id=world.game.operation_id, logs=[(GameEvent, str(world.game.pk))])
        live.ball_record(actor=world.caller, game=world.game, number=bingo_calls(world.face(5))[1])
        bundle = bundle_export(kit=kit, device_private_key=DEVICE_PRIVATE)
        last = GameEvent.objects.filter(game=world.game).order_by("seq").last()
    closed, exported = bundle["heads"]
    assert closed == HallHead.objects.get().head and closed["seq"] == 2
    # Signed as of the log's last row: exporting again with no new row gives the very same bundle.
    assert exported["seq"] == 3 and dt.datetime.fromisoformat(exported["signed_at"]) == last.created_at
    assert bundle_problems(bundle) == []
