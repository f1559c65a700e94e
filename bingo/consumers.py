"""The public flashboard socket: read-only, one group per hall.

On connect the screen gets the FULL state, so a screen that reconnects (network blip, server
restart) is resynchronised at once; then every event's new state arrives as it is committed
(bingo.broadcast). Async, because one hall may hold many screens: a broadcast is one JSON
text, forwarded as is to every socket without a thread per message."""

from __future__ import annotations

import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from bingo import broadcast
from bingo.models import Hall


@database_sync_to_async
def _hall(key: str) -> Hall | None:
    return Hall.objects.filter(key=key).first()


@database_sync_to_async
def _state_text(hall: Hall) -> str:
    return broadcast.message_for(hall)["text"]


class FlashboardConsumer(AsyncWebsocketConsumer):
    group = None

    async def connect(self):
        key = self.scope["url_route"]["kwargs"]["key"]
        hall = await _hall(key)
        if hall is None:
            await self.close(code=4404)  # unknown hall: nothing disclosed
            return
        self.hall = hall
        self.group = broadcast.group_name(hall)
        # Join first, read second: an event committed in between is then in the state or in a message.
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=await _state_text(hall))

    async def disconnect(self, code):
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        # Read-only: the only message a screen may send is a request for the full state.
        try:
            wanted = json.loads(text_data or "{}").get("type") == "resync"
        except (ValueError, AttributeError):
            wanted = False
        if wanted:
            await self.send(text_data=await _state_text(self.hall))

    async def bingo_state(self, event):
        await self.send(text_data=event["text"])
