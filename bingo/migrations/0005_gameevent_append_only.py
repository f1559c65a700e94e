"""Make the game event log append-only in the database itself (as licensing 0002 does for
audit events): PostgreSQL refuses UPDATE and DELETE of game events, SQLite refuses UPDATE
(its DELETE stays open because Django's test flush empties tables with DELETE)."""

from django.db import migrations

PG_CREATE = """
CREATE OR REPLACE FUNCTION bingo_gameevent_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION USING MESSAGE = 'bingo game events are append-only: ' || TG_OP || ' refused';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER bingo_gameevent_no_update_delete
  BEFORE UPDATE OR DELETE ON bingo_gameevent
  FOR EACH ROW EXECUTE FUNCTION bingo_gameevent_append_only();
"""
PG_DROP = """
DROP TRIGGER IF EXISTS bingo_gameevent_no_update_delete ON bingo_gameevent;
DROP FUNCTION IF EXISTS bingo_gameevent_append_only();
"""
SQLITE_CREATE = """
CREATE TRIGGER bingo_gameevent_no_update BEFORE UPDATE ON bingo_gameevent
BEGIN SELECT RAISE(ABORT, 'bingo game events are append-only: UPDATE refused'); END;
"""
SQLITE_DROP = "DROP TRIGGER IF EXISTS bingo_gameevent_no_update;"


def create_triggers(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(PG_CREATE)
    elif vendor == "sqlite":
        schema_editor.execute(SQLITE_CREATE)


def drop_triggers(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(PG_DROP)
    elif vendor == "sqlite":
        schema_editor.execute(SQLITE_DROP)


class Migration(migrations.Migration):
    dependencies = [("bingo", "0004_planning_halls_workers_series_sales")]

    operations = [migrations.RunPython(create_triggers, drop_triggers)]
