"""A world built once for a module (or a package) of read-mostly tests, instead of once per test.

The world is written inside a transaction that stays open while the tests run and is rolled back after the last
one: each test still runs in its own savepoint (pytest-django's `db`), so what a test writes is gone before the next
test, and the world is gone before the next module. The outer transaction is marked as a test case's own, so a
durable atomic block in the code under test behaves as it does under Django's TestCase."""

from collections.abc import Callable, Iterator

from django.db import transaction


def built_once[T](django_db_blocker, build: Callable[[], T]) -> Iterator[T]:
    """For a fixture of module or package scope: `yield from built_once(django_db_blocker, build)`. Give the tests
    the world's primary keys, not its instances, and read the rows afresh in a function-scoped fixture: an instance
    a test changes in memory would otherwise reach the next test."""
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic._from_testcase = True
        atomic.__enter__()
        try:
            world = build()
        except BaseException:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)
            raise
    try:
        yield world
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)
