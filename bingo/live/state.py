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
    # How each call was made: "system" (drawn by the RNG) or "recorded" (keyed in from the blower).
    sources: list[str | None] = field(default_factory=list)
    # The winner search stored with each call (bingo.live.winner_search.Floor.as_dict), or None.
    floors: list[dict | None] = field(default_factory=list)
    claims: list[dict] = field(default_factory=list)
    undos: list[dict] = field(default_factory=list)
    result: dict | None = None
    last_seq: int = 0
    last_hash: str = ""

    @property
    def last_call(self) -> int | None:
        return self.calls[-1] if self.calls else None

    @property
    def floor(self) -> dict | None:
        """Bingos on the floor after the last call (electronic winner search)."""
        return self.floors[-1] if self.floors else None

    @property
    def last_source(self) -> str | None:
        return self.sources[-1] if self.sources else None

    @property
    def live_claims(self) -> list[dict]:
        """Claims still standing: a claim on a call later taken back, or voided with a reason, is void."""
        return [claim for claim in self.claims if not claim.get("void")]

    def standing_claim(self, *, series: str | None, face_number: int) -> dict | None:
        """The claim still standing on this face heard on the number just called, if any."""
        return next((claim for claim in self.live_claims if claim.get("call_count") == len(self.calls)
                     and (claim.get("series"), claim.get("face_number")) == (series, face_number)), None)

    def winning_claims(self) -> list[dict]:
        """Valid claims on the number just called, one per face (30 DCMR 1405.16)."""
        seen, winners = set(), []
        for claim in self.live_claims:
            if not claim.get("valid") or claim.get("call_count") != len(self.calls):
                continue
            key = _face_key(claim)
            if key not in seen:
                seen.add(key)
                winners.append(claim)
        return winners

    def winning_players(self) -> list[list[dict]]:
        """The winners who split the prize, each with the winning claims on their faces (30 DCMR 1406.2
        splits per winner, not per face). A player is a card sale: the faces bought in one sale are one
        buyer's, so two winning faces of one sale get one share. The register names no buyer, so faces
        of two sales count as two players; a checker who knows they are one player's voids the second
        claim with that reason. A claim with no sale (a card checked by its numbers) is its own player."""
        players: dict[tuple, list[dict]] = {}
        for claim in self.winning_claims():
            players.setdefault(player_key(claim), []).append(claim)
        return list(players.values())

    def drawer(self, rng=None) -> Drawer:
        """The engine's receptacle and record, as the events leave them."""
        return Drawer.replay(self.calls, rng)


def _face_key(claim: dict) -> tuple:
    return claim.get("series"), claim.get("face_number"), tuple(claim.get("face") or ())


def player_key(claim: dict) -> tuple:
    """Whose claim it is: its sale's buyer, or with no sale (a card checked by its numbers) the face itself."""
    return ("sale", claim["sale"]) if claim.get("sale") is not None else _face_key(claim)


def state_from_events(events, status: str) -> GameState:
    state = GameState(status=status)
    for event in events:
        if event.kind == EventKind.CALL:
            state.calls.append(event.payload["number"])
            state.sources.append(event.payload.get("source"))
            state.floors.append(event.payload.get("floor"))
        elif event.kind == EventKind.UNDO:
            state.calls.pop()
            state.sources.pop()
            state.floors.pop()
            state.undos.append(event.payload)
            # A claim heard on the call taken back no longer stands (when, and why: the payout desk voids its
            # payout with that reason, bingo.live.payouts).
            for claim in state.claims:
                if claim.get("call_count", 0) > len(state.calls) and not claim.get("void"):
                    claim.update(void=True, voided_seq=event.seq, undo_reason=event.payload.get("reason", ""))
        elif event.kind == EventKind.CLAIM:
            claim = dict(event.payload)
            claim.setdefault("call_count", len(state.calls))
            claim["seq"] = event.seq
            state.claims.append(claim)
        elif event.kind == EventKind.VOID:
            for claim in state.claims:
                if claim["seq"] == event.payload.get("claim_seq"):
                    claim.update(void=True, void_reason=event.payload.get("reason", ""), voided_seq=event.seq)
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
