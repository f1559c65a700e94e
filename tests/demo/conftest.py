"""The demo's live-game tests run as their apps' tests do: bingo's with empty sales caches (autouse wherever it is
imported, harmless to the others), Monte Carlo's on the Board's clock inside the licensed hours (their modules
ask for board_clock)."""

from tests.bingo.factories import fresh_caches  # noqa: F401  (the autouse fixture)
from tests.montecarlo.factories import board_clock  # noqa: F401  (the fixture)
