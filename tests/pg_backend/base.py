"""PostgreSQL for the test suite: Django's backend, except for the flush which ends every transactional test.

The append-only tables' triggers refuse TRUNCATE (as they must in production): the flush runs with
session_replication_role = replica, which only a superuser may set and under which ordinary triggers (foreign key
checks included) do not fire, for that one transaction. And it deletes the rows rather than truncating the tables:
a test leaves a few rows in a few tables, and DELETE empties ~85 such tables in ~20 ms where TRUNCATE, which makes
every table anew, takes ~0.5 s. A flush that resets the sequences still truncates (RESTART IDENTITY)."""

from django.db.backends.postgresql import base
from django.db.backends.postgresql.operations import DatabaseOperations


class TestDatabaseOperations(DatabaseOperations):
    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if not tables:
            return []
        if reset_sequences:
            statements = super().sql_flush(style, tables, reset_sequences=True, allow_cascade=allow_cascade)
        else:
            statements = [f"{style.SQL_KEYWORD('DELETE FROM')} {style.SQL_FIELD(self.quote_name(table))}"
                          for table in tables]
        return ["SET LOCAL session_replication_role = replica", *statements]


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = TestDatabaseOperations
