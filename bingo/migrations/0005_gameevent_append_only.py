"""Make the game event log append-only in the database itself (core.triggers)."""

from django.db import migrations

from core.triggers import append_only


class Migration(migrations.Migration):
    dependencies = [("bingo", "0004_planning_halls_workers_series_sales")]

    operations = [append_only("bingo_gameevent", "bingo game events")]
