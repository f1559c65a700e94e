"""A game played at the 'hall' under a kit, its bundle ready to send (tests of licensing.hall's bundles); tonight's
operation with its kit, and this test server made the hall device running it (`at_the_hall`), for the closes that
sign their heads there."""

import contextlib
import json
from pathlib import Path

import pytest
from django.db import connection, transaction
from django.test import override_settings
from django.utils import timezone

from bingo.live import services as live
from bingo.models import GameEvent
from licensing.hall.export import bundle_export
from licensing.hall.heads import head_sign
from licensing.hall.kinds import kit_kind
from licensing.hall.services import kit_prepare
from licensing.models import Payout, Role
from tests.bingo.factories import bingo_calls, live_world
from tests.licensing.factories import member
from tests.licensing.hall.hall_process import DEVICE, DEVICE_PRIVATE, hall_dir, hall_template  # noqa: F401


@contextlib.contextmanager
def at_the_hall(kit: dict, directory: Path):
    """This server as the hall running `kit` (the document) on the laptop whose key is DEVICE_PRIVATE: the kit and
    the key in HALL_DIR (licensing.hall.device), its logs chained with the kit's chain key."""
    (directory / "kit.json").write_text(json.dumps(kit), encoding="utf-8")
    (directory / "device.key").write_text(DEVICE_PRIVATE, encoding="utf-8")
    with override_settings(HALL=True, HALL_DIR=directory, EVENT_LOG_KEY=kit["chain_key"]), at_the_halls_desk(kit):
        yield


@contextlib.contextmanager
def at_the_halls_desk(kit: dict):
    """The payout desk as the hall running `kit` has it (config.settings' hall profile): none of the Board's
    identity keys, the Board's public key to seal to, the kit's series of form numbers."""
    with override_settings(PAYOUT_IDENTITY_KEYS=[], PAYOUT_IDENTITY_BOARD_KEY=kit["payouts"]["identity_key"],
                           PAYOUT_FORM_SERIES=kit["payouts"]["form_series"]):
        yield


def head_of(kit: dict, identity: str, seq: int, hash: str, key: str = DEVICE_PRIVATE,
            log: str = "bingo.gameevent") -> dict:
    return head_sign(private_key=key, kit=kit["kit"], log=log, identity=identity, seq=seq, hash=hash,
                     at=timezone.now())


def kit_for_tonight():
    """Tonight's operation with a kit prepared for the device (the HallKit), its first game not started yet."""
    world = live_world(start=False)
    officer = member(world.game.operation.license.organization, Role.OFFICER)
    kit = kit_prepare(actor=officer, event=kit_kind("bingo").event(user=officer, pk=world.game.operation_id),
                      device_public_key=DEVICE)
    return kit, world


@pytest.fixture
def played():
    """A kit for tonight's operation, and its first game played at the 'hall': the log chained with the kit's chain
    key (the hall's EVENT_LOG_KEY), its head signed by the device."""
    kit, world = kit_for_tonight()

    def start_and_call():
        live.game_start(actor=world.caller, game=world.game)
        for number in bingo_calls(world.face(5))[:4]:
            live.ball_record(actor=world.caller, game=world.game, number=number)

    [bundle] = played_at_the_hall(kit, start_and_call)
    return kit, world, bundle


def bundle_now(kit) -> dict:
    """The bundle of the event as it stands, as the hall's export writes it: every log of the event, each head and
    the event's rows signed by the device."""
    return bundle_export(kit=kit.document, device_private_key=DEVICE_PRIVATE)


def played_at_the_hall(kit, *steps) -> list[dict]:
    """The bundle after each step played at the 'hall' (the test's database, with the kit's chain key), then all
    rolled back: the Board holds none of it, as when a hall really played it."""
    bundles = []
    with transaction.atomic(), override_settings(EVENT_LOG_KEY=kit.document["chain_key"]):
        payout_ids_in_the_span(kit)
        for step in steps:
            step()
            bundles.append(bundle_now(kit))
        transaction.set_rollback(True)
    return bundles


def payout_ids_in_the_span(kit) -> None:
    """At the hall every table's ids start at the kit's span (licensing.hall.install): the payouts opened at the
    'hall' here (by the games, at the desk) get ids there too. PostgreSQL's ALTER SEQUENCE is transactional, as
    SQLite's sqlite_sequence is: the rollback that ends the 'hall' gives the Board its numbering back."""
    table = Payout._meta.db_table
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("DELETE FROM sqlite_sequence WHERE name = %s", [table])
            cursor.execute("INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)", [table, kit.id_base - 1])
            return
        [sequence] = connection.introspection.get_sequences(cursor, table)
        cursor.execute(f'ALTER SEQUENCE "{sequence["name"]}" RESTART WITH {int(kit.id_base)}')


@pytest.fixture
def tonight():
    """Tonight's operation with a kit (the document) prepared for the device, its first game not started yet."""
    kit, world = kit_for_tonight()
    return kit.document, world


def play_and_close(world) -> GameEvent:
    live.game_start(actor=world.caller, game=world.game)
    for number in bingo_calls(world.face(5))[:3]:
        live.ball_record(actor=world.caller, game=world.game, number=number)
    return live.game_close(actor=world.caller, game=world.game)
