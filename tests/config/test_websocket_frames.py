"""Every socket, through the real ASGI application (origin check, session and routing included), ignores a frame
that is not a JSON object (text that is not JSON, an array, a number, null, a string, JSON nested past the
interpreter's stack, a binary frame) and never raises; it still answers what it answers afterwards (core.consumers).
An address no route serves is config/routing.py's last route: accepted and closed with 4404 (test_websocket.py)."""

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client, override_settings

from config.asgi import application
from licensing.models import Role
from montecarlo.nights.broadcast import leaderboard_group, night_group
from montecarlo.tournaments.state import clock_group, tournament_group
from tests.bingo.factories import live_world
from tests.licensing.factories import member
from tests.montecarlo.factories import TournamentFactory, mcn_license, night_for

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("keep_migrated_data", "close_executor_connections")]
LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
ORIGIN = (b"origin", b"http://127.0.0.1")

BAD_FRAMES = [
    {"text": "not json"}, {"text": "[1,2]"}, {"text": "42"}, {"text": "null"}, {"text": '"resync"'},
    {"text": "[" * 100_000},  # json.loads raises RecursionError on it
    {"bytes": b"\x00\xff binary"},
]


async def _connected(path: str, user=None) -> WebsocketCommunicator:
    headers = [ORIGIN]
    if user is not None:  # a staff socket: the user's session cookie, as a signed-in browser sends it
        session = await sync_to_async(_session_key)(user)
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={session}".encode()))
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect(timeout=5)
    assert connected
    return communicator


def _session_key(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


async def _send_bad_frames(communicator: WebsocketCommunicator) -> None:
    """Every bad frame is ignored: nothing is sent back, and the application has not raised."""
    for frame in BAD_FRAMES:
        await communicator.send_input({"type": "websocket.receive", **frame})
    assert await communicator.receive_nothing(timeout=0.5)
    assert not communicator.future.done()  # a consumer that raised would have ended the application


async def _group_message_arrives(communicator: WebsocketCommunicator, group: str, message: dict) -> dict:
    await get_channel_layer().group_send(group, message)
    return await communicator.receive_json_from(timeout=5)


def _planned_tournament():
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    return TournamentFactory(actor=director, license=license), director


async def test_the_heartbeat_socket():
    communicator = await _connected("/ws/ping/")
    await _send_bad_frames(communicator)
    await communicator.send_json_to({"id": 7})
    assert (await communicator.receive_json_from(timeout=5))["echo"] == 7
    await communicator.disconnect()


async def test_the_flashboard():
    world = await sync_to_async(live_world)()
    communicator = await _connected(f"/ws/bingo/flashboard/{world.hall.key}/")
    first = await communicator.receive_json_from(timeout=5)
    await _send_bad_frames(communicator)
    await communicator.send_json_to({"type": "resync"})
    assert await communicator.receive_json_from(timeout=5) == first
    await communicator.disconnect()


async def _public_and_staff(public_path: str, staff_path: str, director, *, public_push: tuple, staff_push: tuple):
    """A record's public screen (its state on connect) and its staff socket each survive the bad frames and still
    forward their group's message: (group, message sent, what the socket answers)."""
    public = await _connected(public_path)
    assert (await public.receive_json_from(timeout=5))["type"] == "state"
    staff = await _connected(staff_path, user=director)
    for communicator, (group, message, answer) in ((public, public_push), (staff, staff_push)):
        await _send_bad_frames(communicator)
        assert await _group_message_arrives(communicator, group, message) == answer
        await communicator.disconnect()


@override_settings(CHANNEL_LAYERS=LAYERS)
async def test_the_night_sockets():
    night, director = await sync_to_async(night_for)()
    await _public_and_staff(
        f"/ws/montecarlo/leaderboard/{night.public_key}/", f"/ws/montecarlo/nights/{night.pk}/", director,
        public_push=(leaderboard_group(night), {"type": "leaderboard.state", "state": {"rows": []}},
                     {"type": "state", "state": {"rows": []}}),
        staff_push=(night_group(night), {"type": "night.changed", "table": 3}, {"type": "changed", "table": 3}))


@override_settings(CHANNEL_LAYERS=LAYERS)
async def test_the_tournament_sockets():
    tournament, director = await sync_to_async(_planned_tournament)()
    await _public_and_staff(
        f"/ws/montecarlo/clock/{tournament.public_key}/", f"/ws/montecarlo/tournaments/{tournament.pk}/", director,
        public_push=(clock_group(tournament), {"type": "clock.state", "state": {}}, {"type": "state", "state": {}}),
        staff_push=(tournament_group(tournament), {"type": "tournament.changed", "seq": 4},
                    {"type": "changed", "seq": 4}))
