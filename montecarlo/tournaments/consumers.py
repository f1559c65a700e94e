"""Live tournament sockets. The public clock screen joins its tournament's clock group by key
and gets the full state on connect, so a reconnecting screen resyncs at once; staff pages join
the tournament's group and refresh their panels when anything is recorded."""

from channels.db import database_sync_to_async

from core.consumers import GroupConsumer
from montecarlo.tournaments.selectors import tournament_by_key_or_none, tournament_or_none
from montecarlo.tournaments.state import clock_group, clock_state, load_engine, tournament_group


@database_sync_to_async
def _clock_state(key: str):
    tournament = tournament_by_key_or_none(key=key)
    if tournament is None:
        return None, None
    return clock_group(tournament), {"type": "state", "state": clock_state(tournament, load_engine(tournament))}


@database_sync_to_async
def _staff_group(user, pk: int):
    tournament = tournament_or_none(user=user, pk=pk)
    return (tournament_group(tournament) if tournament else None), None


class ClockConsumer(GroupConsumer):
    async def join(self):
        return await _clock_state(self.scope["url_route"]["kwargs"]["key"])

    async def clock_state(self, message):
        await self.send_json({"type": "state", "state": message["state"]})


class TournamentConsumer(GroupConsumer):
    async def join(self):
        return await _staff_group(self.scope.get("user"), int(self.scope["url_route"]["kwargs"]["pk"]))

    async def tournament_changed(self, message):
        await self.send_json({"type": "changed", "seq": message["seq"]})
