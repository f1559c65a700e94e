"""Installing a kit on the hall device and running its event there: a separate process (DJANGO_ENV=hall) with its
own SQLite database, its clock set to the evening of the event."""

import datetime as dt
import json
import sqlite3

import pytest
from django.utils import timezone

from core.sealing import unseal
from licensing.audit.verify import verify_log
from licensing.hall.kinds import kit_kind
from licensing.hall.services import bundle_receive, kit_prepare
from licensing.models import HallKit, Payout, Role
from montecarlo.models import ChipLedgerEntry, Night, Participant, TableEvent
from montecarlo.tables.verify import night_logs, night_problems
from tests.bingo.factories import live_world
from tests.clock import board_time
from tests.licensing.factories import member
from tests.licensing.hall.conftest import DEVICE
from tests.licensing.hall.hall_process import hall_manage
from tests.montecarlo.factories import admit, night_for, table_for

EVENING = dt.time(19, 0)

pytestmark = pytest.mark.django_db


def prepared(tmp_path, world) -> tuple[HallKit, object]:
    officer = member(world.organization, Role.OFFICER)
    kit = kit_prepare(actor=officer, event=kit_kind("bingo").event(user=officer, pk=world.game.operation_id),
                      device_public_key=DEVICE)
    tmp_path.mkdir(exist_ok=True)
    path = tmp_path / "kit.json"
    path.write_text(json.dumps(kit.document), encoding="utf-8")
    return kit, path


def rows(hall_dir, query: str, *parameters) -> list[tuple]:
    with sqlite3.connect(hall_dir / "hall.sqlite3") as database:
        return database.execute(query, parameters).fetchall()


def test_a_kit_installs_the_event_with_the_boards_ids_and_a_password_for_each_worker(tmp_path, hall_dir):
    world = live_world(start=False)
    kit, path = prepared(tmp_path, world)
    done = hall_manage(hall_dir, "hall", "install", str(path), at=board_time(timezone.localdate(), EVENING))
    assert done.returncode == 0, done.stderr
    assert world.caller.email in done.stdout and "Installed:" in done.stdout
    assert rows(hall_dir, "SELECT id, operation_id FROM bingo_game") == [(world.game.pk, world.game.operation_id)]
    assert rows(hall_dir, "SELECT email FROM licensing_user WHERE id = ?", world.caller.pk) == [(world.caller.email,)]
    assert rows(hall_dir, "SELECT count(*) FROM licensing_user WHERE password LIKE 'argon2%'")[0][0] >= 2
    carried = {record["pk"] for record in kit.document["records"] if record["model"] == "licensing.boardnumber"}
    assert carried and {pk for (pk,) in rows(hall_dir, "SELECT id FROM licensing_boardnumber")} == carried
    sequence = dict(rows(hall_dir, "SELECT name, seq FROM sqlite_sequence"))
    assert sequence["bingo_cardsale"] == kit.id_base - 1 and kit.document["ids"]["from"] == kit.id_base
    assert json.loads((hall_dir / "kit.json").read_text())["kit"] == str(kit.kit_id)
    again = hall_manage(hall_dir, "hall", "install", str(path), at=board_time(timezone.localdate(), EVENING))
    assert again.returncode == 0 and "runs this kit already" in again.stdout
    _, other = prepared(tmp_path / "other", world)
    refused = hall_manage(hall_dir, "hall", "install", str(other), at=board_time(timezone.localdate(), EVENING))
    assert refused.returncode == 2 and "already holds another kit" in refused.stderr


def test_the_hall_refuses_a_kit_for_another_device_or_changed_after_signing(tmp_path, hall_dir):
    world = live_world(start=False)
    kit, path = prepared(tmp_path, world)
    (hall_dir / "device.key").write_text("A" * 43 + "\n", encoding="utf-8")
    other = hall_manage(hall_dir, "hall", "install", str(path))
    assert other.returncode == 2 and "another device" in other.stderr
    changed = dict(kit.document, chain_key="mine")
    path.write_text(json.dumps(changed), encoding="utf-8")
    forged = hall_manage(hall_dir, "hall", "install", str(path))
    assert forged.returncode == 2 and "changed after the Board signed" in forged.stderr
    assert not (hall_dir / "kit.json").exists()


PLAY = """
from bingo.live import services as live
from bingo.models import Game
from licensing.models import User
game = Game.objects.get(pk={game})
caller = User.objects.get(pk={caller})
live.game_start(actor=caller, game=game)
for number in {calls}:
    live.ball_record(actor=caller, game=game, number=number)
print("played")
"""


# The desk at the hall (its settings from the kit: no PAYOUT_IDENTITY_KEYS, the Board's public key): a prize with a
# Form W-2G paid, its winner sealed for the Board, unreadable there.
PAY = """
import datetime as dt
from decimal import Decimal
from django.conf import settings
from django.utils import timezone
from licensing.models import License, User
from licensing.payouts.services import payout_identity, payout_open, payout_pay
paid = payout_pay(actor=User.objects.get(pk={desk}), method="cash", amount="2500.00", winner={winner!r},
                  payout=payout_open(license=License.objects.get(pk={license}), game="bingo",
                                     source="bingo.game:{game}/hall:1", session="bingo.game:{game}", label="Game 1",
                                     won_on=timezone.localdate(), prize=Decimal("2500.00")))
print("paid", paid.pk, paid.form_number, payout_identity(paid)["name"], settings.PAYOUT_IDENTITY_KEYS)
"""
WINNER = {"name": "Ana Ruiz", "street": "1 Main St NW", "city": "Washington", "state": "DC", "postal_code": "20001",
          "tin": "123-45-6789", "id_first": "DC driver's license ending 4411, photo", "id_second": "Voter card"}


def test_a_game_played_at_the_hall_comes_back_and_the_board_accepts_it(tmp_path, hall_dir):
    world = live_world(start=False)
    kit, path = prepared(tmp_path, world)
    evening = board_time(timezone.localdate(), EVENING)
    assert hall_manage(hall_dir, "hall", "install", str(path), at=evening).returncode == 0
    play = PLAY.format(game=world.game.pk, caller=world.caller.pk, calls=[1, 16, 31, 46, 61])
    played = hall_manage(hall_dir, "shell", "-c", play, at=evening)
    assert played.returncode == 0 and "played" in played.stdout, played.stderr
    pay = PAY.format(desk=kit.prepared_by.pk, license=kit.license_id, game=world.game.pk, winner=WINNER)
    paid = hall_manage(hall_dir, "shell", "-c", pay, at=evening)
    series = kit.document["payouts"]["form_series"]
    assert paid.returncode == 0, paid.stderr
    assert (f"paid {kit.id_base} W2G-{evening.year}-{series}-00001 Sealed for the Board []"
            in paid.stdout), paid.stdout
    bundle_path = tmp_path / "bundle.json"
    exported = hall_manage(hall_dir, "hall", "export", str(hall_dir / "kit.json"), "--out", str(bundle_path),
                           at=evening)
    assert exported.returncode == 0, exported.stderr
    bundle = json.loads(bundle_path.read_text())
    received, new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=bundle)
    assert new and received.accepted, received.findings
    [log] = bundle["logs"]
    assert log["identity"] == str(world.game.pk) and len(log["rows"]) == 6
    assert all(row["actor_id"] == world.caller.pk for row in log["rows"])
    assert "123456789" not in json.dumps(bundle) and "Ana Ruiz" not in json.dumps(bundle, ensure_ascii=False)
    assert unseal(Payout.objects.get(pk=kit.id_base).identity)["tin"] == "123456789"


NIGHT_PLAY = """
from montecarlo.models import GameTable, Night
from montecarlo.nights import services as nights
from montecarlo.tables import services as tables
from licensing.models import User
night, director = Night.objects.get(pk={night}), User.objects.get(pk={director})
door = nights.participant_register(actor=director, night=night, admission_paid="25.00", age_declared=True)
wheel = GameTable.objects.get(pk={wheel})
for event in ({{"type": "open"}}, {{"type": "bet", "participant": 1, "kind": "2", "amount": 50}},
              {{"type": "bet", "participant": door.number, "kind": "5", "amount": 20}},
              {{"type": "outcome", "symbol": "2"}}):
    tables.table_play(actor=director, table=wheel, event=event)
print("played", door.pk)
"""


def test_a_night_kit_installs_the_boards_logs_as_they_are_and_the_halls_rows_go_on_from_them(tmp_path, hall_dir):
    night, director = night_for()
    wheel = table_for(night, director, "wheel")
    [ahead] = admit(night, director, 1)
    officer = member(night.license.organization, Role.OFFICER)
    kit = kit_prepare(actor=officer, event=kit_kind("night").event(user=officer, pk=night.pk),
                      device_public_key=DEVICE)
    path = tmp_path / "kit.json"
    path.write_text(json.dumps(kit.document), encoding="utf-8")
    evening = board_time(night.date, EVENING)
    assert hall_manage(hall_dir, "hall", "install", str(path), at=evening).returncode == 0
    board_rows = {(label, seq): hash for label, model, owner in (("table", TableEvent, wheel),
                                                                  ("ledger", ChipLedgerEntry, ahead))
                  for seq, hash in model.chain_rows(str(owner.pk)).values_list("seq", "hash")}
    installed = {("table", seq): hash for seq, hash in rows(
        hall_dir, "SELECT seq, hash FROM montecarlo_tableevent WHERE table_id = ?", wheel.pk)}
    installed |= {("ledger", seq): hash for seq, hash in rows(
        hall_dir, "SELECT seq, hash FROM montecarlo_chipledgerentry WHERE participant_id = ?", ahead.pk)}
    assert installed == board_rows and len(board_rows) == 2  # the table's terms and the chips issued ahead

    played = hall_manage(hall_dir, "shell", "-c", NIGHT_PLAY.format(night=night.pk, director=director.pk,
                                                                    wheel=wheel.pk), at=evening)
    assert played.returncode == 0 and "played" in played.stdout, played.stderr
    door_pk = int(played.stdout.split()[-1])
    bundle_path = tmp_path / "bundle.json"
    exported = hall_manage(hall_dir, "hall", "export", str(hall_dir / "kit.json"), "--out", str(bundle_path),
                           at=evening)
    assert exported.returncode == 0, exported.stderr
    received, _new = bundle_receive(actor=officer, kit=kit, bundle=json.loads(bundle_path.read_text()))
    assert received.accepted, received.findings
    assert door_pk >= kit.id_base and Participant.objects.get(pk=door_pk).chips == 980
    assert list(TableEvent.objects.filter(table=wheel).order_by("seq").values_list("kind", flat=True)) == [
        "config", "open", "bet", "bet", "outcome"]
    assert TableEvent.objects.get(table=wheel, seq=1).hash == board_rows[("table", 1)]
    for model, identity in night_logs(night.pk):
        assert verify_log(model, identity).ok, verify_log(model, identity).problem
    assert night_problems(Night.objects.get(pk=night.pk)) == []
