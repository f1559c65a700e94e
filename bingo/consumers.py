"""The public flashboard socket: read-only, one group per hall.

On connect the screen gets the FULL state, so a screen that reconnects (network blip, server
restart) is resynchronised at once; then every event's new state arrives as it is committed
(bingo.broadcast). Async, because one hall may hold many screens: a broadcast is one JSON
text, forwarded as is to every socket by the process's hub (bingo.hub), which holds one
channel-layer membership per hall instead of one per socket."""

from __future__ import annotations

import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from bingo import broadcast
from bingo.hub import hub
from bingo.models import Hall


@database_sync_to_async
def _hall(key: str) -> Hall | None:
    return Hall.objects.filter(key=key).first()


@database_sync_to_async
def _state_text(hall: Hall) -> str:
    return broadcast.message_for(hall)["text"]


class FlashboardConsumer(AsyncWebsocketConsumer):
    # No channel of its own: the hub delivers the hall's messages, so a thousand screens do not
    # keep a thousand receives waiting on the channel layer.
    channel_layer_alias = "flashboard-screens-use-the-hub"
    group = None  # set once the screen is in the hub
    subscribed = None  # the group subscribed to while the initial state is read

    async def connect(self):
        key = self.scope["url_route"]["kwargs"]["key"]
        hall = await _hall(key)
        if hall is None:
            await self.close(code=4404)  # unknown hall: nothing disclosed
            return
        self.hall = hall
        group = broadcast.group_name(hall)
        # Subscribe first, read second, then join the hub: an event committed in between is in the
        # state read, or the hub hands back the newest message, so the screen misses nothing.
        seen = await hub().subscribe(group)
        self.subscribed = group
        await self.accept()
        await self.send(text_data=await _state_text(hall))
        newer = hub().add(group, self, seen)
        self.group, self.subscribed = group, None
        if newer is not None:
            await self.send(text_data=newer)

    async def disconnect(self, code):
        if self.group:
            await hub().remove(self.group, self)
        elif self.subscribed:
            await hub().remove(self.subscribed, self, added=False)

    async def receive(self, text_data=None, bytes_data=None):
        # Read-only: the only message a screen may send is a request for the full state.
        try:
            wanted = json.loads(text_data or "{}").get("type") == "resync"
        except (ValueError, AttributeError):
            wanted = False
        if wanted:
            await self.send(text_data=await _state_text(self.hall))
