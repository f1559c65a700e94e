"""One game over many processes (issue 31): nginx in front of two gunicorn and two daphne processes
(testkit/cluster.py, what `make cluster` starts), on this test's PostgreSQL database and Redis.

A ball called through gunicorn process 1 reaches flashboards on both daphne processes, one called through process 2
likewise; a daphne process killed with kill -9 loses its screens, which reconnect through the proxy to the other and
show the same calls; a claim verified through one process shows as the winner on every screen after the close
through the other. The full-size version, with 300 screens a process and a gunicorn killed under load, is the drill
scripts/drills/web_processes.py (`make drills`)."""

import asyncio
import os
import shutil
import time
import uuid

import pytest
from django.db import connection
from rest_framework.authtoken.models import Token

from bingo.cards.sales import series_faces
from testkit.cluster import Cluster
from testkit.http_api import api
from testkit.ws_screen import Flashboard
from tests.bingo.factories import bingo_calls, training_game
from tests.conftest import need

pytestmark = pytest.mark.django_db(transaction=True)
SCREENS_PER_DAPHNE = 10


@pytest.fixture
def world():
    """A training game (it plays at any hour on the real clock the cluster's processes read), its caller's and
    checker's API tokens, and a card series to claim from."""
    made = training_game(code="CL", seed=7, size=20)
    return {"game": made.game, "hall": made.hall, "series": made.series,
            "caller": Token.objects.create(user=made.caller).key,
            "checker": Token.objects.create(user=made.checker).key}


@pytest.fixture
def cluster(tmp_path, redis_url, world):
    need(connection.vendor == "postgresql", "the cluster's processes share one PostgreSQL database")
    need(bool(shutil.which("nginx") or os.path.exists("/usr/sbin/nginx")),
         "nginx is not installed: apt-get install nginx")
    settings = connection.settings_dict
    database_url = (f"postgres://{settings['USER']}@{settings['HOST'] or '127.0.0.1'}:{settings['PORT'] or 5432}"
                    f"/{settings['NAME']}")
    prefix = f"cluster-test-{uuid.uuid4().hex[:8]}"
    running = Cluster(folder=tmp_path / "cluster", database_url=database_url, redis_url=redis_url, workers=0,
                      beat=False, env={"CHANNELS_PREFIX": prefix, "CACHE_KEY_PREFIX": prefix,
                                       "DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_CONN_MAX_AGE": "0"})
    running.start()
    yield running
    running.stop()


def call(base: str, path: str, token: str, body: dict) -> tuple[int, dict]:
    return api(base, path, token=token, body=body)


async def until(predicate, timeout: float = 15.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not predicate():
        await asyncio.sleep(0.02)
    return predicate()


def test_one_game_reaches_every_screen_through_any_process_and_survives_a_killed_daphne(cluster, world):
    game, hall, series = world["game"], world["hall"], world["series"]
    gunicorn_1, gunicorn_2 = (f"http://127.0.0.1:{m.port}" for m in cluster.of_kind("gunicorn"))
    api_game = f"/api/v1/bingo/games/{game.pk}"
    winning_row = bingo_calls(series_faces(series)[0])

    async def play():
        screens = [Flashboard("127.0.0.1", cluster.port, f"/ws/bingo/flashboard/{hall.key}/")
                   for _ in range(2 * SCREENS_PER_DAPHNE)]
        for screen in screens:
            screen.start()
        try:
            assert await until(lambda: all(s.connected for s in screens))
            status, _ = await asyncio.to_thread(call, cluster.url, f"{api_game}/start/", world["caller"], {})
            assert status == 200
            # A ball through each gunicorn process reaches the screens of both daphne processes.
            for base, number in ((gunicorn_1, winning_row[0]), (gunicorn_2, winning_row[1])):
                status, answer = await asyncio.to_thread(call, base, f"{api_game}/record/", world["caller"],
                                                         {"number": number})
                assert status == 201, answer
                assert await until(lambda n=number: all(n in s.calls for s in screens))
            # kill -9 one daphne: its screens come back through the proxy, on the other, with the same calls.
            cluster.kill("daphne-1")
            assert await until(lambda: any(not s.connected for s in screens), 5)
            lost = [s for s in screens if not s.connected]
            assert await until(lambda: all(s.connected and s.calls == winning_row[:2] for s in screens), 10)
            assert all(s.outages and s.outages[-1] < 5 for s in lost)
            # The rest of the row through gunicorn 1, the claim through gunicorn 2, the close through 1 again.
            for number in winning_row[2:]:
                status, _ = await asyncio.to_thread(call, gunicorn_1, f"{api_game}/record/", world["caller"],
                                                    {"number": number})
                assert status == 201
            status, claim = await asyncio.to_thread(call, gunicorn_2, f"{api_game}/claims/", world["checker"],
                                                    {"face_number": 1, "series_code": series.code})
            assert status == 201 and claim["valid"], claim
            status, _ = await asyncio.to_thread(call, gunicorn_1, f"{api_game}/close/", world["caller"], {})
            assert status == 200
            assert await until(lambda: all(s.state["result"] and s.state["result"]["winners"] == 1
                                           for s in screens))
            return lost
        finally:
            for screen in screens:
                screen.stop()

    lost = asyncio.run(play())
    assert len(lost) == SCREENS_PER_DAPHNE  # nginx spread the screens evenly; the killed process held half
