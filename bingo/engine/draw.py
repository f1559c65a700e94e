"""The draw of one game: 75 balls, drawn without replacement."""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from .card import HIGHEST_BALL, ball_label, check_ball


class Drawer:
    """The receptacle and the caller's record of one game.

    The RNG is injected: secrets.SystemRandom() in production (the default), a seeded
    random.Random in tests and replays."""

    def __init__(self, rng=None):
        self.rng = rng if rng is not None else secrets.SystemRandom()
        self.new_game()

    @classmethod
    def replay(cls, calls: Iterable[int], rng=None) -> Drawer:
        """Rebuild a game from its recorded calls (the event log)."""
        drawer = cls(rng)
        for number in calls:
            drawer.record(number)
        return drawer

    def new_game(self) -> None:
        # 30 DCMR 1405.8 / 1405.10: all 75 balls are in the receptacle and the board is reset.
        self._receptacle = list(range(1, HIGHEST_BALL + 1))
        self._called: list[int] = []

    @property
    def called(self) -> list[int]:
        return list(self._called)

    @property
    def remaining(self) -> list[int]:
        return sorted(self._receptacle)

    @property
    def last(self) -> int | None:
        return self._called[-1] if self._called else None

    def _take(self, index: int) -> int:
        # Swap-remove keeps a draw O(1); the order stays deterministic for a seeded RNG.
        balls = self._receptacle
        number = balls[index]
        balls[index] = balls[-1]
        balls.pop()
        self._called.append(number)
        return number

    def draw(self) -> int:
        """Draw the next ball at random among those left (30 DCMR 1405.14: no ball goes back)."""
        if not self._receptacle:
            raise ValueError("all 75 balls have been called")
        return self._take(self.rng.randrange(len(self._receptacle)))

    def record(self, number: int) -> int:
        """Record a ball drawn from a physical blower."""
        check_ball(number)
        if number in self._called:
            raise ValueError(f"{ball_label(number)} was already called; a drawn ball never returns (30 DCMR 1405.14)")
        return self._take(self._receptacle.index(number))

    def undo(self) -> int:
        """Take back the last call (a keying mistake) and put the ball back in the receptacle.

        Only to correct the record: 30 DCMR 1405.14 keeps a ball actually drawn out of the
        receptacle until the game ends, so the correction belongs in the event log."""
        if not self._called:
            raise ValueError("no number has been called")
        number = self._called.pop()
        self._receptacle.append(number)
        return number

    def __len__(self) -> int:
        return len(self._called)
