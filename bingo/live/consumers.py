"""The public flashboard socket: read-only, one group per hall.

On connect the screen gets the FULL state, so a screen that reconnects (network blip, server
restart) is resynchronised at once; then every event's new state arrives as it is committed
(bingo.live.broadcast). Async, because one hall may hold many screens: a broadcast is one JSON
text, forwarded as is to every socket by the process's hub (bingo.live.hub), which holds one
channel-layer membership per hall instead of one per socket, and one rendered state per hall
for the screens that connect together."""

from __future__ import annotations

import logging

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer

from bingo.live.hub import RECONNECT, hub
from core.consumers import json_object

logger = logging.getLogger(__name__)


class FlashboardConsumer(AsyncWebsocketConsumer):
    # No channel of its own: the hub delivers the hall's messages, so a thousand screens do not
    # keep a thousand receives waiting on the channel layer.
    channel_layer_alias = "flashboard-screens-use-the-hub"
    hall = None  # the hub's hall, once the screen has its state

    async def dispatch(self, message):
        # Channels' dispatch first closes stale database connections, a hop to the one database
        # thread for every message, so a burst of screens would queue there before any accept.
        # This consumer reaches the database only through the hub's database_sync_to_async
        # reads, which close stale connections themselves.
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self):
        # Accept before anything waits on the database: daphne drops a handshake that is not
        # accepted within 5 s, and a burst of screens queues on the one database thread.
        await self.accept()
        key = self.scope["url_route"]["kwargs"]["key"]
        try:
            self.hall = await hub().join(key, self)
        except Exception:
            logger.exception("flashboard %s could not join its hall", key)
            await self.close(code=RECONNECT)  # the screen reconnects and tries again
            return
        if self.hall is None:
            await self.close(code=4404)  # unknown hall: nothing disclosed

    async def disconnect(self, code):
        if self.hall is not None:
            await hub().leave(self.hall, self)

    async def receive(self, text_data=None, bytes_data=None):
        # Read-only: the only message a screen may send is a request for the full state.
        message = json_object(text_data) or {}
        if message.get("type") == "resync" and self.hall is not None:
            await self.send(text_data=await hub().state(self.hall))
