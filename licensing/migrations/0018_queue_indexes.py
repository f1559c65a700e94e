"""The review queue's organization filter (issue 15's load benchmark, benchmarks/portal_load.py): an organization's
open applications from one index, and a trigram index on UPPER(organization name) for the name searched anywhere
in it. The trigram index (and the pg_trgm extension it needs, a trusted extension the database's owner may create)
exist on PostgreSQL only: SQLite, the embedded default, has no GIN index and its scans of 5,000 names are quick."""

import django.contrib.postgres.indexes
import django.db.models.functions.text
from django.contrib.postgres.operations import TrigramExtension
from django.db import migrations, models


class AddIndexOnPostgreSQL(migrations.AddIndex):
    """AddIndex for an index only PostgreSQL can build: the state has it everywhere, the database on PostgreSQL."""

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_backwards(app_label, schema_editor, from_state, to_state)


class Migration(migrations.Migration):

    dependencies = [
        ("licensing", "0017_fee_payments"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="application",
            index=models.Index(fields=["organization", "status", "submitted_at"], name="app_org_status_submitted"),
        ),
        TrigramExtension(),  # does nothing on other databases than PostgreSQL
        AddIndexOnPostgreSQL(
            model_name="organization",
            index=django.contrib.postgres.indexes.GinIndex(
                django.contrib.postgres.indexes.OpClass(django.db.models.functions.text.Upper("name"),
                                                        name="gin_trgm_ops"),
                name="org_name_upper_trgm",
            ),
        ),
        # The index's statistics on UPPER(name) are what the planner needs (a word matching 1,000 organizations
        # was estimated at 40); autovacuum would gather them only after many changes to a table that rarely changes.
        migrations.RunSQL("ANALYZE licensing_organization", reverse_sql=migrations.RunSQL.noop),
    ]
