"""The hash chain of the game event log: how a row's hash is computed and how a whole
operation's log is checked, row by row, for an altered or missing row."""

from __future__ import annotations

from dataclasses import dataclass

from licensing.hash_chain import GENESIS, event_hash  # noqa: F401  (re-exported for bingo)


@dataclass(frozen=True)
class ChainProblem:
    game_id: int
    game_number: int
    seq: int
    message: str

    def __str__(self) -> str:
        return f"game {self.game_number} (id {self.game_id}), seq {self.seq}: {self.message}"


@dataclass(frozen=True)
class ChainReport:
    events: int
    problem: ChainProblem | None

    @property
    def ok(self) -> bool:
        return self.problem is None


def verify_game(game) -> tuple[int, ChainProblem | None]:
    """Walk one game's events in seq order; the first gap or hash mismatch is the problem."""
    from bingo.models import GameEvent

    prev_hash = GENESIS
    count = 0
    for event in GameEvent.objects.filter(game=game).order_by("seq").iterator():
        expected = count + 1
        if event.seq != expected:
            return count, ChainProblem(game.pk, game.number, expected,
                                       f"missing row (next row found is seq {event.seq})")
        if event.prev_hash != prev_hash:
            return count, ChainProblem(game.pk, game.number, event.seq,
                                       "previous-hash link broken (a row before it was altered or removed)")
        if event.compute_hash() != event.hash:
            return count, ChainProblem(game.pk, game.number, event.seq, "altered row (hash mismatch)")
        prev_hash = event.hash
        count += 1
    head_seq, head_hash = getattr(game, "head_seq", 0), getattr(game, "head_hash", "")
    if head_seq != count or head_hash != prev_hash:
        return count, ChainProblem(game.pk, game.number, count + 1 if head_seq > count else head_seq,
                                   f"missing row (the log ends at seq {count}, the game's head is seq {head_seq})"
                                   if head_seq > count else "head does not match the last row (rows altered)")
    return count, None


def verify_operation(operation) -> ChainReport:
    total = 0
    for game in operation.games.order_by("number", "pk"):
        count, problem = verify_game(game)
        total += count
        if problem is not None:
            return ChainReport(total, problem)
    return ChainReport(total, None)
