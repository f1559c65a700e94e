"""Power loss at the hall: the hall server killed (SIGKILL, as when the laptop's plug is pulled) in the middle of a
game and started again resumes the same game, nothing lost: every call is in the game's log, written before the
caller's console was answered (one transaction per call), and the live state is rebuilt from the log alone."""

import datetime as dt
import json

import pytest
import requests
from django.utils import timezone

from licensing.hall.kinds import kit_kind
from licensing.hall.services import kit_prepare
from licensing.models import Role
from tests.bingo.factories import bingo_calls, live_world
from tests.clock import board_time
from tests.licensing.factories import member
from tests.licensing.hall.hall_process import DEVICE, hall_manage, hall_passwords, hall_server_start

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_hall_server_killed_mid_game_resumes_the_same_game(hall_dir, hall_static, tmp_path):
    world = live_world(start=False)
    officer = member(world.organization, Role.OFFICER)
    kit = kit_prepare(actor=officer, event=kit_kind("bingo").event(user=officer, pk=world.game.operation_id),
                      device_public_key=DEVICE)
    (tmp_path / "kit.json").write_text(json.dumps(kit.document), encoding="utf-8")
    evening = board_time(timezone.localdate(), dt.time(19, 0))
    installed = hall_manage(hall_dir, "hall", "install", str(tmp_path / "kit.json"), at=evening)
    password = hall_passwords(installed.stdout)[world.caller.email]
    calls = bingo_calls(world.face(5))[:4]

    def session(hall):
        api = requests.Session()
        token = api.post(f"{hall.url}/api/v1/auth/token/", json={"email": world.caller.email, "password": password},
                         timeout=10).json()["token"]
        api.headers["Authorization"] = f"Token {token}"
        return api

    hall = hall_server_start(hall_dir, at=evening, static_root=hall_static)
    try:
        api = session(hall)
        assert api.post(f"{hall.url}/api/v1/bingo/games/{world.game.pk}/start/", timeout=10).status_code in (200, 201)
        for number in calls[:3]:
            answer = api.post(f"{hall.url}/api/v1/bingo/games/{world.game.pk}/record/", json={"number": number},
                              timeout=10)
            assert answer.status_code in (200, 201), answer.text
    finally:
        hall.stop()  # SIGKILL to the whole process group: no shutdown, no flush

    hall = hall_server_start(hall_dir, at=evening + dt.timedelta(minutes=2), static_root=hall_static)
    try:
        api = session(hall)
        state = api.get(f"{hall.url}/api/v1/bingo/games/{world.game.pk}/", timeout=10).json()
        assert (state["status"], state["calls"]) == ("live", calls[:3])
        answer = api.post(f"{hall.url}/api/v1/bingo/games/{world.game.pk}/record/", json={"number": calls[3]},
                          timeout=10)
        assert answer.status_code in (200, 201) and answer.json()["calls"] == calls[:4]
    finally:
        hall.stop()
    verified = hall_manage(hall_dir, "verify_logs", "--operation", str(world.game.operation_id), at=evening)
    assert verified.returncode == 0, verified.stdout + verified.stderr
