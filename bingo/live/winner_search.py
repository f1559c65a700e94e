"""Electronic winner search: after each call, how many sold faces show the game's pattern.

The faces sold for a game (bingo.cards.sales.sold_faces) are one CardBank per game, kept in this
process between calls by the sales register: the bank then only applies the new call (it
tracks the calls it has seen), so the count costs milliseconds even for thousands of faces."""

from __future__ import annotations

import threading
from dataclasses import dataclass

from bingo.cards.sales import sold_faces  # cached per game by the sales register, rebuilt on a new sale or void
from bingo.engine import Pattern as EnginePattern

# One lock per bank: a CardBank is stateful (the calls it has applied), so one caller at a time.
_locks: dict[int, threading.Lock] = {}
_locks_guard = threading.Lock()


@dataclass(frozen=True)
class Floor:
    """What the caller is told after a call (issue 4: bingos on the floor)."""

    new: int  # faces whose pattern was completed by this call
    complete: int  # faces whose pattern is complete, whenever it was made
    sold: int  # faces in play for the game

    def as_dict(self) -> dict:
        return {"new": self.new, "complete": self.complete, "sold": self.sold}


def engine_pattern(game) -> EnginePattern:
    p = game.pattern
    return EnginePattern.from_masks(p.slug, p.name_en, p.name_es, p.masks)


def _sold(game):
    sold = sold_faces(game)
    with _locks_guard:
        lock = _locks.get(id(sold.bank))
        if lock is None:
            if len(_locks) > 64:  # banks come and go with the sales cache; old locks are dropped
                _locks.clear()
            lock = _locks[id(sold.bank)] = threading.Lock()
    return sold, lock


def floor(game, calls: list[int]) -> Floor:
    """The winner search on `calls` (the last one just called)."""
    sold, lock = _sold(game)
    if not sold.keys:
        return Floor(0, 0, 0)
    pattern = engine_pattern(game)
    with lock:  # a bank is stateful (the calls it has applied): one caller at a time
        complete = sold.bank.winners(calls, pattern)
        new = sold.bank.new_winners(None, pattern) if calls else complete[:0]
        return Floor(int(new.size), int(complete.size), len(sold.keys))


def sold_face_keys(game, calls: list[int], *, new_only: bool) -> list[tuple[int, int]]:
    """(series_id, face_number) of the faces with a bingo (new ones only, or all complete)."""
    sold, lock = _sold(game)
    if not sold.keys:
        return []
    pattern = engine_pattern(game)
    with lock:
        faces = sold.bank.winners(calls, pattern)
        if new_only:
            faces = sold.bank.new_winners(None, pattern) if calls else faces[:0]
        return [tuple(sold.keys[int(i)]) for i in faces]
