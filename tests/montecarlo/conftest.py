"""Every test here runs on the Board's clock frozen inside the factories' licensed hours (live play is
refused outside them, 30 DCMR 1603.19); a test that needs another moment travels on from it."""

import pytest

from tests.montecarlo.factories import board_clock  # noqa: F401  (the fixture)


@pytest.fixture(autouse=True)
def _on_the_board_clock(board_clock):  # noqa: F811
    yield
