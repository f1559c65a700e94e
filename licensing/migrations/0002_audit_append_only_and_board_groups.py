"""Make the audit table append-only in the database itself, and create the Board's groups.

PostgreSQL refuses UPDATE and DELETE of audit rows (TRUNCATE, used only to reset a
test database, is not a row operation). SQLite refuses UPDATE; its DELETE stays open
because Django's test flush empties tables with DELETE."""

from django.db import migrations

PG_CREATE = """
CREATE OR REPLACE FUNCTION licensing_auditevent_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION USING MESSAGE = 'audit events are append-only: ' || TG_OP || ' refused';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER licensing_auditevent_no_update_delete
  BEFORE UPDATE OR DELETE ON licensing_auditevent
  FOR EACH ROW EXECUTE FUNCTION licensing_auditevent_append_only();
"""
PG_DROP = """
DROP TRIGGER IF EXISTS licensing_auditevent_no_update_delete ON licensing_auditevent;
DROP FUNCTION IF EXISTS licensing_auditevent_append_only();
"""
SQLITE_CREATE = """
CREATE TRIGGER licensing_auditevent_no_update BEFORE UPDATE ON licensing_auditevent
BEGIN SELECT RAISE(ABORT, 'audit events are append-only: UPDATE refused'); END;
"""
SQLITE_DROP = "DROP TRIGGER IF EXISTS licensing_auditevent_no_update;"

BOARD_GROUPS = ["board_staff", "board_member"]


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


def create_board_groups(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    for name in BOARD_GROUPS:
        Group.objects.get_or_create(name=name)


class Migration(migrations.Migration):
    dependencies = [("licensing", "0001_initial"), ("auth", "0012_alter_user_first_name_max_length")]

    operations = [
        migrations.RunPython(create_triggers, drop_triggers),
        migrations.RunPython(create_board_groups, migrations.RunPython.noop),
    ]
