"""Make the tournament event log append-only in the database itself (licensing.append_only)."""

from django.db import migrations

from licensing.append_only import append_only


class Migration(migrations.Migration):
    dependencies = [("montecarlo", "0003_tournaments")]

    operations = [append_only("montecarlo_tournamentevent", "tournament events")]
