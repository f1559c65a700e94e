"""What every socket shares. A client's message is read only as a JSON object: anything else (not JSON, an array, a
number, null, a binary frame) is ignored, never raised in the server (`json_object`, the two JSON consumers below).
A live screen's socket joins one channel group chosen from its address (and, for staff pages, its user), may get a
first message at once (a reconnecting screen resyncs), and leaves the group when it closes; a socket with no group
(not found, or not the user's) is closed. An address no route serves is closed with NOT_FOUND."""

import json

from channels.generic.websocket import AsyncJsonWebsocketConsumer, AsyncWebsocketConsumer, JsonWebsocketConsumer
from django.utils import timezone

NOT_FOUND = 4404  # a close code of the application range (4000-4999): no socket at this address


def json_object(text_data: str | None) -> dict | None:
    """The message as a JSON object, or None for any other frame."""
    if not text_data:
        return None
    try:
        content = json.loads(text_data)
    except (ValueError, RecursionError):  # not JSON, or nested past the interpreter's stack
        return None
    return content if isinstance(content, dict) else None


class JsonObjectConsumer(JsonWebsocketConsumer):
    """Channels' JSON consumer, which raises on a binary frame or text that is not JSON, and hands a list or a number
    to receive_json: here receive_json gets objects only."""

    def receive(self, text_data=None, bytes_data=None, **kwargs):
        content = json_object(text_data)
        if content is not None:
            self.receive_json(content, **kwargs)


class AsyncJsonObjectConsumer(AsyncJsonWebsocketConsumer):
    """JsonObjectConsumer's async twin."""

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        content = json_object(text_data)
        if content is not None:
            await self.receive_json(content, **kwargs)


class NotFoundConsumer(AsyncWebsocketConsumer):
    """The last route: accepted, then closed with NOT_FOUND, so the client is told why (a socket closed before it
    is accepted reaches the browser as a bare handshake failure) and the router never raises."""

    async def connect(self):
        await self.accept()
        await self.close(code=NOT_FOUND)


class PingConsumer(JsonObjectConsumer):
    """A heartbeat socket: live pages use it to show whether they are connected."""

    def connect(self):
        self.accept()

    def receive_json(self, content, **kwargs):
        self.send_json({"type": "pong", "echo": content.get("id"), "server_time": timezone.now().isoformat()})


class GroupConsumer(AsyncJsonObjectConsumer):
    async def join(self) -> tuple[str | None, dict | None]:
        """(the group, the first message or None), read from self.scope."""
        raise NotImplementedError

    async def connect(self):
        self.group, first = await self.join()
        if self.group is None:
            await self.close()
            return
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        if first is not None:
            await self.send_json(first)

    async def disconnect(self, code):
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)
