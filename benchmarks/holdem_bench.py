"""Hold'em engine speed against the reference libraries, on the same random deals and actions.

Full hands per second: each random hand history (2-7 seats, all-ins common) is replayed from
its JSON form by this engine (`montecarlo.holdem.replay`) and by pokerkit. 7-card evaluations
per second: the same random 7-card hands through `hand_rank` and through treys.
Last line: one JSON object (hands_per_s, pokerkit_hands_per_s, hands_ratio, evals_per_s,
treys_evals_per_s, evals_ratio). `--quick` runs in well under a minute.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import argparse  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import time  # noqa: E402

from treys import Card as TreysCard  # noqa: E402
from treys import Evaluator as TreysEvaluator  # noqa: E402

from montecarlo.holdem.cards import format_card  # noqa: E402
from montecarlo.holdem.evaluator import evaluate, hand_rank  # noqa: E402
from montecarlo.holdem.hand import replay  # noqa: E402
from testkit.pokerkit_oracle import pokerkit_play  # noqa: E402
from testkit.random_hands import random_hand  # noqa: E402


def best_rate(count: int, run, repeats: int) -> float:
    """Items per second of the fastest of `repeats` runs (the least disturbed by the machine)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands and evaluations")
    parser.add_argument("--seed", type=int, default=1604)
    args = parser.parse_args()
    hands_n, pk_n, evals_n, repeats = (2000, 300, 100_000, 3) if args.quick else (20_000, 2_000, 1_000_000, 5)

    rng = random.Random(args.seed)
    histories = [json.loads(json.dumps(random_hand(rng)[0])) for _ in range(hands_n)]
    showdowns = sum(1 for h in histories if len(replay(h)["shown"]) > 1)
    print(f"{hands_n} random hands, {showdowns} to a showdown")

    def ours():
        for h in histories:
            replay(h)

    def theirs():
        for h in histories[:pk_n]:
            pokerkit_play(h)

    hands_per_s = best_rate(hands_n, ours, repeats)
    pokerkit_hands_per_s = best_rate(pk_n, theirs, max(1, repeats // 2))
    print(f"hands/s: engine {hands_per_s:,.0f}, pokerkit {pokerkit_hands_per_s:,.0f} (first {pk_n} hands)")

    sevens = [rng.sample(range(52), 7) for _ in range(evals_n)]
    treys = TreysEvaluator()
    treys_sevens = [[TreysCard.new(format_card(c)) for c in h] for h in sevens]
    treys_n = evals_n // 5

    def ours_eval():
        for h in sevens:
            hand_rank(h)

    def ours_evaluate():
        for h in sevens:
            evaluate(h)

    def treys_eval():
        t = treys.evaluate
        for h in treys_sevens[:treys_n]:
            t(h[:2], h[2:])

    evals_per_s = best_rate(evals_n, ours_eval, repeats)
    checked_per_s = best_rate(evals_n, ours_evaluate, max(1, repeats // 2))
    treys_evals_per_s = best_rate(treys_n, treys_eval, max(1, repeats // 2))
    print(
        f"7-card evals/s: hand_rank {evals_per_s:,.0f}, evaluate (checked, with name) {checked_per_s:,.0f}, "
        f"treys {treys_evals_per_s:,.0f}"
    )
    print(
        json.dumps(
            {
                "hands_per_s": round(hands_per_s),
                "pokerkit_hands_per_s": round(pokerkit_hands_per_s),
                "hands_ratio": round(hands_per_s / pokerkit_hands_per_s, 2),
                "evals_per_s": round(evals_per_s),
                "treys_evals_per_s": round(treys_evals_per_s),
                "evals_ratio": round(evals_per_s / treys_evals_per_s, 2),
            }
        )
    )


if __name__ == "__main__":
    main()
