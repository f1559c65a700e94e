"""Redis restarts during a game (issue 31; the whole drill is scripts/drills/redis_restart.py).

Redis keeps nothing on disk: a restart forgets the flashboard hubs' group memberships and the cache. What must
hold, with a real Redis of the test's own that is stopped, flushed or restarted:
- a hub whose membership vanished while its read went on (the screens connected but deaf) adds it again and
  sends its screens the state they missed (bingo.live.hub: the keeper's round, `Hub.renew`);
- a call made while Redis is down is recorded once, the caller's console says plainly that the flashboards
  will catch up, and a screen that reconnects once Redis is back shows it;
- the pages and the API keep answering while the cache is down (core.cache.TolerantRedisCache), and /healthz
  still names the failure."""

import asyncio
import json
import logging

import pytest
import redis
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.test import override_settings
from django.urls import reverse

from bingo.live import broadcast, hub, services
from bingo.models import EventKind, GameEvent
from core import cache as tolerant_cache
from testkit.private_services import PrivateRedis
from tests.bingo.factories import live_world
from tests.bingo.live.flashboard_screens import connected_flashboard
from tests.conftest import redis_server_start

pytestmark = [pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("keep_migrated_data", "close_executor_connections")]


def layers(url: str) -> dict:
    return {"default": {"BACKEND": "channels_redis.core.RedisChannelLayer",
                        "CONFIG": {"hosts": [{"address": url, "socket_timeout": 30}]}}}


def caches(url: str) -> dict:
    return {"default": {"BACKEND": "core.cache.TolerantRedisCache", "LOCATION": url,
                        "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2}}}


def stopped(own_redis) -> str:
    url, process = own_redis
    process.kill()
    process.wait()
    return url


def calls(game) -> list[int]:
    return [e.payload["number"] for e in GameEvent.objects.filter(game=game, kind=EventKind.CALL).order_by("seq")]


# --- The hub ---


@pytest.mark.asyncio
async def test_a_hub_whose_membership_vanished_joins_again_and_resyncs_its_screens(own_redis):
    """FLUSHALL takes the membership as a restart between two of the pump's reads does, without breaking
    the read: the call's broadcast reaches no one. The keeper's round makes it up and joins again."""
    url, _process = own_redis
    world = await database_sync_to_async(live_world)()
    with override_settings(CHANNEL_LAYERS=layers(url)):
        screen, state = await connected_flashboard(world.hall)
        assert state["calls"] == []
        redis.Redis.from_url(url).flushall()
        await database_sync_to_async(services.ball_record)(actor=world.caller, game=world.game, number=12)
        assert await screen.receive_nothing(timeout=1)  # deaf: what the keeper is for

        hall = hub.hub()._halls[world.hall.key]
        await hub.hub().renew(hall)
        assert (await screen.receive_json_from(timeout=5))["calls"] == [12]
        await hub.hub().renew(hall)
        assert await screen.receive_nothing(timeout=0.5)  # nothing missed: nothing sent again

        # Joined again: a message sent through the layer now arrives (the database holds no such state).
        marker = json.dumps({"marker": 1})
        await get_channel_layer().group_send(broadcast.group_name(world.hall.pk),
                                             {"type": broadcast.MESSAGE_TYPE, "text": marker})
        assert await screen.receive_json_from(timeout=5) == {"marker": 1}
        await screen.disconnect()


@pytest.mark.asyncio
async def test_the_keeper_runs_on_its_own(own_redis, monkeypatch):
    url, _process = own_redis
    monkeypatch.setattr(hub, "RESYNC_EVERY", 0.2)
    world = await database_sync_to_async(live_world)()
    with override_settings(CHANNEL_LAYERS=layers(url)):
        screen, _state = await connected_flashboard(world.hall)
        redis.Redis.from_url(url).flushall()
        await database_sync_to_async(services.ball_record)(actor=world.caller, game=world.game, number=40)
        assert (await screen.receive_json_from(timeout=10))["calls"] == [40]
        await screen.disconnect()


@pytest.mark.asyncio
async def test_a_call_made_while_redis_restarts_reaches_the_screens_once_it_is_back(tmp_path, redis_server_binary):
    server = PrivateRedis(tmp_path / "redis").start()
    try:
        world = await database_sync_to_async(live_world)()
        with override_settings(CHANNEL_LAYERS=layers(server.url)):
            screen, _state = await connected_flashboard(world.hall)
            await asyncio.to_thread(server.stop)
            # The hub's read fails: the screen is closed, and reconnects (the browser's flashboard.js).
            assert await screen.receive_output(timeout=10) == {"type": "websocket.close", "code": hub.RECONNECT}
            sent = await database_sync_to_async(broadcast.send_game)(world.game.pk)
            assert sent is False
            await database_sync_to_async(services.ball_record)(actor=world.caller, game=world.game, number=33)
            await asyncio.to_thread(server.start)
            again, state = await connected_flashboard(world.hall)
            assert state["calls"] == [33]
            await database_sync_to_async(services.ball_record)(actor=world.caller, game=world.game, number=7)
            assert (await again.receive_json_from(timeout=5))["calls"] == [33, 7]
            await again.disconnect()
        assert await database_sync_to_async(calls)(world.game) == [33, 7]
    finally:
        await asyncio.to_thread(server.destroy)


# --- The caller's console ---


def test_a_call_while_redis_is_down_is_recorded_once_and_the_console_says_the_boards_will_catch_up(
        client, own_redis):
    url, _process = own_redis
    world = live_world()
    client.force_login(world.caller)
    draw = reverse("bingo:console_draw", args=[world.game.pk])
    record = reverse("bingo:console_record", args=[world.game.pk])
    with override_settings(CHANNEL_LAYERS=layers(url), CACHES=caches(url)):
        answer = client.post(draw, HTTP_HX_REQUEST="true")
        assert answer.status_code == 200
        assert 'data-flashboards="behind"' not in answer.text  # Redis up: nothing to say

        stopped(own_redis)
        answer = client.post(record, {"number": 21}, HTTP_HX_REQUEST="true")
        assert answer.status_code == 200
        assert 'data-flashboards="behind"' in answer.text
        assert "cannot be reached at the moment" in answer.text
        assert calls(world.game)[-1] == 21

        # The same ball keyed again: refused, not written twice (30 DCMR 1405.14).
        again = client.post(record, {"number": 21}, HTTP_HX_REQUEST="true")
        assert "already called" in again.text
        assert calls(world.game).count(21) == 1

        # Without htmx: the redirect to the console, with the same message.
        answer = client.post(draw, follow=True)
        assert answer.status_code == 200
        assert "cannot be reached at the moment" in answer.text
        assert len(calls(world.game)) == 3


# --- The cache ---


def test_pages_and_the_api_answer_while_the_cache_is_down_and_healthz_names_it(client, own_redis, caplog,
                                                                             monkeypatch):
    monkeypatch.setattr(tolerant_cache, "_outages", {})
    world = live_world()
    url = stopped(own_redis)
    with override_settings(CACHES=caches(url)), caplog.at_level(logging.WARNING, logger="core.cache"):
        client.force_login(world.caller)
        # The API's rate limits (DRF throttles, counted in the cache) fail open.
        assert client.get(reverse("bingo-game-state", args=[world.game.pk])).status_code == 200
        answer = client.post(reverse("bingo-game-record", args=[world.game.pk]), {"number": 5},
                             content_type="application/json")
        assert answer.status_code == 201 and answer.json()["calls"] == [5]
        client.logout()
        # allauth's limits on reset emails, the token endpoint's throttle.
        assert client.post("/accounts/password/reset/", {"email": "nobody@example.org"}).status_code in (200, 302)
        assert client.post("/api/v1/auth/token/", {"email": "nobody@example.org", "password": "wrong-password"},
                           content_type="application/json").status_code in (400, 401)
        health = client.get(reverse("healthz"))
    assert health.status_code == 503
    assert "ConnectionError" in health.json()["checks"]["cache"]["detail"]
    warnings = [r for r in caplog.records if r.name == "core.cache"]
    assert len(warnings) == 1 and "cache unavailable" in warnings[0].getMessage()  # once, not per request


def test_the_tolerant_cache_answers_misses_when_down_and_values_when_up(own_redis, monkeypatch):
    monkeypatch.setattr(tolerant_cache, "_outages", {})
    url, _process = own_redis
    with override_settings(CACHES=caches(url)):
        from django.core.cache import cache

        cache.set("k", "v")
        assert cache.get("k") == "v"
        assert cache.incr("n", 1) if cache.add("n", 1) else False
        stopped(own_redis)
        assert cache.get("k", "miss") == "miss"
        assert cache.get_many(["k"]) == {}
        assert cache.add("lock", 1) is True  # a lock granted: allauth's limits fail open too
        assert cache.set("k", "w") is None
        with pytest.raises(ValueError):
            cache.incr("n")
        with tolerant_cache.raising(), pytest.raises(redis.ConnectionError):
            cache.get("k")



def test_the_reconnect_close_code_is_one_daphne_sends():
    """Daphne's websocket (autobahn) refuses to send a close code other than 1000 and 3000-4999: with 1011 the
    hub's close raised, was swallowed, and the screens stayed open and deaf after a Redis restart (the drill
    found it). Autobahn's own check, on a protocol that records the frame instead of writing it."""
    from autobahn.websocket.protocol import WebSocketProtocol

    class Recorded(WebSocketProtocol):
        def __init__(self):
            self.sent = []

        def sendCloseFrame(self, code=None, reasonUtf8=None, isReply=False):  # noqa: N802, N803 (autobahn's names)
            self.sent.append(code)

    protocol = Recorded()
    protocol.sendClose(code=hub.RECONNECT)
    assert protocol.sent == [hub.RECONNECT]
    with pytest.raises(Exception, match="invalid close code"):
        protocol.sendClose(code=1011)


def test_after_a_failure_the_cache_leaves_redis_alone_for_a_moment_then_asks_again(own_redis, monkeypatch,
                                                                                  redis_server_binary):
    """A Redis that does not answer costs its timeouts once per SKIP_FOR, not on every call of every page."""
    monkeypatch.setattr(tolerant_cache, "_outages", {})
    monkeypatch.setattr(tolerant_cache, "SKIP_FOR", 3600.0)
    url = stopped(own_redis)
    with override_settings(CACHES=caches(url)):
        from django.core.cache import cache

        assert cache.get("k") is None  # asked Redis, failed
        port = int(url.rsplit(":", 1)[1].split("/")[0])
        restarted = redis_server_start(redis_server_binary, port)
        try:
            with tolerant_cache.raising():  # the health check's way: straight to Redis, skip or not
                cache.set("k", "v")
            assert cache.get("k") is None  # Redis holds it, but the cache still leaves Redis alone
            tolerant_cache._outage_of(cache._servers).skip_until = 0.0  # the moment has passed
            assert cache.get("k") == "v"
        finally:
            restarted.kill()
            restarted.wait()
