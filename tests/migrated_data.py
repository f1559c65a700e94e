"""The rows the data migrations loaded (the register's figures, the pattern library, groups...), kept across the
end of every transactional test.

On PostgreSQL a copy of them is taken once per session (`keep_pristine`, from tests/conftest.py's
`django_db_setup`), and a transactional test ends by putting them back (`reset_to_pristine`, in place of Django's
flush): every table as migrated, in two statements, and no post_migrate signal, whose handlers (content types,
permissions, the Board's groups, the register's pack) cost ~0.1 s a test only to make again what the copy holds.
Elsewhere (SQLite) the flush stays, and a module's transactional tests are wrapped in `keep_migrated_data`.

On PostgreSQL the rows are copied table by table into a schema of their own and copied back in one transaction:
a few dozen INSERT ... SELECT statements, where Django's serialized rollback (elsewhere) re-saves ~500 rows one by
one through the ORM, about 2 s per module. The restore leaves the tables exactly as they were before the module:
the rows the flush's post_migrate made again (content types, permissions, with new keys) give way to the originals,
so the content-type cache is cleared after it. The copy runs with session_replication_role = replica, as the test
flush does (tests/pg_backend): the append-only tables' triggers and the foreign-key checks stay quiet while the
tables are put back as a whole."""

import copy
import itertools

from django.apps import apps
from django.contrib.contenttypes.models import ContentType
from django.core.management.color import no_style
from django.db import transaction

_numbers = itertools.count()


def _quoted(connection, name: str) -> str:
    return connection.ops.quote_name(name)


def _tables(connection) -> list[str]:
    """The tables the flush empties (Django's own list)."""
    return sorted(connection.introspection.django_table_names(only_existing=True, include_views=False))


def _with_rows(connection, tables: list[str]) -> list[str]:
    """Of these tables, those holding a row, in one query."""
    if not tables:
        return []
    probes = " UNION ALL ".join(
        f"SELECT %s WHERE EXISTS (SELECT 1 FROM {_quoted(connection, table)})" for table in tables)
    with connection.cursor() as cursor:
        cursor.execute(probes, tables)
        return [row[0] for row in cursor.fetchall()]


class PostgresSnapshot:
    """The migrated rows of a PostgreSQL test database, copied aside; `restore()` puts them back and drops the copy,
    `restore(keep=True)` keeps it for the next time."""

    def __init__(self, connection, *, schema: str | None = None):
        self.connection = connection
        # A schema of this copy's own: a test of the mechanism takes one inside its module's.
        self.schema = schema or f"test_migrated_data_{next(_numbers)}"
        self.all_tables = _tables(connection)
        self.tables = _with_rows(connection, self.all_tables)
        with connection.cursor() as cursor:
            cursor.execute(f"DROP SCHEMA IF EXISTS {self.schema} CASCADE")
            cursor.execute(f"CREATE SCHEMA {self.schema}")
            for table in self.tables:
                name = _quoted(connection, table)
                cursor.execute(f"CREATE TABLE {self.schema}.{name} AS SELECT * FROM {name}")
        restored = set(self.tables)
        models = [model for model in apps.get_models(include_auto_created=True) if model._meta.db_table in restored]
        # A flush that reset the sequences (reset_sequences=True) would hand out these rows' keys again.
        self.sequence_resets = connection.ops.sequence_reset_sql(no_style(), models)

    def restore(self, *, keep: bool = False) -> None:
        connection = self.connection
        statements = [
            *(f"DELETE FROM {_quoted(connection, table)}" for table in _with_rows(connection, self.all_tables)),
            *(f"INSERT INTO {_quoted(connection, table)} SELECT * FROM {self.schema}.{_quoted(connection, table)}"
              for table in self.tables),
            *self.sequence_resets,
            *([] if keep else [f"DROP SCHEMA {self.schema} CASCADE"]),
        ]
        with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
            cursor.execute("SET LOCAL session_replication_role = replica")
            # One round trip: the statements take no parameters, so they go as one simple query.
            cursor.execute(";\n".join(statements))
        ContentType.objects.clear_cache()


class SerializedSnapshot:
    """Elsewhere (SQLite): Django's serialized-rollback mechanism. The flush's post_migrate has already re-created
    some rows (groups, content types): those are kept, everything else is put back."""

    def __init__(self, connection):
        self.connection = connection
        self.text = connection.creation.serialize_db_to_string()

    def restore(self) -> None:
        from django.core import serializers
        from django.db import IntegrityError

        for item in serializers.deserialize("json", self.text):
            model = type(item.object)
            if model._default_manager.filter(pk=item.object.pk).exists():
                continue
            try:
                with transaction.atomic(using=self.connection.alias):
                    item.save()
            except IntegrityError:
                continue


def snapshot(connection):
    """The migrated rows of this database, to restore after a flush."""
    return PostgresSnapshot(connection) if connection.vendor == "postgresql" else SerializedSnapshot(connection)


# The session's copy of the migrated rows, by database alias (PostgreSQL only).
_pristine: dict[str, PostgresSnapshot] = {}


def keep_pristine(connection) -> None:
    """Copy the migrated rows aside for the session, where the database can put them back by SQL."""
    if connection.vendor == "postgresql":
        _pristine[connection.alias] = PostgresSnapshot(connection, schema="test_migrated_data_pristine")


def keep_pristine_of_copy(connection, *, source: str = "default") -> None:
    """A database copied from `source`'s (CREATE DATABASE ... TEMPLATE, after `keep_pristine`) holds its copy of the
    migrated rows too: its transactional tests put them back the same way."""
    if source in _pristine:
        kept = copy.copy(_pristine[source])
        kept.connection = connection
        _pristine[connection.alias] = kept


def forget_pristine(connection) -> None:
    _pristine.pop(connection.alias, None)


def pristine_kept(connection) -> bool:
    return connection.alias in _pristine


def reset_to_pristine(connection) -> None:
    """Put every table back as migrated, from the session's copy (`pristine_kept`)."""
    kept = _pristine[connection.alias]
    kept.connection = connection  # the alias's connection of this moment: a test may have made it anew
    kept.restore(keep=True)


def install_transactional_reset() -> None:
    """A transactional test (TransactionTestCase, `django_db(transaction=True)`, live_server) ends by putting the
    migrated rows back where the database has a copy of them, instead of Django's flush and post_migrate."""
    from django.db import connections
    from django.test.testcases import TransactionTestCase

    flush = TransactionTestCase._fixture_teardown
    if getattr(flush, "resets_to_pristine", False):
        return

    def _fixture_teardown(self):
        names = self._databases_names(include_mirrors=False)
        if self.available_apps is not None or not all(name in _pristine for name in names):
            return flush(self)
        for name in names:
            reset_to_pristine(connections[name])

    _fixture_teardown.resets_to_pristine = True
    TransactionTestCase._fixture_teardown = _fixture_teardown
