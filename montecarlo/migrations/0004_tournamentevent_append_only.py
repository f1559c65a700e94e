"""Make the tournament event log append-only in the database itself (core.triggers)."""

from django.db import migrations

from core.triggers import append_only


class Migration(migrations.Migration):
    dependencies = [("montecarlo", "0003_tournaments")]

    operations = [append_only("montecarlo_tournamentevent", "tournament events")]
