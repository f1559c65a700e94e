"""Live night sockets. The public leaderboard joins its night's group by key and gets the full state on connect,
so a reconnecting screen resyncs at once; staff pages (the director's page, a dealer's table) join the night's
group and refresh when anything is recorded there."""

from channels.db import database_sync_to_async

from core.consumers import GroupConsumer
from montecarlo.models import Night
from montecarlo.nights.broadcast import leaderboard_group, night_group
from montecarlo.nights.leaderboard import leaderboard_state
from montecarlo.nights.selectors import night_list


@database_sync_to_async
def _leaderboard(key: str):
    night = Night.objects.filter(public_key=key).first()
    if night is None:
        return None, None
    return leaderboard_group(night), {"type": "state", "state": leaderboard_state(night)}


@database_sync_to_async
def _staff_group(user, pk: int):
    night = night_list(user=user).filter(pk=pk).first()
    return (night_group(night) if night else None), None


class LeaderboardConsumer(GroupConsumer):
    async def join(self):
        return await _leaderboard(self.scope["url_route"]["kwargs"]["key"])

    async def leaderboard_state(self, message):
        await self.send_json({"type": "state", "state": message["state"]})

    async def night_changed(self, message):
        """Staff hints are not for the public screen."""


class NightConsumer(GroupConsumer):
    async def join(self):
        return await _staff_group(self.scope.get("user"), int(self.scope["url_route"]["kwargs"]["pk"]))

    async def night_changed(self, message):
        await self.send_json({"type": "changed", "table": message.get("table")})
