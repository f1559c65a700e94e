"""The database triggers that make a table append-only (or its rows undeletable), for migrations.

PostgreSQL refuses UPDATE and DELETE of its rows and TRUNCATE of the table; SQLite refuses UPDATE
(its DELETE stays open because Django's test flush empties SQLite tables with DELETE; SQLite has no
TRUNCATE). The table owner can still disable a trigger: that is why the application connects as a
role that owns nothing (core db_roles) and why the chain and the anchors catch what gets past."""

from django.db import migrations


def _names(table: str) -> dict:
    return {"function": f"{table}_append_only", "row": f"{table}_no_update_delete",
            "truncate": f"{table}_no_truncate", "sqlite": f"{table}_no_update"}


def _create_sql(table: str, what: str, vendor: str) -> list[str]:
    names = _names(table)
    if vendor == "postgresql":
        # A migration that rewrote the table has deferred foreign-key checks pending: fire them
        # now, or PostgreSQL refuses to add a trigger to the table.
        return ["SET CONSTRAINTS ALL IMMEDIATE",
                f"""CREATE OR REPLACE FUNCTION {names["function"]}() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION USING MESSAGE = '{what} are append-only: ' || TG_OP || ' refused';
END;
$$ LANGUAGE plpgsql""",
                f"DROP TRIGGER IF EXISTS {names['row']} ON {table}",
                f"DROP TRIGGER IF EXISTS {names['truncate']} ON {table}",
                f"CREATE TRIGGER {names['row']} BEFORE UPDATE OR DELETE ON {table} "
                f"FOR EACH ROW EXECUTE FUNCTION {names['function']}()",
                f"CREATE TRIGGER {names['truncate']} BEFORE TRUNCATE ON {table} "
                f"FOR EACH STATEMENT EXECUTE FUNCTION {names['function']}()"]
    if vendor == "sqlite":
        return [f"DROP TRIGGER IF EXISTS {names['sqlite']}",
                f"CREATE TRIGGER {names['sqlite']} BEFORE UPDATE ON {table} "
                f"BEGIN SELECT RAISE(ABORT, '{what} are append-only: UPDATE refused'); END"]
    return []


def _drop_sql(table: str, vendor: str) -> list[str]:
    names = _names(table)
    if vendor == "postgresql":
        return [f"DROP TRIGGER IF EXISTS {names['row']} ON {table}",
                f"DROP TRIGGER IF EXISTS {names['truncate']} ON {table}",
                f"DROP FUNCTION IF EXISTS {names['function']}()"]
    if vendor == "sqlite":
        return [f"DROP TRIGGER IF EXISTS {names['sqlite']}"]
    return []


def _execute(schema_editor, statements: list[str]) -> None:
    for statement in statements:
        schema_editor.execute(statement)


def append_only(table: str, what: str) -> migrations.RunPython:
    """The migration operation that makes `table` append-only; `what` names the rows in the
    refusal ("audit events"). Re-running it replaces the trigger."""

    def create(apps, schema_editor):
        _execute(schema_editor, _create_sql(table, what, schema_editor.connection.vendor))

    def drop(apps, schema_editor):
        _execute(schema_editor, _drop_sql(table, schema_editor.connection.vendor))

    return migrations.RunPython(create, drop)


def append_only_lifted(table: str, what: str) -> tuple[migrations.RunPython, migrations.RunPython]:
    """A pair of operations around a migration that must rewrite an append-only table (adding
    its chain columns): the first drops the trigger, the second puts it back."""
    made = append_only(table, what)
    return migrations.RunPython(made.reverse_code, made.code), made


def undeletable(table: str, what: str) -> migrations.RunPython:
    """The migration operation that makes the rows of `table` undeletable on PostgreSQL (DELETE and
    TRUNCATE refused) while they stay updatable: an owner row that keeps a log's head. SQLite keeps
    DELETE open for the test flush, as for the append-only tables."""
    function, row, truncate = f"{table}_undeletable", f"{table}_no_delete", f"{table}_no_truncate"

    def create(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        _execute(schema_editor, [
            f"""CREATE OR REPLACE FUNCTION {function}() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION USING MESSAGE = '{what} are never deleted: ' || TG_OP || ' refused';
END;
$$ LANGUAGE plpgsql""",
            f"DROP TRIGGER IF EXISTS {row} ON {table}",
            f"DROP TRIGGER IF EXISTS {truncate} ON {table}",
            f"CREATE TRIGGER {row} BEFORE DELETE ON {table} FOR EACH ROW EXECUTE FUNCTION {function}()",
            f"CREATE TRIGGER {truncate} BEFORE TRUNCATE ON {table} FOR EACH STATEMENT EXECUTE FUNCTION {function}()",
        ])

    def drop(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        _execute(schema_editor, [f"DROP TRIGGER IF EXISTS {row} ON {table}",
                                 f"DROP TRIGGER IF EXISTS {truncate} ON {table}",
                                 f"DROP FUNCTION IF EXISTS {function}()"])

    return migrations.RunPython(create, drop)
