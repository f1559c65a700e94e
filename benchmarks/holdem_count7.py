"""Count all 133,784,560 seven-card hands by category and compare with the known table.

Not 133M evaluations: the count walks rank multisets and suit patterns, and every class of
hands goes through the public `evaluate` once, on a representative hand, weighted by how
many hands share its outcome:
- flush hands: a flush suit (4), the 5-7 ranks held in it, and the multiset of the other
  ranks in the three other suits (each rank 0-3 times, prod C(3, m) ways). With seven cards
  the flush ranks decide the hand, but the representative hand still carries all seven cards;
- other hands: every multiset of 7 ranks (each 0-4 times) with the number of ways to give
  it suits so that no suit holds five, counted once per count pattern.
`--brute` evaluates every one of the 133,784,560 hands instead (several minutes).
`--quick` is the same smart count (it already takes seconds).
Last line: one JSON object (seconds, matches_table, counts).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import argparse  # noqa: E402
import json  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402
from itertools import combinations, combinations_with_replacement, product  # noqa: E402
from math import comb, prod  # noqa: E402

from montecarlo.holdem.evaluator import CATEGORIES, evaluate, hand_rank  # noqa: E402

TABLE = {
    "royal flush": 4_324,
    "straight flush": 37_260,
    "four of a kind": 224_848,
    "full house": 3_473_184,
    "flush": 4_047_644,
    "straight": 6_180_020,
    "three of a kind": 6_461_620,
    "two pair": 31_433_400,
    "one pair": 58_627_800,
    "high card": 23_294_460,
}


def card(rank: int, suit: int) -> int:
    return rank * 4 + suit


def count_flushes(counts: Counter) -> None:
    for suit in range(4):
        others = [s for s in range(4) if s != suit]
        for k in (5, 6, 7):
            rest = 7 - k
            off_multisets = [Counter(m) for m in combinations_with_replacement(range(13), rest)]
            off_multisets = [m for m in off_multisets if max(m.values(), default=0) <= 3]
            for suited in combinations(range(13), k):
                base = [card(r, suit) for r in suited]
                for multiset in off_multisets:
                    hand = base + [card(r, others[i]) for r, m in multiset.items() for i in range(m)]
                    ways = prod(comb(3, m) for m in multiset.values())
                    counts[evaluate(hand)[1]] += ways


def suit_patterns(pattern: tuple[int, ...]) -> tuple[int, tuple]:
    """Ways to give suits to ranks held pattern[i] times with no suit holding five, and one such way."""
    ways, example = 0, None
    for choice in product(*(list(combinations(range(4), c)) for c in pattern)):
        per_suit = Counter(s for suits in choice for s in suits)
        if max(per_suit.values()) <= 4:
            ways += 1
            example = example or choice
    return ways, example


def count_others(counts: Counter) -> None:
    patterns: dict[tuple, tuple] = {}

    def walk(rank: int, left: int, held: list[int]):
        if left == 0:
            ranks = sorted((r for r in range(13) if held[r]), key=lambda r: -held[r])
            pattern = tuple(held[r] for r in ranks)
            if pattern not in patterns:
                patterns[pattern] = suit_patterns(pattern)
            ways, example = patterns[pattern]
            hand = [card(r, s) for r, suits in zip(ranks, example, strict=True) for s in suits]
            counts[evaluate(hand)[1]] += ways
            return
        if rank == 13:
            return
        for n in range(min(4, left), -1, -1):
            held[rank] = n
            walk(rank + 1, left - n, held)
        held[rank] = 0

    walk(0, 7, [0] * 13)


def count_brute(counts: Counter) -> None:
    by_rank = Counter(map(hand_rank, combinations(range(52), 7)))
    for rank, n in by_rank.items():
        counts[CATEGORIES[rank >> 20]] += n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smart count (the default) already takes seconds")
    parser.add_argument("--brute", action="store_true", help="evaluate all 133,784,560 hands one by one")
    args = parser.parse_args()

    start = time.perf_counter()
    counts: Counter = Counter()
    if args.brute:
        count_brute(counts)
    else:
        count_flushes(counts)
        count_others(counts)
    seconds = time.perf_counter() - start
    total = sum(counts.values())
    for name in reversed(CATEGORIES):
        mark = "ok" if counts[name] == TABLE[name] else f"expected {TABLE[name]:,}"
        print(f"{name:16} {counts[name]:>12,}  {mark}")
    print(f"{'total':16} {total:>12,}  (C(52,7) = {comb(52, 7):,})")
    print(f"counted in {seconds:.2f} s ({'every hand evaluated' if args.brute else 'smart enumeration'})")
    matches = dict(counts) == TABLE and total == comb(52, 7)
    print(json.dumps({"seconds": round(seconds, 3), "matches_table": matches, "counts": dict(counts)}))


if __name__ == "__main__":
    main()
