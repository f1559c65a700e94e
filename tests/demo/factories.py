"""The demo world as the tests build it: `seed_demo` as `make run` runs it, its after-commit work (certificates,
mail) done at once, as a module-scoped world built once (tests/once.py) for the modules that only read it."""

import io
from collections.abc import Callable, Iterator

from django.core.management import call_command
from django.test import TestCase

from tests.once import built_once


def demo_seeded(*, then: Callable[[], None] | None = None) -> None:
    """The whole demo, then `then` (what a module adds to it), the after-commit callbacks of both run."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        call_command("seed_demo", stdout=io.StringIO())
        if then is not None:
            then()


def demo_world_once(django_db_blocker, *, then: Callable[[], None] | None = None) -> Iterator[None]:
    """For a fixture of module scope: `yield from demo_world_once(django_db_blocker)`. The tests read the world's
    rows afresh (by email, by query); what a test writes rolls back with it."""
    yield from built_once(django_db_blocker, lambda: demo_seeded(then=then))
