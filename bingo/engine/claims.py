"""Checking a bingo claim against the caller's record (30 DCMR 1406.1)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .card import Card, ball_label, check_ball
from .patterns import Pattern, get


@dataclass(frozen=True)
class ClaimResult:
    valid: bool  # the bingo was made on the number just called: the claim wins (30 DCMR 1405.16)
    complete: bool  # the pattern shows on the face, whenever it was made
    reason: str
    citation: str = "30 DCMR 1405.16"
    winning_mask: int | None = None  # an arrangement that wins on the last call, when valid
    completed_on: int | None = None  # the number on which the pattern first showed, when complete

    def __bool__(self) -> bool:
        return self.valid


def check_calls(calls: Sequence[int]) -> list[int]:
    """Validate a caller's record: balls 1-75, none twice (30 DCMR 1405.14: no ball goes back)."""
    calls = list(calls)
    for number in calls:
        check_ball(number)
    if len(set(calls)) != len(calls):
        seen: set[int] = set()
        repeated = next(n for n in calls if n in seen or seen.add(n))
        raise ValueError(f"{ball_label(repeated)} is called twice; a drawn ball never returns (30 DCMR 1405.14)")
    return calls


def check_claim(card: Card, calls: Sequence[int], pattern: Pattern | str) -> ClaimResult:
    """Decide a claim: `calls` are the numbers in the order called, the last one just called.

    The claim is valid only when a winning arrangement that uses the square of the last
    number is complete: the bingo was made on that call. A pattern completed on an earlier
    call and not claimed then is a missed bingo, and it is lost (30 DCMR 1405.16)."""
    pattern = get(pattern)
    calls = check_calls(calls)
    if not calls:
        return ClaimResult(False, False, "no number has been called yet")  # the free centre alone wins nothing
    coverage = card.coverage(calls)
    complete = pattern.is_complete(coverage)
    last = calls[-1]
    if not complete:
        return ClaimResult(False, False, f"the card does not show {pattern.name_en} with the numbers called")
    last_square = card.square_of(last)
    if last_square is not None:
        for mask in pattern.masks_with(last_square):
            if coverage & mask == mask:
                return ClaimResult(True, True, f"bingo on {ball_label(last)}, the number just called",
                                   winning_mask=mask, completed_on=last)
    # Replay to name the call on which the bingo was missed: the checker announces it. Some call
    # completed it: no pattern is complete on the free centre alone (Pattern refuses that mask).
    completed_on = next(number for i, number in enumerate(calls, start=1)
                        if pattern.is_complete(card.coverage(calls[:i])))
    return ClaimResult(False, True,
                       f"missed bingo: {pattern.name_en} was complete on {ball_label(completed_on)}, "
                       f"not on {ball_label(last)}, the number just called; a missed bingo is lost",
                       completed_on=completed_on)
