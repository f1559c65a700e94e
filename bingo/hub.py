"""Process-local fan-out of flashboard messages.

A hall may have hundreds of screens. With one channel-layer membership per socket, every
call wakes every socket's consumer task through the layer (and the Redis core layer pops one
message per socket). Instead each server process joins a hall's group ONCE, with one channel
of its own, and a pump task forwards each message to the screens of that hall connected to
this process. Keyed by event loop: each loop (the server's, or a test's) has its own hub."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from dataclasses import dataclass, field

from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)


@dataclass
class _Hall:
    channel: str
    screens: set = field(default_factory=set)
    pending: int = 0  # screens subscribed but not yet added (reading their initial state)
    received: int = 0  # messages forwarded so far: lets a joining screen see it missed one
    last_text: str | None = None
    pump: asyncio.Task | None = None


class Hub:
    def __init__(self):
        self._halls: dict[str, _Hall] = {}
        self._lock = asyncio.Lock()

    async def subscribe(self, group: str) -> int:
        """Make sure this process receives the group's messages; returns the message count so far."""
        async with self._lock:
            hall = self._halls.get(group)
            if hall is None:
                layer = get_channel_layer()
                # The layer's default prefix: the Redis core layer multiplexes all of a process's
                # channels of ONE prefix over one receive loop; another prefix would starve.
                channel = await layer.new_channel()
                await layer.group_add(group, channel)
                hall = self._halls[group] = _Hall(channel=channel)
                hall.pump = asyncio.create_task(self._pump(layer, group, hall))
            hall.pending += 1
            return hall.received

    def add(self, group: str, screen, seen: int) -> str | None:
        """Add a screen that has its initial state; returns the newest message if one arrived since
        `seen` (the count before the screen read its state), so no call slips between the two."""
        hall = self._halls[group]  # kept alive by this screen's pending subscription
        hall.pending -= 1
        hall.screens.add(screen)
        return hall.last_text if hall.received != seen else None

    async def remove(self, group: str, screen, *, added: bool = True) -> None:
        """A screen leaves (or, added=False, gives up before it was added)."""
        async with self._lock:
            hall = self._halls.get(group)
            if hall is None:
                return
            if added:
                hall.screens.discard(screen)
            else:
                hall.pending -= 1
            if not hall.screens and not hall.pending:
                del self._halls[group]
                hall.pump.cancel()
                # Wait for the pump to unwind: the layer counts its receivers per event loop.
                with contextlib.suppress(asyncio.CancelledError):
                    await hall.pump
                await get_channel_layer().group_discard(group, hall.channel)

    async def _pump(self, layer, group: str, hall: _Hall) -> None:
        try:
            await self._forward(layer, group, hall)
        except asyncio.CancelledError:
            raise
        except Exception:
            # The layer failed (Redis gone): forget the hall and close its screens, which
            # reconnect on their own and resync from the database once the layer is back.
            logger.exception("flashboard pump for %s stopped", group)
            if self._halls.get(group) is hall:
                del self._halls[group]
            for screen in list(hall.screens):
                with contextlib.suppress(Exception):
                    await screen.close(code=1011)

    async def _forward(self, layer, group: str, hall: _Hall) -> None:
        while True:
            message = await layer.receive(hall.channel)
            text = message.get("text")
            if text is None:
                continue
            hall.received += 1
            hall.last_text = text
            for screen in list(hall.screens):
                try:
                    await screen.send(text_data=text)
                except Exception:  # one broken socket must not stop the others
                    logger.exception("flashboard send failed on %s", group)


_hubs: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def hub() -> Hub:
    loop = asyncio.get_running_loop()
    current = _hubs.get(loop)
    if current is None:
        current = _hubs[loop] = Hub()
    return current
