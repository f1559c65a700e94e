"""Every bingo test starts and ends with empty sales caches (tests.bingo.factories.fresh_caches)."""

from tests.bingo.factories import fresh_caches  # noqa: F401  (the autouse fixture)
