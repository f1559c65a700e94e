"""Draw RNG quality on a large sample (the suite runs a fast seeded sample): the production
RNG (secrets.SystemRandom through the engine's Drawer) draws GAMES full games; prints the
chi-square of every one of the 75 draw positions (how many exceed the 99% critical value —
about 1 in 100 is expected of a perfect RNG), the runs test and serial correlations, and the
draw rate. Last line: one JSON object. `--quick` draws 5,000 games."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import argparse  # noqa: E402
import json  # noqa: E402
import secrets  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

from bingo.engine import Drawer  # noqa: E402
from bingo.engine.rng_quality import CHI2_99_74, Z_99, lag1_z, position_chi2, runs_z, within_game_z  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--games", type=int, default=None)
    args = parser.parse_args()
    games_count = args.games or (5_000 if args.quick else 100_000)

    drawer = Drawer(secrets.SystemRandom())
    started = time.perf_counter()
    rows = np.empty((games_count, 75), dtype=np.int64)
    for g in range(games_count):
        drawer.new_game()
        rows[g] = [drawer.draw() for _ in range(75)]
    seconds = time.perf_counter() - started

    chi2 = [position_chi2(rows, p) for p in range(75)]
    over = sum(1 for value in chi2 if value > CHI2_99_74)
    first = rows[:, 0]
    figures = {
        "games": games_count,
        "draws_per_s": round(games_count * 75 / seconds),
        "positions": 75,
        "positions_over_chi2_99": over,
        "chi2_max": round(max(chi2), 1),
        "chi2_median": round(float(np.median(chi2)), 1),
        "runs_z": round(runs_z(first), 2),
        "lag1_z": round(lag1_z(first), 2),
        "within_game_z": round(within_game_z(rows), 2),
        "z_critical_99": Z_99,
        "chi2_critical_99": CHI2_99_74,
    }
    # Of 75 positions a perfect RNG exceeds the 99% value at about 0.75; more than 5 is suspicious.
    figures["passes"] = over <= 5 and all(abs(figures[k]) < Z_99 for k in ("runs_z", "lag1_z", "within_game_z"))
    print(f"{games_count} games drawn with secrets.SystemRandom at {figures['draws_per_s']:,} draws/s")
    print(f"chi-square per position: median {figures['chi2_median']}, max {figures['chi2_max']}, "
          f"{over} of 75 above {CHI2_99_74}")
    print(f"runs z {figures['runs_z']}, lag-1 z {figures['lag1_z']}, within-game z {figures['within_game_z']}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
