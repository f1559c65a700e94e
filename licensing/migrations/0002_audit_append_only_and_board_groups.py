"""Make the audit table append-only in the database itself, and create the Board's groups.

PostgreSQL refuses UPDATE and DELETE of audit rows (TRUNCATE, used only to reset a
test database, is not a row operation). SQLite refuses UPDATE; its DELETE stays open
because Django's test flush empties tables with DELETE."""

from django.db import migrations

from core.triggers import append_only

BOARD_GROUPS = ["board_staff", "board_member"]


def create_board_groups(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    for name in BOARD_GROUPS:
        Group.objects.get_or_create(name=name)


class Migration(migrations.Migration):
    dependencies = [("licensing", "0001_initial"), ("auth", "0012_alter_user_first_name_max_length")]

    operations = [
        append_only("licensing_auditevent", "audit events"),
        migrations.RunPython(create_board_groups, migrations.RunPython.noop),
    ]
