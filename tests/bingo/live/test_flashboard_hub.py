"""A burst of flashboards (bingo.live.hub): a screen is accepted before anything waits on the database,
screens that connect together share one state read, the next event replaces the hall's cached
state, a change that is no event reaches screens joining after FRESH_FOR, and the hub outlives a
failing channel layer. Real communicators, the real database and a real Redis."""

import asyncio
from decimal import Decimal

import psycopg
import pytest
from asgiref.sync import SyncToAsync
from channels.db import database_sync_to_async
from django.db import connection, connections
from django.test import override_settings

from bingo.live import hub, services
from bingo.models import GameEvent, Hall
from bingo.planning import services as services_planning
from licensing.models import Role
from tests.bingo.factories import live_world, record
from tests.bingo.live.flashboard_screens import connected_flashboard, flashboard
from tests.conftest import need, redis_server_start
from tests.licensing.factories import member

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("keep_migrated_data", "close_executor_connections")]


class _Reads:
    """Counts the queries on a table made by the consumers, which reach the database from
    asgiref's one shared thread: a wrapper on that thread's connection sees each one."""

    def __init__(self, table: str):
        self.table, self.count = f'"{table}"', 0

    def __call__(self, execute, sql, params, many, context):
        if self.table in sql:
            self.count += 1
        return execute(sql, params, many, context)

    async def _on_shared_thread(self, fn):
        await asyncio.wrap_future(SyncToAsync.single_thread_executor.submit(fn))

    async def __aenter__(self):
        await self._on_shared_thread(lambda: connections["default"].execute_wrappers.append(self))
        return self

    async def __aexit__(self, *exc):
        await self._on_shared_thread(lambda: connections["default"].execute_wrappers.remove(self))


async def test_a_screen_is_accepted_before_its_hall_is_read():
    """Daphne drops a handshake not accepted within 5 s: the accept must not wait on the database."""
    need(connection.vendor == "postgresql", "this test locks a table: run it with DATABASE_URL on PostgreSQL")
    world = await database_sync_to_async(live_world)()
    await database_sync_to_async(record)(world, [9])
    settings = connection.settings_dict
    with psycopg.connect(dbname=settings["NAME"], user=settings["USER"], password=settings["PASSWORD"],
                         host=settings["HOST"], port=settings["PORT"]) as lock:
        lock.execute(f'LOCK TABLE "{Hall._meta.db_table}" IN ACCESS EXCLUSIVE MODE')  # the hall lookup waits
        screen = flashboard(world.hall)
        connected, _ = await screen.connect(timeout=3)
        assert connected
        assert await screen.receive_nothing(timeout=0.5)  # accepted, its state still waiting on the lock
        lock.rollback()
    assert (await screen.receive_json_from(timeout=5))["calls"] == [9]
    await screen.disconnect()


async def test_screens_connecting_together_share_one_state_read():
    world = await database_sync_to_async(live_world)()
    await database_sync_to_async(record)(world, [3, 41])
    async with _Reads(GameEvent._meta.db_table) as reads:
        joined = await asyncio.gather(*(connected_flashboard(world.hall) for _ in range(20)))
    assert {tuple(state["calls"]) for _, state in joined} == {(3, 41)}
    assert reads.count == 1  # one replay of the game's events for twenty screens
    await database_sync_to_async(services.ball_record)(actor=world.caller, game=world.game, number=70)
    for screen, _ in joined:  # and every one of them hears the next call
        assert (await screen.receive_json_from(timeout=5))["calls"] == [3, 41, 70]
        await screen.disconnect()


async def test_the_next_event_replaces_the_cached_state():
    world = await database_sync_to_async(live_world)()
    first, state = await connected_flashboard(world.hall)
    assert state["calls"] == []
    await database_sync_to_async(services.ball_record)(actor=world.caller, game=world.game, number=18)
    assert (await first.receive_json_from(timeout=5))["calls"] == [18]
    async with _Reads(GameEvent._meta.db_table) as reads:
        second, state = await connected_flashboard(world.hall)
    assert state["calls"] == [18]  # the broadcast, not the state read before the call
    assert reads.count == 0
    for screen in (first, second):
        await screen.disconnect()


async def test_a_change_that_is_no_event_reaches_screens_joining_after_the_window():
    """Planning edits are not broadcast: a state read serves joining screens for FRESH_FOR
    seconds only, then the next screen reads the database again."""
    world = await database_sync_to_async(live_world)(start=False)
    officer = await database_sync_to_async(member)(world.organization, Role.OFFICER)
    first, state = await connected_flashboard(world.hall)
    assert state["game"]["status"] == "planned" and state["game"]["prize"] == "100.00"
    await database_sync_to_async(services_planning.game_update)(actor=officer, game=world.game,
                                                                prize=Decimal("150.00"))
    second, state = await connected_flashboard(world.hall)
    assert state["game"]["prize"] == "100.00"  # within the window: the hall's state as read for the first
    await asyncio.sleep(hub.FRESH_FOR + 0.1)
    third, state = await connected_flashboard(world.hall)
    assert state["game"]["prize"] == "150.00"
    for screen in (first, second, third):
        await screen.disconnect()


async def test_the_hub_outlives_a_failing_channel_layer(own_redis, redis_server_binary):
    """Redis goes away under a connected screen: the hub closes it (the browser reconnects) and
    serves the next screen once Redis is back."""
    url, process = own_redis
    layers = {"default": {"BACKEND": "channels_redis.core.RedisChannelLayer",
                          "CONFIG": {"hosts": [{"address": url, "socket_timeout": 30}]}}}
    world = await database_sync_to_async(live_world)()
    with override_settings(CHANNEL_LAYERS=layers):
        screen, _ = await connected_flashboard(world.hall)
        process.kill()
        process.wait()
        assert await screen.receive_output(timeout=10) == {"type": "websocket.close", "code": hub.RECONNECT}
        port = int(url.rsplit(":", 1)[1].split("/")[0])
        restarted = redis_server_start(redis_server_binary, port)
        try:
            again, state = await connected_flashboard(world.hall)
            assert state["calls"] == []
            await database_sync_to_async(services.ball_record)(actor=world.caller, game=world.game, number=27)
            assert (await again.receive_json_from(timeout=5))["calls"] == [27]
            await again.disconnect()
        finally:
            restarted.kill()
            restarted.wait()
