"""A forger with the database owner's rights, for the tests that prove the logs catch them:
the owner can switch a table's append-only trigger off (which is why the application must not
connect as the owner: core db_roles) and then edit, delete or insert rows at will."""

import contextlib

from django.db import connection

from core.chain import row_hash

WRONG_KEY = b"the forger's best guess"


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


def forge_from(model, identity: str, seq: int, cursor) -> str:
    """Re-link and re-hash the log from `seq` on, under a key that is not the server's, and return the new
    head's hash (for the owner row): the best a forger can do without the key."""
    rows = list(model.chain_rows(identity))
    prev = next((row.hash for row in rows if row.seq == seq - 1), "")
    for row in rows:
        if row.seq < seq:
            continue
        row.prev_hash = prev
        row.hash = row_hash(model.chain_label(), identity, row, key=WRONG_KEY)
        cursor.execute(f"UPDATE {model._meta.db_table} SET prev_hash = %s, hash = %s WHERE id = %s",
                       [row.prev_hash, row.hash, row.pk])
        prev = row.hash
    return prev
