"""A bank of many card faces and a fast search for the faces that show a pattern.

Per face, a 25-bit coverage mask (uint32) is updated incrementally on every call through an
index built once: for each ball 1-75 and each square it can sit on, the faces that carry it
there (a CSR-style layout split by square, so a call is a handful of `coverage[faces] |= bit`).
Per pattern, a boolean "complete" array is kept up to date: a call can only complete an
arrangement that uses the square it covers, on a face that carries the number, so only those
faces and those masks are tested. Coverage only grows during a game, so a face stays complete."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from .card import FREE_BIT, FREE_SQUARE, HIGHEST_BALL, SIZE, Card, ball_label, check_ball
from .claims import check_calls
from .patterns import Pattern, get

# Above this many calls to catch up, one full pass over all faces is cheaper than replaying.
INCREMENTAL_LIMIT = 4


def _validate(squares: np.ndarray) -> None:
    """30 DCMR 1404.1 / 1405.6: 25 spaces, centre free, each column in its range, no repeats."""
    if squares.ndim != 2 or squares.shape[1] != 25:
        raise ValueError(f"a bank holds faces of 25 squares (row order), not an array of shape {squares.shape}")
    if not np.issubdtype(squares.dtype, np.integer):
        raise ValueError("card numbers are integers")
    bad = np.flatnonzero(squares[:, FREE_SQUARE] != 0)
    if bad.size:
        raise ValueError(f"face {bad[0]}: the centre of N is the FREE space and must be 0 (30 DCMR 1405.6)")
    for col in range(SIZE):
        rows = [r for r in range(SIZE) if r * SIZE + col != FREE_SQUARE]
        values = squares[:, [r * SIZE + col for r in rows]].astype(np.int64)
        low, high = col * 15 + 1, col * 15 + 15
        bad = np.flatnonzero(((values < low) | (values > high)).any(axis=1))
        if bad.size:
            raise ValueError(f"face {bad[0]}: column {'BINGO'[col]} holds {low}-{high}")
        ordered = np.sort(values, axis=1)
        bad = np.flatnonzero((np.diff(ordered, axis=1) == 0).any(axis=1))
        if bad.size:
            raise ValueError(f"face {bad[0]}: a number appears twice in column {'BINGO'[col]}")


class _PatternState:
    __slots__ = ("complete", "applied", "remaining", "indexes")

    def __init__(self, complete: np.ndarray, applied: int):
        self.complete = complete
        self.applied = applied  # how many calls of the game `complete` reflects
        self.remaining = int(complete.size - np.count_nonzero(complete))  # 0: nothing left to test
        self.indexes: np.ndarray | None = None  # flatnonzero(complete), kept until it changes

    def winners(self) -> np.ndarray:
        if self.indexes is None:
            self.indexes = np.flatnonzero(self.complete)
            self.indexes.setflags(write=False)
        return self.indexes


class CardBank:
    """Many faces in numpy arrays. `cards`: Card objects, or an (n, 25) integer array of the
    squares in row order (square = row * 5 + column, centre 0), e.g. a generated series.
    Face indexes are 0-based positions in `cards`."""

    def __init__(self, cards: Iterable[Card] | np.ndarray, *, validate: bool = True):
        if isinstance(cards, np.ndarray):
            squares = cards
            if validate:
                _validate(squares)
        else:
            # Card objects validated themselves on construction.
            squares = np.array([card.squares for card in cards], dtype=np.uint8).reshape(-1, 25)
        self.squares = np.ascontiguousarray(squares, dtype=np.uint8)
        self.squares.setflags(write=False)
        self._index = self._build_index(self.squares)
        self._mask_cache: dict[Pattern, tuple[tuple[np.ndarray, ...], list[np.ndarray]]] = {}
        self._recent: dict[int, list[tuple[np.uint32, np.ndarray]]] = {}  # game-independent, kept on reset
        self.reset()

    @staticmethod
    def _build_index(squares: np.ndarray) -> list[list[tuple[np.uint32, np.ndarray]]]:
        """index[number] = [(bit of the square, faces carrying `number` on that square), ...]."""
        index: list[list[tuple[np.uint32, np.ndarray]]] = [[] for _ in range(HIGHEST_BALL + 1)]
        for square in range(25):
            if square == FREE_SQUARE:
                continue
            values = squares[:, square]
            order = np.argsort(values, kind="stable")  # radix sort on uint8: linear time
            ends = np.cumsum(np.bincount(values, minlength=HIGHEST_BALL + 1))
            col = square % SIZE
            for number in range(col * 15 + 1, col * 15 + 16):
                start, end = ends[number - 1], ends[number]
                if end > start:
                    faces = order[start:end].astype(np.int32)  # sorted: stable sort keeps face order
                    index[number].append((np.uint32(1 << square), faces))
        return index

    def __len__(self) -> int:
        return self.squares.shape[0]

    def face(self, index: int) -> Card:
        return Card.from_squares(int(n) for n in self.squares[index])

    @property
    def called(self) -> list[int]:
        return list(self._called)

    @property
    def coverage(self) -> np.ndarray:
        """Per face, the 25-bit mask of covered squares (read-only view)."""
        view = self._coverage.view()
        view.setflags(write=False)
        return view

    # ---- the game ----------------------------------------------------------------------------

    def reset(self) -> None:
        """A new game: nothing called, only the free centre covered (30 DCMR 1405.8, 1405.6)."""
        self._coverage = np.full(len(self), FREE_BIT, dtype=np.uint32)
        self._called: list[int] = []
        self._called_set: set[int] = set()
        self._states: dict[Pattern, _PatternState] = {}
        self._fresh: tuple[int, list[np.ndarray]] | None = None

    def _touched(self, number: int) -> list[tuple[np.uint32, np.ndarray]]:
        """index[number] with intp face arrays: numpy indexes twice as fast with intp as with the
        int32 kept in memory, and one call's arrays serve the call and every pattern update.
        Only the last few numbers are kept, so memory stays at the int32 index."""
        touched = self._recent.get(number)
        if touched is None:
            if len(self._recent) > INCREMENTAL_LIMIT:
                self._recent.pop(next(iter(self._recent)))
            touched = self._recent[number] = [(bit, faces.astype(np.intp)) for bit, faces in self._index[number]]
        return touched

    def call(self, number: int) -> None:
        """Cover `number` on every face that carries it."""
        check_ball(number)
        if number in self._called_set:
            raise ValueError(f"{ball_label(number)} was already called (30 DCMR 1405.14)")
        fresh = []
        for bit, faces in self._touched(number):
            # Faces are unique within one (number, square) list, so gather-or-scatter is safe.
            values = self._coverage[faces]
            values |= bit
            self._coverage[faces] = values
            fresh.append(values)
        # The touched faces' new coverage, reused by the pattern updates of this call (no second gather).
        self._fresh = (number, fresh)
        self._called.append(number)
        self._called_set.add(number)

    def uncall(self) -> int:
        """Take back the last call (a keying correction); pattern results are recomputed on demand."""
        if not self._called:
            raise ValueError("no number has been called")
        number = self._called.pop()
        self._called_set.discard(number)
        self._fresh = None
        for bit, faces in self._touched(number):
            self._coverage[faces] &= ~bit
        self._states.clear()
        return number

    def sync(self, calls: Sequence[int]) -> None:
        """Bring the bank to `calls`: apply only the calls not seen yet, take back calls no
        longer in the record, start over when the record is not an extension of what was seen."""
        calls = check_calls(calls)
        known = len(self._called)
        if calls[:known] == self._called:
            for number in calls[known:]:
                self.call(number)
        elif len(calls) < known and self._called[:len(calls)] == calls and known - len(calls) <= INCREMENTAL_LIMIT:
            while len(self._called) > len(calls):
                self.uncall()
        else:
            self.reset()
            for number in calls:
                self.call(number)

    # ---- pattern search -------------------------------------------------------------------

    def _masks(self, pattern: Pattern) -> tuple[tuple[np.uint32, ...], list[tuple[np.uint32, ...]]]:
        cached = self._mask_cache.get(pattern)
        if cached is None:
            every = tuple(np.uint32(m) for m in pattern.masks)
            by_square = [tuple(np.uint32(m) for m in pattern.masks_with(square)) for square in range(25)]
            cached = self._mask_cache[pattern] = (every, by_square)
        return cached

    @staticmethod
    def _any_complete(coverage: np.ndarray, masks: Sequence[np.uint32]) -> np.ndarray:
        hit = np.zeros(coverage.shape, dtype=bool)
        scratch = np.empty_like(coverage)
        for mask in masks:
            np.bitwise_and(coverage, mask, out=scratch)
            hit |= scratch == mask
        return hit

    def _state(self, pattern: Pattern) -> _PatternState:
        every, by_square = self._masks(pattern)
        state = self._states.get(pattern)
        pending = len(self._called) - (state.applied if state else 0)
        if state is None or pending > INCREMENTAL_LIMIT:
            state = self._states[pattern] = _PatternState(self._any_complete(self._coverage, every), len(self._called))
            return state
        for number in self._called[state.applied:]:
            if not state.remaining:
                break  # every face already shows the pattern
            recent = self._fresh[1] if self._fresh and self._fresh[0] == number else None
            for group, (bit, faces) in enumerate(self._touched(number)):
                masks = by_square[int(bit).bit_length() - 1]
                if masks:
                    coverage = recent[group] if recent is not None else self._coverage[faces]
                    hit = faces[self._any_complete(coverage, masks)]
                    fresh = hit[~state.complete[hit]]
                    if fresh.size:
                        state.complete[fresh] = True
                        state.remaining -= fresh.size
                        state.indexes = None
        state.applied = len(self._called)
        return state

    def winners(self, calls: Sequence[int] | None, pattern: Pattern | str) -> np.ndarray:
        """Indexes (ascending) of the faces on which `pattern` is complete after `calls`
        (None: the calls already made through `call`). The array is read-only and shared
        until the result changes."""
        if calls is not None:
            self.sync(calls)
        return self._state(get(pattern)).winners()

    def valid_claims(self, calls: Sequence[int] | None, pattern: Pattern | str) -> np.ndarray:
        """Faces with a bingo made on the last number called: a complete arrangement uses its
        square, so a claim would be valid (30 DCMR 1405.16; same rule as check_claim)."""
        if calls is not None:
            self.sync(calls)
        if not self._called:
            return np.empty(0, dtype=np.intp)
        _, by_square = self._masks(get(pattern))
        found = []
        for bit, faces in self._touched(self._called[-1]):
            masks = by_square[int(bit).bit_length() - 1]
            if masks:
                found.append(faces[self._any_complete(self._coverage[faces], masks)])
        return np.sort(np.concatenate(found)).astype(np.intp) if found else np.empty(0, dtype=np.intp)

    def new_winners(self, calls: Sequence[int] | None, pattern: Pattern | str) -> np.ndarray:
        """Faces that became winners on the last call: complete now, not complete before it.

        A subset of valid_claims: a face that missed an earlier bingo (30 DCMR 1405.16) and
        now completes another arrangement has a valid claim but did not just become a winner."""
        pattern = get(pattern)
        faces = self.valid_claims(calls, pattern)
        if not faces.size:
            return faces
        last = self._called[-1]
        before = self._coverage[faces].copy()
        for bit, carriers in self._touched(last):
            before[np.isin(faces, carriers, assume_unique=True)] &= ~bit
        every, _ = self._masks(pattern)
        return faces[~self._any_complete(before, every)]
