"""The chip ledgers, table logs and jackpot ledgers are append-only in the database itself (core.triggers)."""

from django.db import migrations

from core.triggers import append_only


class Migration(migrations.Migration):
    dependencies = [("montecarlo", "0008_catalog_approvals")]

    operations = [
        append_only("montecarlo_chipledgerentry", "chip ledger entries"),
        append_only("montecarlo_tableevent", "table events"),
        append_only("montecarlo_jackpotentry", "jackpot entries"),
    ]
