"""A forger with the database owner's rights, for the tests that prove the logs catch them:
the owner can switch a table's append-only trigger off (which is why the application must not
connect as the owner: core db_roles) and then edit, delete or insert rows at will."""

import contextlib

from django.db import connection


@contextlib.contextmanager
def triggers_off(*tables: str):
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # Django's foreign keys are deferred: fire the pending checks so the table can be altered.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            for table in tables:
                cursor.execute(f"ALTER TABLE {table} DISABLE TRIGGER USER")
        else:
            for table in tables:
                cursor.execute(f"DROP TRIGGER IF EXISTS {table}_no_update")
        try:
            yield cursor
        finally:
            if connection.vendor == "postgresql":
                for table in tables:
                    cursor.execute(f"ALTER TABLE {table} ENABLE TRIGGER USER")
                cursor.execute("SET CONSTRAINTS ALL DEFERRED")
