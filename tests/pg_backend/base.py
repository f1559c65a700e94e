"""PostgreSQL for the test suite: Django's backend, except that the flush which ends every
transactional test may empty the append-only tables. Their triggers refuse TRUNCATE (as they
must in production); the flush runs with session_replication_role = replica, which only a
superuser may set and under which ordinary triggers do not fire, for that one transaction."""

from django.db.backends.postgresql import base
from django.db.backends.postgresql.operations import DatabaseOperations


class TestDatabaseOperations(DatabaseOperations):
    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        statements = super().sql_flush(style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade)
        return ["SET LOCAL session_replication_role = replica", *statements] if statements else statements


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = TestDatabaseOperations
