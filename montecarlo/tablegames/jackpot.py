"""The progressive jackpot's meter arithmetic (001 art. 4-6, 17, 20), pure: no table, no postings.

A side bet is a stake that buys the chance of an award: the house keeps it, a share of it (rounded down to whole
chips) goes to the meter (001 art. 5: the "COIN IN" puts the side bets in the bank), and the hand's cards may
win an award (001 art. 17):
- royal flush: the whole meter; several royals in one round share it equally (rounded down, the remainder stays
  with the house) and the meter starts again from the seed;
- straight flush: a tenth of the meter (rounded down) as it stands, after the royals of the round, in bet order;
- four of a kind, full house, flush: fixed awards the house pays, the meter untouched.
A royal flush excludes the other awards of the same hand (001 art. 17): one hand, one award. A hand that folded
wins nothing (001 art. 10: its cards are withdrawn); a hand that loses to the dealer still wins its award
(001 art. 20). Only a hand with a side bet is paid (001 art. 6): the caller passes only those.
"""

from __future__ import annotations

from dataclasses import dataclass

from montecarlo.holdem.evaluator import FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, ROYAL_FLUSH, STRAIGHT_FLUSH

STRAIGHT_FLUSH_SHARE = (1, 10)  # 001 art. 17: "10% del Pozo"
FIXED = (FOUR_OF_A_KIND, FULL_HOUSE, FLUSH)  # the categories with a fixed award, set by the table


@dataclass(frozen=True)
class SideBet:
    """A side bet being settled: `category` is its hand's category (evaluator constants), None when the hand
    folded (no award)."""

    bet: str
    participant: int
    amount: int
    category: int | None


@dataclass(frozen=True)
class Award:
    bet: str
    participant: int
    category: int
    chips: int
    royals: int = 0  # how many royal flushes shared the meter (royal awards only)


def contribution(amount: int, pct: int) -> int:
    """The meter's share of one side bet, rounded down to whole chips."""
    return amount * pct // 100


def straight_flush_award(meter: int) -> int:
    return meter * STRAIGHT_FLUSH_SHARE[0] // STRAIGHT_FLUSH_SHARE[1]


def royal_split(meter: int, royals: int) -> tuple[int, int]:
    """(each royal's share, the remainder left to the house) when `royals` royal flushes share the meter."""
    return meter // royals, meter % royals


def fixed_award(category: int, fixed: dict[int, int]) -> int:
    """The table's fixed award for a category (0 when it has none)."""
    return fixed.get(category, 0) if category in FIXED else 0


def settle(meter: int, *, seed: int, pct: int, fixed: dict[int, int], bets: list[SideBet]):
    """The meter after a round's side bets, their awards (bet order) and the meter's moves, in the order they
    happen: contributions first (001 art. 5), then the royals' split and the reset to the seed, then each
    straight flush's tenth in bet order. A move is {"kind", "chips" (signed change), "meter" (after), "bet",
    "participant"}."""
    moves: list[dict] = []

    def move(kind: str, chips: int, bet: str = "", participant: int | None = None) -> None:
        nonlocal meter
        meter += chips
        moves.append({"kind": kind, "chips": chips, "meter": meter, "bet": bet, "participant": participant})

    for side in bets:
        chips = contribution(side.amount, pct)
        if chips:
            move("contribution", chips, side.bet, side.participant)
    awards: dict[str, Award] = {}
    royals = [side for side in bets if side.category == ROYAL_FLUSH]
    if royals:
        share, _remainder = royal_split(meter, len(royals))
        for side in royals:
            awards[side.bet] = Award(side.bet, side.participant, ROYAL_FLUSH, share, len(royals))
            move("award", -share, side.bet, side.participant)
        move("reset", seed - meter)  # the remainder goes to the house, the seed comes back
    for side in bets:
        if side.category == STRAIGHT_FLUSH:
            chips = straight_flush_award(meter)
            awards[side.bet] = Award(side.bet, side.participant, STRAIGHT_FLUSH, chips)
            move("award", -chips, side.bet, side.participant)
        elif side.category is not None and fixed_award(side.category, fixed):
            awards[side.bet] = Award(side.bet, side.participant, side.category, fixed_award(side.category, fixed))
    return meter, [awards[side.bet] for side in bets if side.bet in awards], moves
