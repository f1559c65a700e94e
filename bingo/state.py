"""The live state of a game, rebuilt purely from its event log.

Nothing about a game in progress is kept in memory between requests: every service reads
the state from the events, so killing the server mid-game and starting it again resumes
the same game with the same calls."""

from __future__ import annotations

from dataclasses import dataclass, field

from bingo.engine import Drawer
from bingo.models import EventKind, GameEvent, GameStatus


@dataclass
class GameState:
    status: str
    calls: list[int] = field(default_factory=list)
    claims: list[dict] = field(default_factory=list)
    result: dict | None = None
    last_seq: int = 0
    last_hash: str = ""

    @property
    def last_call(self) -> int | None:
        return self.calls[-1] if self.calls else None

    def drawer(self, rng=None) -> Drawer:
        """The engine's receptacle and record, as the events leave them."""
        return Drawer.replay(self.calls, rng)


def state_from_events(events, status: str) -> GameState:
    state = GameState(status=status)
    for event in events:
        if event.kind == EventKind.CALL:
            state.calls.append(event.payload["number"])
        elif event.kind == EventKind.UNDO:
            state.calls.pop()
        elif event.kind == EventKind.CLAIM:
            state.claims.append(event.payload)
        elif event.kind == EventKind.CLOSE:
            state.result = event.payload
            state.status = GameStatus.CLOSED
        state.last_seq = event.seq
        state.last_hash = event.hash
    return state


def game_state(game) -> GameState:
    """Read the events from the database, in seq order, and fold them into the state."""
    events = GameEvent.objects.filter(game=game).order_by("seq")
    return state_from_events(events, game.status)
