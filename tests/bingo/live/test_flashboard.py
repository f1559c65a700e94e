"""Flashboards over websockets: the full state on connect, and multi-hall delivery
(30 DCMR 1405.13): every hall of a multi-hall game hears each call; a regular game's calls
reach only the drawing location. In-memory channel layer (REDIS_URL unset) or Redis."""

import pytest
from channels.db import database_sync_to_async

from bingo.live import services
from bingo.models import GameType, Hall
from core.findings import RuleViolation
from tests.bingo.factories import live_world, record
from tests.bingo.live.flashboard_screens import connected_flashboard as _connect
from tests.bingo.live.flashboard_screens import flashboard

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("keep_migrated_data", "close_executor_connections")]


async def test_a_screen_gets_the_full_state_when_it_connects():
    world = await database_sync_to_async(live_world)()
    await database_sync_to_async(record)(world, [7, 22, 61])
    screen, state = await _connect(world.hall)
    # The board shows every number called (30 DCMR 1405.9), the last one as announced (1405.11).
    assert state["calls"] == [7, 22, 61]
    assert state["last"] == 61 and state["last_label"] == "O 61"
    assert state["game"]["number"] == world.game.number and state["game"]["status"] == "live"
    assert state["game"]["prize"] == "100.00"  # the prize displayed before and during the game (30 DCMR 1405.18)
    assert state["game"]["pattern"]["slug"] == "any-line" and len(state["game"]["pattern"]["grid"]) == 5
    # Nothing private on a public screen: no faces, no claims.
    assert "claims" not in state and "face" not in str(state)
    await screen.disconnect()
    # A reconnecting screen is resynchronised to the same state.
    again, state_again = await _connect(world.hall)
    assert state_again == state
    await again.disconnect()


async def test_an_unknown_hall_is_closed_with_nothing_sent():
    communicator = flashboard(Hall(key="no-such-key"))
    connected, _ = await communicator.connect()
    assert connected  # accepted before the hall is looked up (see test_flashboard_burst.py)
    assert await communicator.receive_output(timeout=5) == {"type": "websocket.close", "code": 4404}


async def test_a_multi_hall_call_reaches_every_hall():
    world = await database_sync_to_async(live_world)(game_type=GameType.MULTI_HALL, extra_halls=1)
    other = world.other_halls[0]
    assert other.premises_id != world.hall.premises_id  # two different licensed premises
    drawing, first = await _connect(world.hall)
    remote, remote_first = await _connect(other)
    assert first["calls"] == remote_first["calls"] == []
    await database_sync_to_async(services.ball_record)(actor=world.caller, game=world.game, number=33)
    for screen in (drawing, remote):
        state = await screen.receive_json_from(timeout=5)
        assert state["calls"] == [33] and state["last_label"] == "N 33"
    assert remote_first["hall"]["name"] == other.name
    await drawing.disconnect()
    await remote.disconnect()


async def test_a_regular_game_reaches_only_the_drawing_hall():
    world = await database_sync_to_async(live_world)(game_type=GameType.REGULAR, extra_halls=1)
    drawing, _ = await _connect(world.hall)
    remote, remote_first = await _connect(world.other_halls[0])
    assert remote_first["game"] is None  # a participating hall shows multi-hall games only
    await database_sync_to_async(services.ball_record)(actor=world.caller, game=world.game, number=12)
    assert (await drawing.receive_json_from(timeout=5))["calls"] == [12]
    assert await remote.receive_nothing(timeout=0.3)
    await drawing.disconnect()
    await remote.disconnect()


async def test_undo_and_a_new_game_reset_the_board():
    world = await database_sync_to_async(live_world)()
    screen, _ = await _connect(world.hall)
    await database_sync_to_async(record)(world, [5, 6])
    await screen.receive_json_from(timeout=5)
    assert (await screen.receive_json_from(timeout=5))["calls"] == [5, 6]
    await database_sync_to_async(services.call_undo)(actor=world.caller, game=world.game, reason="misread")
    assert (await screen.receive_json_from(timeout=5))["calls"] == [5]
    await database_sync_to_async(services.game_close)(actor=world.caller, game=world.game)
    closed = await screen.receive_json_from(timeout=5)
    assert closed["game"]["status"] == "closed" and closed["calls"] == [5]
    await screen.disconnect()


async def test_a_rolled_back_call_is_never_broadcast():
    world = await database_sync_to_async(live_world)()
    screen, _ = await _connect(world.hall)
    await database_sync_to_async(record)(world, [5])
    await screen.receive_json_from(timeout=5)
    with pytest.raises(RuleViolation):  # 1405.14: the same ball twice is refused, the transaction rolls back
        await database_sync_to_async(services.ball_record)(actor=world.caller, game=world.game, number=5)
    assert await screen.receive_nothing(timeout=0.3)
    await screen.disconnect()


async def test_an_idle_screen_on_redis_still_hears_the_next_call(redis_url):
    """A quiet stretch longer than the layer's 5 s BRPOP must not kill the screen: redis-py 8
    reads with a 5 s socket timeout unless the layer's hosts raise it (config/settings.py)."""
    import asyncio

    from channels.layers import get_channel_layer

    assert "RedisChannelLayer" in type(get_channel_layer()).__name__
    world = await database_sync_to_async(live_world)()
    screen, _ = await _connect(world.hall)
    await asyncio.sleep(7)
    await database_sync_to_async(services.ball_record)(actor=world.caller, game=world.game, number=44)
    assert (await screen.receive_json_from(timeout=5))["calls"] == [44]
    await screen.disconnect()
