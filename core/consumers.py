"""The shape every live screen's socket shares: it joins one channel group chosen from its address (and, for staff
pages, its user), may get a first message at once (a reconnecting screen resyncs), and leaves the group when it
closes. A socket with no group (not found, or not the user's) is closed."""

from channels.generic.websocket import AsyncJsonWebsocketConsumer


class GroupConsumer(AsyncJsonWebsocketConsumer):
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
