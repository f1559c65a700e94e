"""Hall mode end to end, on two servers: the Board (this process's daphne, on the test database: PostgreSQL in CI) and
the hall (a separate process, DJANGO_ENV=hall, SQLite, in a network namespace of its own: it has no route to the
Board). A kit is prepared at the Board, installed at the hall, a whole bingo session is played there with a browser on
its flashboard (sales, ten games, claims, a split prize); the bundle goes back to the Board, which takes it in: its
games, and its financial report prefilled."""

import datetime as dt
import json

import pytest
import requests
from django.utils import timezone

from bingo.models import Game, GameEvent, GameStatus
from licensing.audit.verify import verify_log
from licensing.hall.kinds import kit_kind
from licensing.hall.services import kit_prepare
from licensing.models import HallBundle, Report, Role
from tests.bingo.factories import add_game, live_world
from tests.browser.conftest import sign_in
from tests.clock import board_time, during
from tests.licensing.factories import PASSWORD, member
from tests.licensing.hall.hall_process import (
    DEVICE,
    hall_manage,
    hall_passwords,
    hall_server_start,
    no_route_to,
)

pytestmark = pytest.mark.django_db(transaction=True)

EVENING = dt.time(19, 0)


def _row(face, row: int) -> list[int]:
    return [n for n in face.squares[row * 5:(row + 1) * 5] if n]


def _split_pair(world, faces) -> tuple[int, int, list[int]]:
    """Two sold faces whose top rows share a number: called last, it completes both lines on one call."""
    for a in faces:
        for b in faces:
            shared = set(_row(world.face(a), 0)) & set(_row(world.face(b), 0)) if a < b else set()
            if shared:
                last = min(shared)
                calls = sorted((set(_row(world.face(a), 0)) | set(_row(world.face(b), 0))) - {last}) + [last]
                return a, b, calls
    raise AssertionError("no two faces share a number in their top rows")


def test_a_bingo_session_runs_offline_at_the_hall_and_the_board_takes_it_in(asgi_url, browser_page, hall_dir,
                                                                              hall_static, tmp_path):
    world = live_world(start=False, sale_per_face=True, sold=(1, 40))
    operation = world.game.operation
    officer = member(world.organization, Role.OFFICER)
    games = [world.game] + [add_game(operation, officer) for _ in range(9)]
    kit = kit_prepare(actor=officer, event=kit_kind("bingo").event(user=officer, pk=operation.pk),
                      device_public_key=DEVICE)
    kit_file = tmp_path / "kit.json"
    kit_file.write_text(json.dumps(kit.document), encoding="utf-8")
    evening = board_time(timezone.localdate(), EVENING)
    installed = hall_manage(hall_dir, "hall", "install", str(kit_file), at=evening)
    assert installed.returncode == 0, installed.stderr
    password = hall_passwords(installed.stdout)[world.caller.email]

    hall = hall_server_start(hall_dir, at=evening, static_root=hall_static)
    try:
        assert no_route_to(hall, asgi_url)
        flashboard = browser_page
        flashboard.goto(f"{hall.url}/bingo/flashboard/{world.hall.key}/")
        api = requests.Session()
        token = api.post(f"{hall.url}/api/v1/auth/token/", json={"email": world.caller.email, "password": password},
                         timeout=10)
        assert token.status_code == 200, token.text
        api.headers["Authorization"] = f"Token {token.json()['token']}"

        def post(path: str, body=None, expect=(200, 201)):
            answer = api.post(f"{hall.url}/api/v1/{path}", json=body or {}, timeout=10)
            assert answer.status_code in expect, (path, answer.status_code, answer.text)
            return answer.json()

        # Sold at the hall's door: faces 41 to 50 of the series, for every game of the colour.
        sale = post(f"bingo/operations/{operation.pk}/sales/",
                    {"series": world.series.pk, "first_face": 41, "last_face": 50, "price_each": "1.00",
                     "age_declared": True})
        assert sale["id"] >= kit.id_base

        # Game 1: two faces complete their line on the same call, and share the prize (30 DCMR 1406.2).
        first, second, calls = _split_pair(world, range(1, 41))
        post(f"bingo/games/{games[0].pk}/start/")
        for number in calls:
            post(f"bingo/games/{games[0].pk}/record/", {"number": number})
        flashboard.get_by_text(str(calls[-1]), exact=True).first.wait_for(timeout=10_000)
        for face in (first, second):
            claim = post(f"bingo/games/{games[0].pk}/claims/", {"face_number": face,
                                                              "series_code": world.series.code})
            assert claim["valid"], claim
        result = post(f"bingo/games/{games[0].pk}/close/")["result"]
        assert result["winners"] == 2, result

        # Games 2 to 10: a face sold at the door wins each.
        for game, face in zip(games[1:], range(41, 50), strict=True):
            post(f"bingo/games/{game.pk}/start/")
            for number in _row(world.face(face), 0):
                post(f"bingo/games/{game.pk}/record/", {"number": number})
            claim = post(f"bingo/games/{game.pk}/claims/", {"face_number": face, "series_code": world.series.code})
            assert claim["valid"], claim
            post(f"bingo/games/{game.pk}/close/")
        flashboard.screenshot(path=str(tmp_path / "hall-flashboard.png"))
    finally:
        hall.stop()

    # The network is back, after the operation's hours: the hall pushes its bundle to the Board (`hall push`, with the
    # officer's API token from the Board).
    during(operation, dt.time(23, 0))
    token = requests.post(f"{asgi_url}/api/v1/auth/token/", json={"email": officer.email, "password": PASSWORD},
                          timeout=10).json()["token"]
    pushed = hall_manage(hall_dir, "hall", "push", str(hall_dir / "kit.json"), "--board", asgi_url, "--token", token,
                         at=board_time(timezone.localdate(), dt.time(22, 30)))
    assert pushed.returncode == 0, pushed.stdout + pushed.stderr
    assert "The Board accepts the bundle (10 logs" in pushed.stdout
    received = HallBundle.objects.get(kit=kit)
    assert received.accepted, received.findings

    assert list(Game.objects.filter(operation=operation).values_list("status", flat=True)) == [GameStatus.CLOSED] * 10
    for game in games:
        assert verify_log(GameEvent, str(game.pk)).ok
    report = Report.objects.get(license=kit.license, event_date=kit.event_date)
    assert [game["number"] for game in report.recorded["games"]] == list(range(1, 11))

    page = browser_page
    sign_in(page, asgi_url, officer)
    page.goto(f"{asgi_url}/bingo/operations/{operation.pk}/")
    page.get_by_text("Closed").first.wait_for()
    page.screenshot(path=str(tmp_path / "board-operation.png"), full_page=True)
    # The financial report, prefilled from what the hall recorded: the games and the cards sold at the door.
    page.goto(f"{asgi_url}/portal/reports/{report.pk}/")
    page.get_by_text("Prefilled from what the system recorded at the event").wait_for()
    page.get_by_role("cell", name="$1,000.00").wait_for()  # ten games' prizes, the split one's shares included
    page.get_by_role("cell", name=f"{world.series.code} 41").wait_for()  # the cards sold at the hall's door
    page.screenshot(path=str(tmp_path / "board-report.png"), full_page=True)
