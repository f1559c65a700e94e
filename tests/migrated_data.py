"""The rows the data migrations loaded (the register's figures, the pattern library, groups...), kept across the
flush that ends every transactional test (tests/conftest.py `keep_migrated_data`).

On PostgreSQL the rows are copied table by table into a schema of their own and copied back in one transaction:
a few dozen INSERT ... SELECT statements, where Django's serialized rollback (elsewhere) re-saves ~500 rows one by
one through the ORM, about 2 s per module. The restore leaves the tables exactly as they were before the module:
the rows the flush's post_migrate made again (content types, permissions, with new keys) give way to the originals,
so the content-type cache is cleared after it. The copy runs with session_replication_role = replica, as the test
flush does (tests/pg_backend): the append-only tables' triggers and the foreign-key checks stay quiet while the
tables are put back as a whole."""

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
    """The migrated rows of a PostgreSQL test database, copied aside; `restore()` puts them back and drops the copy."""

    def __init__(self, connection):
        self.connection = connection
        # A schema of this copy's own: a test of the mechanism takes one inside its module's.
        self.schema = f"test_migrated_data_{next(_numbers)}"
        self.tables = _with_rows(connection, _tables(connection))
        with connection.cursor() as cursor:
            cursor.execute(f"DROP SCHEMA IF EXISTS {self.schema} CASCADE")
            cursor.execute(f"CREATE SCHEMA {self.schema}")
            for table in self.tables:
                name = _quoted(connection, table)
                cursor.execute(f"CREATE TABLE {self.schema}.{name} AS SELECT * FROM {name}")

    def restore(self) -> None:
        connection = self.connection
        now_with_rows = _with_rows(connection, _tables(connection))
        with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
            cursor.execute("SET LOCAL session_replication_role = replica")
            for table in now_with_rows:
                cursor.execute(f"DELETE FROM {_quoted(connection, table)}")
            for table in self.tables:
                name = _quoted(connection, table)
                cursor.execute(f"INSERT INTO {name} SELECT * FROM {self.schema}.{name}")
            # A flush that reset the sequences (reset_sequences=True) would hand out these rows' keys again.
            restored = set(self.tables)
            models = [model for model in apps.get_models(include_auto_created=True)
                      if model._meta.db_table in restored]
            for statement in connection.ops.sequence_reset_sql(no_style(), models):
                cursor.execute(statement)
            cursor.execute(f"DROP SCHEMA {self.schema} CASCADE")
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
