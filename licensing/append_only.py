"""A database trigger that makes a table append-only, for migrations: PostgreSQL refuses
UPDATE and DELETE of its rows, SQLite refuses UPDATE (its DELETE stays open because Django's
test flush empties tables with DELETE). Used for the audit trail and the game event logs."""

from django.db import migrations


def _sql(table: str, what: str) -> dict:
    function, trigger, sqlite_trigger = f"{table}_append_only", f"{table}_no_update_delete", f"{table}_no_update"
    return {
        "postgresql": (
            f"""CREATE OR REPLACE FUNCTION {function}() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION USING MESSAGE = '{what} are append-only: ' || TG_OP || ' refused';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER {trigger} BEFORE UPDATE OR DELETE ON {table} FOR EACH ROW EXECUTE FUNCTION {function}();""",
            f"DROP TRIGGER IF EXISTS {trigger} ON {table}; DROP FUNCTION IF EXISTS {function}();",
        ),
        "sqlite": (
            f"""CREATE TRIGGER {sqlite_trigger} BEFORE UPDATE ON {table}
BEGIN SELECT RAISE(ABORT, '{what} are append-only: UPDATE refused'); END;""",
            f"DROP TRIGGER IF EXISTS {sqlite_trigger};",
        ),
    }


def append_only(table: str, what: str) -> migrations.RunPython:
    """The migration operation: `what` names the rows in the refusal ("audit events")."""
    sql = _sql(table, what)

    def create(apps, schema_editor):
        if schema_editor.connection.vendor in sql:
            schema_editor.execute(sql[schema_editor.connection.vendor][0])

    def drop(apps, schema_editor):
        if schema_editor.connection.vendor in sql:
            schema_editor.execute(sql[schema_editor.connection.vendor][1])

    return migrations.RunPython(create, drop)
