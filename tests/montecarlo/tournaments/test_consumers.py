"""The public clock socket: full state on connect (a reconnecting screen resyncs), then a push
after every committed change; staff sockets are scoped like the pages."""

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import override_settings

from config.routing import websocket_urlpatterns
from licensing.models import Role
from montecarlo.tournaments import services
from tests.licensing.factories import member
from tests.montecarlo.factories import running

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.usefixtures("keep_migrated_data", "close_executor_connections")]
LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def application():
    return URLRouter(websocket_urlpatterns)


@override_settings(CHANNEL_LAYERS=LAYERS)
async def test_clock_state_on_connect_and_on_change():
    tournament, director = await sync_to_async(running)(["Ana", "Ben", "Cy"])
    communicator = WebsocketCommunicator(application(), f"/ws/montecarlo/clock/{tournament.public_key}/")
    connected, _ = await communicator.connect()
    assert connected
    message = await communicator.receive_json_from(timeout=5)
    state = message["state"]
    assert message["type"] == "state" and state["players_left"] == 3 and state["running"] is True
    assert state["level"]["small_blind"] == 25 and state["next_level"]["big_blind"] == 100
    await sync_to_async(services.clock_control)(actor=director, tournament=tournament, op="pause")
    pushed = await communicator.receive_json_from(timeout=5)
    assert pushed["state"]["running"] is False
    await communicator.disconnect()
    # Reconnecting gets the whole state again, paused.
    again = WebsocketCommunicator(application(), f"/ws/montecarlo/clock/{tournament.public_key}/")
    assert (await again.connect())[0]
    assert (await again.receive_json_from(timeout=5))["state"]["running"] is False
    await again.disconnect()


@override_settings(CHANNEL_LAYERS=LAYERS)
async def test_unknown_key_is_refused():
    communicator = WebsocketCommunicator(application(), "/ws/montecarlo/clock/nope/")
    connected, _ = await communicator.connect()
    assert not connected


@override_settings(CHANNEL_LAYERS=LAYERS)
async def test_staff_socket_is_scoped():
    tournament, director = await sync_to_async(running)(["Ana", "Ben"])
    stranger = await sync_to_async(member)(
        (await sync_to_async(lambda: running(["X", "Y"])[0].license.organization)()), Role.DEALER
    )
    path = f"/ws/montecarlo/tournaments/{tournament.pk}/"
    for user, allowed in ((director, True), (stranger, False), (AnonymousUser(), False)):
        communicator = WebsocketCommunicator(application(), path)
        communicator.scope["user"] = user
        connected, _ = await communicator.connect()
        assert connected is allowed
        if allowed:
            await sync_to_async(services.clock_control)(actor=director, tournament=tournament, op="pause")
            assert (await communicator.receive_json_from(timeout=5))["type"] == "changed"
            await communicator.disconnect()
