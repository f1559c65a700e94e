"""Card bank winner search: a bank of 1,000,000 faces, one full game of 75 random calls.

Times CardBank.winners() once per call, the call itself included (the bank applies the new
ball, then brings the pattern up to date), for `any-line` and `blackout`, each over its own
full game, and prints the median per call. Target: under 10 ms per call.

Faces are generated with numpy for speed; they are valid faces (each column in range,
no repeat, centre free) but uniqueness across the bank is not required for a benchmark
and not checked. Last line: one JSON object (faces, any_line_ms_per_call,
blackout_ms_per_call, target_ms, ...). `--quick` uses 50,000 faces."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import argparse  # noqa: E402
import json  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

from bingo.engine import FREE_SQUARE, CardBank  # noqa: E402

TARGET_MS = 10


def random_faces(count: int, rng: np.random.Generator, chunk: int = 200_000) -> np.ndarray:
    """(count, 25) uint8 faces in row order: per column, 5 distinct numbers of its 15."""
    squares = np.empty((count, 25), dtype=np.uint8)
    for start in range(0, count, chunk):
        n = min(chunk, count - start)
        # A row-wise shuffle of 0..14 per (face, column); the first five are the column's numbers.
        pool = np.tile(np.arange(15, dtype=np.uint8), (n * 5, 1))
        picks = rng.permuted(pool, axis=1)[:, :5].reshape(n, 5, 5)  # face, column, row
        picks += (np.arange(5, dtype=np.uint8) * 15 + 1)[None, :, None]
        squares[start:start + n] = picks.transpose(0, 2, 1).reshape(n, 25)  # row order
    squares[:, FREE_SQUARE] = 0
    return squares


def play(bank: CardBank, calls: list[int], pattern: str) -> tuple[list[float], list[int]]:
    bank.reset()
    times, counts = [], []
    for k in range(1, len(calls) + 1):
        start = time.perf_counter()
        found = bank.winners(calls[:k], pattern)
        times.append((time.perf_counter() - start) * 1000)
        counts.append(int(found.size))
    return times, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="50,000 faces instead of 1,000,000")
    parser.add_argument("--faces", type=int, help="override the number of faces")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    faces = args.faces or (50_000 if args.quick else 1_000_000)
    rng = np.random.default_rng(args.seed)

    start = time.perf_counter()
    squares = random_faces(faces, rng)
    generated = time.perf_counter() - start
    start = time.perf_counter()
    bank = CardBank(squares)
    built = time.perf_counter() - start
    print(f"{faces:,} faces generated in {generated:.2f} s, bank built (validated, indexed) in {built:.2f} s")

    calls = [int(n) for n in rng.permutation(np.arange(1, 76))]
    result = {"faces": faces}
    for pattern in ("any-line", "blackout"):
        times, counts = play(bank, calls, pattern)
        first = next((k + 1 for k, c in enumerate(counts) if c), None)
        median, worst = statistics.median(times), max(times)
        p95 = sorted(times)[int(0.95 * (len(times) - 1))]
        print(f"{pattern:>9}: median {median:.2f} ms/call, p95 {p95:.2f}, max {worst:.2f}; "
              f"first winners on call {first}, {counts[-1]:,} winners after 75 calls")
        key = pattern.replace("-", "_")
        result[f"{key}_ms_per_call"] = round(median, 3)
        result[f"{key}_p95_ms"] = round(p95, 3)
    result["target_ms"] = TARGET_MS
    result["build_s"] = round(built, 2)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
