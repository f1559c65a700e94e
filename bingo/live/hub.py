"""Process-local fan-out of flashboard messages, and each hall's current state.

A hall may have hundreds of screens. With one channel-layer membership per socket, every
call wakes every socket's consumer task through the layer (and the Redis core layer pops one
message per socket). Instead each server process joins a hall's group ONCE, with one channel
of its own, and a pump task forwards each message to the screens of that hall connected to
this process. Keyed by event loop: each loop (the server's, or a test's) has its own hub.

A burst of screens (a hall's televisions switched on together, every screen reconnecting after
a restart) must not rebuild the same state once per screen: the database work of a consumer
runs on asgiref's ONE shared thread, so a thousand screens would wait on a thousand replays of
the game's events in a row. The hub keeps each hall's rendered state instead. The next
broadcast replaces it (every message is the full state, built after its event committed, so a
rolled-back call never shows); a state read from the database serves the screens that join
within FRESH_FOR seconds of it, so a change that is no game event (a game planned or edited)
still reaches a screen that joins later; screens that join together share one read.

Redis keeps nothing on disk: a restart forgets every group membership. The pump's read then fails and the
hall's screens are closed (RECONNECT), so they reconnect and resync; but a membership can also vanish while the
pump reads on (a Redis restarted between two of its reads, flushed, or failed over; channels_redis's
group_expiry, a day, on a process that has served a hall that long), and the screens would stay connected and
deaf. So every RESYNC_EVERY seconds each hall's membership is added again (idempotent; it also renews the
expiry) and its state read once from the database: a state its screens lack is sent to them. The cost is per
hall and process, not per screen."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
import weakref
from dataclasses import dataclass, field

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from bingo.live import broadcast
from bingo.models import Hall

logger = logging.getLogger(__name__)
FRESH_FOR = 1.0  # seconds a state read from the database serves joining screens
# The close code that sends a screen back to reconnect: daphne (autobahn) refuses to send 1011 ("must be 1000 or
# from [3000, 4999]"), so a screen closed with it stayed open, and deaf. 4000-4999 are the application's own.
RECONNECT = 4011
RESYNC_EVERY = 10.0  # seconds between two checks of a hall's membership and state (module docstring)


class HubUnavailable(Exception):
    """The hall's membership in the channel layer failed while the screen was joining."""


@database_sync_to_async
def _hall_id(key: str) -> int | None:
    return Hall.objects.filter(key=key).values_list("pk", flat=True).first()


@database_sync_to_async
def _state_text(hall_id: int) -> str:
    return broadcast.message_for(Hall.objects.get(pk=hall_id))["text"]


@dataclass(eq=False)
class _Hall:
    key: str
    hall_id: int
    channel: str
    screens: set = field(default_factory=set)
    pending: int = 0  # screens joining, not yet added (waiting for the state)
    received: int = 0  # messages forwarded so far: lets a joining screen see it missed one
    text: str | None = None  # the newest state known here: the last message, or a read
    text_count: int = 0  # `received` when `text` was the newest
    text_at: float = -math.inf  # when `text` was the newest (monotonic clock)
    reading: asyncio.Future | None = None  # the state read the joining screens share
    pump: asyncio.Task | None = None
    keeper: asyncio.Task | None = None  # re-adds the membership and resyncs the screens (module docstring)
    failed: bool = False  # the layer failed: its screens are being closed

    @property
    def group(self) -> str:
        return broadcast.group_name(self.hall_id)


class Hub:
    def __init__(self):
        self._halls: dict[str, _Hall] = {}  # by hall key
        self._lookups: dict[str, asyncio.Future] = {}  # hall key -> the id lookup screens share
        self._lock = asyncio.Lock()

    async def join(self, key: str, screen) -> _Hall | None:
        """Send a screen its hall's current state and add it to the hall's screens, which receive
        every later message; None (and nothing sent) for an unknown hall key."""
        hall = self._halls.get(key)
        if hall is None:
            hall_id = await self._shared(self._lookups, key, lambda: _hall_id(key))
            if hall_id is None:
                return None
            hall = await self._subscribe(key, hall_id)
        else:
            hall.pending += 1
        try:
            text, count = await self._state(hall)
        except BaseException:
            await self.leave(hall, screen, added=False)
            raise
        hall.pending -= 1
        if self._halls.get(key) is not hall:
            raise HubUnavailable(hall.group)  # its pump stopped: the screen reconnects and resyncs
        # Added and sent with no await between: the pump forwards any later message to it.
        hall.screens.add(screen)
        try:
            # A message that came while the state was read is newer than the state read.
            await screen.send(text_data=hall.text if hall.received != count else text)
        except BaseException:
            await self.leave(hall, screen)
            raise
        return hall

    async def state(self, hall: _Hall) -> str:
        """The hall's current state, for a screen that asks again."""
        return (await self._state(hall))[0]

    async def leave(self, hall: _Hall, screen, *, added: bool = True) -> None:
        """A screen leaves (or, added=False, gives up before it was added)."""
        async with self._lock:
            if added:
                hall.screens.discard(screen)
            else:
                hall.pending -= 1
            if hall.screens or hall.pending or self._halls.get(hall.key) is not hall:
                return
            del self._halls[hall.key]
            await self._stop(hall)
            await get_channel_layer().group_discard(hall.group, hall.channel)

    @staticmethod
    async def _stop(hall: _Hall) -> None:
        current = asyncio.current_task()
        tasks = [task for task in (hall.pump, hall.keeper) if task is not None and task is not current]
        for task in tasks:
            task.cancel()
        # Wait for the pump to unwind: the layer counts its receivers per event loop.
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def _subscribe(self, key: str, hall_id: int) -> _Hall:
        """Make sure this process receives the hall's messages before its state is read: an event
        committed after the read is then broadcast to the hub, so the screen misses nothing."""
        async with self._lock:
            hall = self._halls.get(key)
            if hall is None:
                layer = get_channel_layer()
                # The layer's default prefix: the Redis core layer multiplexes all of a process's
                # channels of ONE prefix over one receive loop; another prefix would starve.
                channel = await layer.new_channel()
                await layer.group_add(broadcast.group_name(hall_id), channel)
                hall = self._halls[key] = _Hall(key=key, hall_id=hall_id, channel=channel)
                hall.pump = asyncio.create_task(self._pump(layer, hall))
                hall.keeper = asyncio.create_task(self._keep(layer, hall))
            hall.pending += 1
            return hall

    async def _state(self, hall: _Hall) -> tuple[str, int]:
        """The state text and the message count it accounts for."""
        if hall.text is not None and time.monotonic() - hall.text_at < FRESH_FOR:
            return hall.text, hall.text_count
        if hall.reading is None:
            hall.reading = asyncio.ensure_future(self._read(hall))
        # Shielded: one screen that leaves mid-read must not cancel the read the others wait on.
        return await asyncio.shield(hall.reading)

    async def _read(self, hall: _Hall) -> tuple[str, int]:
        seen, started = hall.received, time.monotonic()
        try:
            text = await _state_text(hall.hall_id)
        finally:
            hall.reading = None
        if hall.received == seen:  # else the message that came meanwhile is the newer state
            hall.text, hall.text_count, hall.text_at = text, seen, started
        return text, seen

    @staticmethod
    async def _shared(pending: dict, key, start):
        """Run start() once for every caller that asks for the same key while it runs."""
        future = pending.get(key)
        if future is None:
            future = pending[key] = asyncio.ensure_future(start())
            future.add_done_callback(lambda _done: pending.pop(key, None))
        return await asyncio.shield(future)

    async def _pump(self, layer, hall: _Hall) -> None:
        try:
            await self._forward(layer, hall)
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.exception("flashboard pump for %s stopped", hall.group)
            await self._fail(hall)

    async def _fail(self, hall: _Hall) -> None:
        """The layer failed (Redis gone): forget the hall and close its screens, which reconnect on
        their own and resync from the database once the layer is back."""
        if hall.failed:  # the pump and the keeper may both see the layer fail
            return
        hall.failed = True
        if self._halls.get(hall.key) is hall:
            del self._halls[hall.key]
        await self._stop(hall)
        for screen in list(hall.screens):
            try:
                await screen.close(code=RECONNECT)
            except Exception:  # a screen left open here would stay deaf: say so
                logger.exception("flashboard screen of %s could not be closed", hall.group)

    async def _keep(self, layer, hall: _Hall) -> None:
        while True:
            await asyncio.sleep(RESYNC_EVERY)
            await self.renew(hall, layer)

    async def renew(self, hall: _Hall, layer=None) -> None:
        """One round of the keeper: the hall's membership added again, its screens resynced."""
        try:
            await (layer or get_channel_layer()).group_add(hall.group, hall.channel)
        except Exception:
            logger.exception("flashboard membership of %s could not be renewed", hall.group)
            await self._fail(hall)
            return
        try:
            await self._resync(hall)
        except Exception:  # the database, for a moment: the next round tries again
            logger.exception("flashboard resync of %s failed", hall.group)

    async def _resync(self, hall: _Hall) -> None:
        """Send the hall's screens its state read now, when it is not the state they show: a message
        the hub never received (its membership was gone) is made up for here."""
        seen = hall.received
        text = await _state_text(hall.hall_id)
        if hall.received != seen or text == hall.text:
            return  # a message came meanwhile (newer than the read), or nothing was missed
        logger.info("flashboard state of %s changed with no message (one lost, or a planning change): "
                    "screens resynchronised", hall.group)
        # Counted as a message, so a screen whose state read started before this one takes the newer text.
        hall.received += 1
        hall.text, hall.text_count, hall.text_at = text, hall.received, time.monotonic()
        await self._send(hall, text)

    async def _forward(self, layer, hall: _Hall) -> None:
        while True:
            message = await layer.receive(hall.channel)
            text = message.get("text")
            if text is None:
                continue
            hall.received += 1
            hall.text, hall.text_count, hall.text_at = text, hall.received, time.monotonic()
            await self._send(hall, text)

    @staticmethod
    async def _send(hall: _Hall, text: str) -> None:
        for screen in list(hall.screens):
            try:
                await screen.send(text_data=text)
            except Exception:  # one broken socket must not stop the others
                logger.exception("flashboard send failed on %s", hall.group)


_hubs: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def hub() -> Hub:
    loop = asyncio.get_running_loop()
    current = _hubs.get(loop)
    if current is None:
        current = _hubs[loop] = Hub()
    return current
