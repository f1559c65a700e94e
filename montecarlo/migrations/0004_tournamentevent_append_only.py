"""Make the tournament event log append-only in the database itself (as bingo 0005 does for game
events): PostgreSQL refuses UPDATE and DELETE of tournament events, SQLite refuses UPDATE
(its DELETE stays open because Django's test flush empties tables with DELETE)."""

from django.db import migrations

PG_CREATE = """
CREATE OR REPLACE FUNCTION montecarlo_tournamentevent_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION USING MESSAGE = 'tournament events are append-only: ' || TG_OP || ' refused';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER montecarlo_tournamentevent_no_update_delete
  BEFORE UPDATE OR DELETE ON montecarlo_tournamentevent
  FOR EACH ROW EXECUTE FUNCTION montecarlo_tournamentevent_append_only();
"""
PG_DROP = """
DROP TRIGGER IF EXISTS montecarlo_tournamentevent_no_update_delete ON montecarlo_tournamentevent;
DROP FUNCTION IF EXISTS montecarlo_tournamentevent_append_only();
"""
SQLITE_CREATE = """
CREATE TRIGGER montecarlo_tournamentevent_no_update BEFORE UPDATE ON montecarlo_tournamentevent
BEGIN SELECT RAISE(ABORT, 'tournament events are append-only: UPDATE refused'); END;
"""
SQLITE_DROP = "DROP TRIGGER IF EXISTS montecarlo_tournamentevent_no_update;"


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
    dependencies = [("montecarlo", "0003_tournaments")]

    operations = [migrations.RunPython(create_triggers, drop_triggers)]
