"""Statistics for the quality of the draw RNG, as 25 CFR 547.14 names them: chi-square
uniformity of each draw position, a runs test and serial correlation. Pure numpy (no scipy),
shared by the fast seeded tests and the large-sample benchmark (benchmarks/bingo_rng.py)."""

from __future__ import annotations

import math

import numpy as np

BALLS = 75
MEDIAN = 38  # of 1-75
# 99% critical value of chi-square with 74 degrees of freedom (75 balls - 1): scipy.stats.chi2.ppf(0.99, 74).
CHI2_99_74 = 105.202
Z_99 = 2.576  # two-sided 99% normal critical value


def chi2_cdf(x: float, dof: int) -> float:
    """Regularized lower incomplete gamma P(dof/2, x/2) by its power series."""
    a, z = dof / 2, x / 2
    term = total = 1 / a
    n = 0
    while term > total * 1e-17:
        n += 1
        term *= z / (a + n)
        total += term
    return math.exp(a * math.log(z) - z - math.lgamma(a)) * total


def chi2_critical(dof: int, level: float) -> float:
    low, high = 0.0, 10.0 * dof
    for _ in range(200):
        mid = (low + high) / 2
        low, high = (mid, high) if chi2_cdf(mid, dof) < level else (low, mid)
    return (low + high) / 2


def position_chi2(games: np.ndarray, position: int) -> float:
    """Chi-square of the balls drawn at one position over many games (rows = games)."""
    counts = np.bincount(games[:, position], minlength=BALLS + 1)[1:]
    expected = games.shape[0] / BALLS
    return float(((counts - expected) ** 2 / expected).sum())


def runs_z(draws: np.ndarray) -> float:
    """Wald-Wolfowitz runs above/below the median: too few runs is clustering, too many alternation."""
    above = draws[draws != MEDIAN] > MEDIAN  # ties with the median dropped
    n1, n2 = int(above.sum()), int((~above).sum())
    runs = 1 + int(np.count_nonzero(above[1:] != above[:-1]))
    n = n1 + n2
    mean = 1 + 2 * n1 * n2 / n
    variance = 2 * n1 * n2 * (2 * n1 * n2 - n) / (n * n * (n - 1))
    return (runs - mean) / math.sqrt(variance)


def lag1_z(draws: np.ndarray) -> float:
    """Lag-1 correlation of independent draws, scaled to a z statistic."""
    r = float(np.corrcoef(draws[:-1], draws[1:])[0, 1])
    return r * math.sqrt(draws.size - 1)


def within_game_z(games: np.ndarray) -> float:
    """Consecutive balls of one game correlate -1/74 (draws without replacement from 75 equal
    balls). Per game the circular lag-1 correlation has a constant denominator (each game is a
    permutation), so its expectation is exactly -1/74; the mean over independent games is
    compared with it using the sample's own standard error."""
    centred = games - float(MEDIAN)
    per_game = (centred * np.roll(centred, -1, axis=1)).sum(axis=1) / (centred**2).sum(axis=1)
    return float((per_game.mean() + 1 / (BALLS - 1)) / (per_game.std(ddof=1) / math.sqrt(games.shape[0])))
