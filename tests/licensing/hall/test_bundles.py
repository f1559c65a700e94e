"""The Board's check of a bundle a hall sends back (licensing.hall.verify, .checks): a game played under a kit, its
log chained with the kit's chain key and its head signed by the device, checks; each way of tampering with a bundle
is refused, naming the log and the first bad row."""

import copy
import datetime as dt
import json

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import override_settings

from bingo.live import services as live
from bingo.models import GameEvent
from core import chain, signing
from licensing.hall.bundle import rebuilt
from licensing.hall.checks import bundle_problems
from licensing.hall.document import signed
from licensing.hall.kinds import kit_kind
from licensing.hall.services import kit_prepare
from licensing.models import EnforcementAction, Role
from licensing.models.choices import EnforcementKind
from tests.bingo.factories import bingo_calls, live_world
from tests.licensing.factories import board_staff, member
from tests.licensing.hall.conftest import DEVICE, DEVICE_PRIVATE, head_of

pytestmark = pytest.mark.django_db
LOG = "bingo.gameevent"


def _rehash(bundle: dict, start: int = 0) -> None:
    """What someone holding the kit (and so its chain key) can do: re-link and re-hash the rows from `start` on."""
    log = bundle["logs"][0]
    key = bundle["kit"]["chain_key"].encode("utf-8")
    previous = log["rows"][start - 1]["hash"] if start else chain.GENESIS
    for row in log["rows"][start:]:
        row["prev_hash"] = previous
        row["hash"] = chain.row_hash(LOG, log["identity"], rebuilt(GameEvent, row), key)
        previous = row["hash"]


def _messages(bundle) -> list[str]:
    return [finding.message for finding in bundle_problems(bundle)]


def test_a_bundle_played_under_its_kit_checks(played):
    _kit, world, bundle = played
    assert bundle_problems(bundle) == []
    # Through JSON and back, as it travels.
    assert bundle_problems(json.loads(json.dumps(bundle))) == []
    assert [row["seq"] for row in bundle["logs"][0]["rows"]] == [1, 2, 3, 4, 5]


def _tampered(bundle: dict, how) -> dict:
    copied = copy.deepcopy(bundle)
    how(copied)
    return copied


def _rows(bundle) -> list[dict]:
    return bundle["logs"][0]["rows"]


def _edit(bundle):
    _rows(bundle)[2]["payload"]["number"] = 75


def _edit_and_rehash(bundle):
    _edit(bundle)
    _rehash(bundle, 2)


def _delete_middle(bundle):
    del _rows(bundle)[2]


def _cut_short(bundle):
    del _rows(bundle)[-1]


def _reorder(bundle):
    rows = _rows(bundle)
    rows[1], rows[2] = rows[2], rows[1]


def _renumber(bundle):
    for row in _rows(bundle)[2:]:
        row["seq"] += 1


def _forge_after_close(bundle):
    extra = dict(_rows(bundle)[-1], seq=len(_rows(bundle)) + 1, payload={"number": 75, "source": "keyed"})
    _rows(bundle).append(extra)
    _rehash(bundle, len(_rows(bundle)) - 1)


def _head_by_another_device(bundle):
    last = _rows(bundle)[-1]
    bundle["heads"] = [head_of(bundle["kit"], bundle["logs"][0]["identity"], last["seq"], last["hash"],
                             key=signing.development_key("another laptop"))]


def _log_dropped(bundle):
    bundle["logs"] = []


def _head_dropped(bundle):
    bundle["heads"] = []


def _kit_changed(bundle):
    bundle["kit"]["event"]["ends_at"] = "23:59:00"


def _row_of_another_log(bundle):
    _rows(bundle)[1]["game_id"] += 1000


def _unknown_log(bundle):
    bundle["logs"][0]["log"] = "licensing.user"


def _twice(bundle):
    bundle["logs"].append(copy.deepcopy(bundle["logs"][0]))


def _odd_row(bundle):
    _rows(bundle)[0]["colour\x00"] = "٣"


def _another_day(bundle):
    """A hall that ran the kit on another day: the rows say so, even re-hashed and re-signed by the device."""
    for row in _rows(bundle):
        row["created_at"] = "2020-01-01T23:00:00.000000"
    _rehash(bundle)
    last = _rows(bundle)[-1]
    bundle["heads"] = [head_of(bundle["kit"], bundle["logs"][0]["identity"], last["seq"], last["hash"])]


def _changed_after_an_earlier_close(bundle):
    """The head shown in the room at an earlier close (seq 3) kept; the log changed from that row on, re-hashed, and
    its last head signed again by the device."""
    identity, rows = bundle["logs"][0]["identity"], _rows(bundle)
    earlier = head_of(bundle["kit"], identity, 3, rows[2]["hash"])
    _edit_and_rehash(bundle)
    bundle["heads"] = [earlier, head_of(bundle["kit"], identity, rows[-1]["seq"], rows[-1]["hash"])]


def _head_of_the_wrong_shape(bundle):
    """The device's key signs whatever it is given: a seq that is no whole number is refused, never compared."""
    last = _rows(bundle)[-1]
    bundle["heads"] = [head_of(bundle["kit"], bundle["logs"][0]["identity"], str(last["seq"]), last["hash"])]


TAMPERS = {
    "edit": (_edit, "seq 3: altered or forged row"),
    "edit_and_rehash": (_edit_and_rehash, "seq 5: the log differs from what the device signed"),
    "delete_middle": (_delete_middle, "seq 3: missing row"),
    "cut_short": (_cut_short, "is cut short: the device signed seq 5, the bundle ends at seq 4"),
    "reorder": (_reorder, "seq 2: missing row"),
    "renumber": (_renumber, "seq 3: missing row"),
    "forge_after_close": (_forge_after_close, "seq 6: rows after the signed head (seq 5)"),
    "head_by_another_device": (_head_by_another_device, "Signed head 1 is not signed by the kit's device"),
    "log_dropped": (_log_dropped, "is missing from the bundle: the device signed its head at seq 5"),
    "head_dropped": (_head_dropped, "ends at seq 5, but the device signed no head of it"),
    "kit_changed": (_kit_changed, "The Board's signature does not check"),
    "row_of_another_log": (_row_of_another_log, "seq 2: a row of another log"),
    "unknown_log": (_unknown_log, "licensing.user is not a log the Board keeps"),
    "twice": (_twice, "is in the bundle twice"),
    "odd_row": (_odd_row, "row 1: not a row of this log"),
    "another_day": (_another_day, "seq 1: written on 2020-01-01T23:00:00.000000, not on the event's day"),
    "changed_after_an_earlier_close": (_changed_after_an_earlier_close,
                                       "seq 3: the log differs from the head the device signed at an earlier close"),
    "head_of_the_wrong_shape": (_head_of_the_wrong_shape, "Signed head 1 is not signed by the kit's device"),
}


@pytest.mark.parametrize("kind", sorted(TAMPERS))
def test_every_tampering_kind_is_refused_naming_the_first_bad_row(played, kind):
    _kit, _world, bundle = played
    how, expected = TAMPERS[kind]
    messages = _messages(_tampered(bundle, how))
    assert any(expected in message for message in messages), messages


def test_a_kit_the_board_did_not_issue_is_refused_even_when_signed_with_its_key(played):
    _kit, _world, bundle = played
    body = {name: value for name, value in bundle["kit"].items() if name != "signature"}
    other = signed({**body, "kit": "00000000-0000-4000-8000-000000000000"}, settings.LOG_ANCHOR_SIGNING_KEY)
    messages = _messages({**bundle, "kit": other})
    assert any("The Board issued no kit 00000000-0000-4000-8000-000000000000" in message for message in messages)


def test_a_license_suspended_before_the_event_refuses_the_bundle(played):
    kit, _world, bundle = played
    EnforcementAction.objects.create(license=kit.license, kind=EnforcementKind.SUSPENSION, explanation="1209.1",
                                     starts_on=kit.event_date, ends_on=kit.event_date + dt.timedelta(days=9),
                                     issued_by=board_staff())
    [finding] = bundle_problems(bundle)
    assert finding.rule == "30 DCMR 1200.1" and "suspended" in finding.message


def test_the_head_with_the_highest_seq_is_the_logs_whatever_their_order(played):
    """A log closed more than once (or grown after its close and signed at the export) has several signed heads."""
    kit, _world, bundle = played
    identity, rows = bundle["logs"][0]["identity"], _rows(bundle)
    earlier = [head_of(kit.document, identity, seq, rows[seq - 1]["hash"]) for seq in (2, 3)]
    for heads in ([*bundle["heads"], *earlier], [earlier[1], *bundle["heads"], earlier[0]]):
        assert bundle_problems({**bundle, "heads": heads}) == []
    # Without the newest, the newest left is the log's head: the rows after it were never signed.
    assert any("seq 4: rows after the signed head (seq 3)" in message
               for message in _messages({**bundle, "heads": earlier}))


@pytest.mark.parametrize("bundle", [None, [], {"format": "hall-bundle/1"}, {"format": "x"},
                                    {"format": "hall-bundle/1", "kit": {"format": "hall-kit/1"}}])
def test_what_is_no_bundle_is_refused_without_a_crash(bundle):
    assert bundle_problems(bundle)


def test_the_board_verifies_a_bundle_file(played, tmp_path, capsys):
    _kit, _world, bundle = played
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(bundle))
    call_command("hall", "verify", str(path))
    out = capsys.readouterr().out
    assert "The bundle checks" in out and "1 logs, 5 rows" in out
    path.write_text(json.dumps(_tampered(bundle, _edit)))
    with pytest.raises(CommandError) as caught:
        call_command("hall", "verify", str(path))
    assert caught.value.returncode == 2 and "altered or forged row" in capsys.readouterr().err


def test_the_hall_exports_the_events_logs_and_the_board_accepts_the_file(tmp_path, capsys):
    # This test's database plays the hall: the game stays played in it, chained with the kit's key.
    world = live_world(start=False)
    officer = member(world.organization, Role.OFFICER)
    kit = kit_prepare(actor=officer, event=kit_kind("bingo").event(user=officer, pk=world.game.operation_id),
                      device_public_key=DEVICE)
    with override_settings(EVENT_LOG_KEY=kit.document["chain_key"]):
        live.game_start(actor=world.caller, game=world.game)
        for number in bingo_calls(world.face(5))[:4]:
            live.ball_record(actor=world.caller, game=world.game, number=number)
    kit_file, key_file, out = tmp_path / "kit.json", tmp_path / "device.key", tmp_path / "bundle.json"
    kit_file.write_text(json.dumps(kit.document))
    key_file.write_text(DEVICE_PRIVATE)
    call_command("hall", "export", str(kit_file), "--key", str(key_file), "--out", str(out))
    assert "1 logs, 5 rows, each head signed by this device" in capsys.readouterr().out
    exported = json.loads(out.read_text())
    assert bundle_problems(exported) == []
    assert [head["seq"] for head in exported["heads"]] == [5]
    # Another device's key exports nothing under this kit.
    key_file.write_text(signing.development_key("another laptop"))
    with pytest.raises(CommandError) as caught:
        call_command("hall", "export", str(kit_file), "--key", str(key_file), "--out", str(tmp_path / "other.json"))
    assert caught.value.returncode == 2 and "for another device" in capsys.readouterr().err
    assert not (tmp_path / "other.json").exists()
