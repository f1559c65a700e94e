"""The ASGI app serves websockets through Channels (the heartbeat socket live pages use)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from channels.testing import WebsocketCommunicator

from config.asgi import application


@pytest.mark.asyncio
async def test_ping_socket_answers_through_the_asgi_router():
    communicator = WebsocketCommunicator(application, "/ws/ping/", headers=[(b"origin", b"http://127.0.0.1")])
    connected, _ = await communicator.connect()
    assert connected
    await communicator.send_json_to({"id": 7})
    reply = await communicator.receive_json_from(timeout=5)
    assert reply["type"] == "pong" and reply["echo"] == 7
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_a_foreign_origin_is_refused():
    communicator = WebsocketCommunicator(application, "/ws/ping/", headers=[(b"origin", b"https://evil.example")])
    connected, _ = await communicator.connect()
    assert not connected


@pytest.mark.asyncio
async def test_a_foreign_origin_is_refused_on_the_public_sockets_too():
    # The flashboards are routed around the session and auth middleware, not around the origin check.
    communicator = WebsocketCommunicator(application, "/ws/bingo/flashboard/any-key/",
                                         headers=[(b"origin", b"https://evil.example")])
    connected, _ = await communicator.connect()
    assert not connected


@pytest.mark.asyncio
@pytest.mark.parametrize("path", ["/ws/no-such-socket/", "/ws/", "/ws/montecarlo/tournaments/x/",
                                  "/ws/montecarlo/nights/99999999999999999999999/extra/", "/not-a-socket"])
async def test_an_unknown_path_is_closed_with_4404_not_raised_in_the_router(path):
    communicator = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://127.0.0.1")])
    connected, _ = await communicator.connect()
    assert connected  # accepted, so that the close code reaches the browser
    assert await communicator.receive_output(timeout=5) == {"type": "websocket.close", "code": 4404}


def test_the_server_freezes_its_startup_objects_out_of_the_cyclic_collector():
    # In a fresh interpreter, as daphne imports it.
    script = "import gc; before = gc.get_freeze_count(); import config.asgi; print(gc.get_freeze_count() - before)"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parents[2],
                          env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test"})
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.strip().splitlines()[-1]) > 0
