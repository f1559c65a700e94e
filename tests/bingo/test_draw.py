"""The draw: 75 balls at the start of each game (30 DCMR 1405.8), none returned (1405.14),
and the quality of the RNG the Drawer consumes, on a reproducible seeded sample."""

import math
import random

import numpy as np
import pytest

from bingo.engine import Drawer

GAMES = 2000
# Fixed so the tests are reproducible. At the 99% level each statistic rejects about 1 seed in 100
# even for a perfect RNG (a 200-seed sweep of these tests gave 0-3 rejections each, as expected).
SEED = 2024


def test_a_game_draws_all_75_balls_once():
    drawer = Drawer(random.Random(1))
    assert len(drawer.remaining) == 75 and drawer.called == [] and drawer.last is None
    drawn = [drawer.draw() for _ in range(75)]
    assert sorted(drawn) == list(range(1, 76))
    assert drawer.called == drawn and drawer.remaining == [] and len(drawer) == 75
    with pytest.raises(ValueError, match="all 75"):
        drawer.draw()
    drawer.new_game()
    assert len(drawer.remaining) == 75 and drawer.called == []  # 1405.8: every ball back for a new game


def test_same_seed_same_game_and_default_rng_is_system_random():
    assert [Drawer(random.Random(9)).draw() for _ in range(3)] == [Drawer(random.Random(9)).draw() for _ in range(3)]
    import secrets

    assert isinstance(Drawer().rng, secrets.SystemRandom)


def test_record_refuses_duplicates_and_out_of_range():
    drawer = Drawer(random.Random(2))
    assert drawer.record(7) == 7
    with pytest.raises(ValueError, match="already called"):
        drawer.record(7)
    for bad in (0, 76, "7", 7.5):
        with pytest.raises(ValueError, match="1 to 75"):
            drawer.record(bad)
    drawn = drawer.draw()
    assert drawn != 7 and drawer.called == [7, drawn] and 7 not in drawer.remaining


def test_undo_puts_the_last_ball_back():
    drawer = Drawer(random.Random(3))
    first, second = drawer.draw(), drawer.draw()
    assert drawer.undo() == second
    assert drawer.called == [first] and second in drawer.remaining and len(drawer.remaining) == 74
    drawer.record(second)  # the corrected call can be recorded again
    assert drawer.called == [first, second]
    drawer.undo()
    drawer.undo()
    with pytest.raises(ValueError, match="no number"):
        drawer.undo()


def test_replay_rebuilds_a_game_from_its_calls():
    calls = [5, 75, 33, 12]
    drawer = Drawer.replay(calls, random.Random(4))
    assert drawer.called == calls and len(drawer.remaining) == 71


# ---- RNG quality at the 99% level ----------------------------------------------------------

def chi2_cdf(x: float, dof: int) -> float:
    """Regularized lower incomplete gamma P(dof/2, x/2) by its power series (numpy only, no scipy)."""
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


# 99% critical value of chi-square with 74 degrees of freedom (75 balls - 1): 105.20
# (scipy.stats.chi2.ppf(0.99, 74) = 105.2020); checked against the series below.
CHI2_99_74 = 105.202
Z_99 = 2.576  # two-sided 99% normal critical value


def test_the_hard_coded_critical_value_is_right():
    assert chi2_critical(74, 0.99) == pytest.approx(CHI2_99_74, abs=0.001)
    assert chi2_critical(1, 0.95) == pytest.approx(3.841, abs=0.001)  # textbook value


@pytest.fixture(scope="module")
def games() -> np.ndarray:
    """GAMES full seeded games, one row each, in the order drawn."""
    drawer = Drawer(random.Random(SEED))
    rows = []
    for _ in range(GAMES):
        drawer.new_game()
        rows.append([drawer.draw() for _ in range(75)])
    return np.array(rows)


@pytest.mark.parametrize("position", [0, 1, 37, 74])
def test_each_ball_is_equally_likely_at_a_draw_position(games, position):
    counts = np.bincount(games[:, position], minlength=76)[1:]
    expected = GAMES / 75
    statistic = float(((counts - expected) ** 2 / expected).sum())
    assert statistic < CHI2_99_74, f"chi-square {statistic:.1f} at position {position + 1}"


def test_every_game_is_a_permutation(games):
    assert (np.sort(games, axis=1) == np.arange(1, 76)).all()


@pytest.fixture(scope="module")
def first_draws() -> np.ndarray:
    """A long sequence of independent draws: the first ball of 20,000 seeded games."""
    drawer = Drawer(random.Random(SEED + 1))
    out = []
    for _ in range(20_000):
        drawer.new_game()
        out.append(drawer.draw())
    return np.array(out)


def test_runs_above_and_below_the_median(first_draws):
    """Wald-Wolfowitz: too few runs means clustering, too many means alternation."""
    above = first_draws[first_draws != 38] > 38  # 38 is the median of 1-75; ties dropped
    n1, n2 = int(above.sum()), int((~above).sum())
    runs = 1 + int(np.count_nonzero(above[1:] != above[:-1]))
    n = n1 + n2
    mean = 1 + 2 * n1 * n2 / n
    variance = 2 * n1 * n2 * (2 * n1 * n2 - n) / (n * n * (n - 1))
    z = (runs - mean) / math.sqrt(variance)
    assert abs(z) < Z_99, f"runs z = {z:.2f}"


def test_no_serial_correlation_between_games(first_draws):
    r = float(np.corrcoef(first_draws[:-1], first_draws[1:])[0, 1])
    assert abs(r) * math.sqrt(first_draws.size - 1) < Z_99, f"lag-1 r = {r:.4f}"


def test_serial_correlation_within_a_game_is_that_of_drawing_without_replacement(games):
    """Consecutive balls of one game are correlated -1/74 (two draws without replacement from
    75 equal balls); a departure would betray a biased shuffle. Per game, the circular lag-1
    serial correlation has a constant denominator (the game is a permutation of 1-75), so its
    expectation is exactly -1/74; games are independent, so their mean is compared with it
    using the sample's own standard error."""
    centred = games - 38.0
    per_game = (centred * np.roll(centred, -1, axis=1)).sum(axis=1) / (centred**2).sum(axis=1)
    z = (per_game.mean() + 1 / 74) / (per_game.std(ddof=1) / math.sqrt(GAMES))
    assert abs(z) < Z_99, f"mean lag-1 r = {per_game.mean():.4f}, z = {z:.2f}"
