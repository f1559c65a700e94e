"""The draw: 75 balls at the start of each game (30 DCMR 1405.8), none returned (1405.14),
and the quality of the RNG the Drawer consumes, on a reproducible seeded sample."""

import random

import numpy as np
import pytest

from bingo.engine import Drawer
from bingo.engine.rng_quality import (
    CHI2_99_74,
    Z_99,
    chi2_critical,
    lag1_z,
    position_chi2,
    runs_z,
    within_game_z,
)

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
    statistic = position_chi2(games, position)
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
    z = runs_z(first_draws)
    assert abs(z) < Z_99, f"runs z = {z:.2f}"


def test_no_serial_correlation_between_games(first_draws):
    z = lag1_z(first_draws)
    assert abs(z) < Z_99, f"lag-1 z = {z:.2f}"


def test_serial_correlation_within_a_game_is_that_of_drawing_without_replacement(games):
    """Consecutive balls of one game correlate -1/74; a departure would betray a biased shuffle."""
    z = within_game_z(games)
    assert abs(z) < Z_99, f"within-game lag-1 z = {z:.2f}"
