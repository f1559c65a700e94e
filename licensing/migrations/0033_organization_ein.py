"""The organization's Employer Identification Number (EIN), the payer's federal identification number on its Forms
W-2G and the filer's on Form 1096: optional, "" until given.

On SQLite (the hall's database, licensing.hall) Django adds a NOT NULL column by rebuilding the table, and the
rebuild creates every index of the state again, 0018's trigram index included, which only PostgreSQL can build. So
there the column is added in place: SQLite's ALTER TABLE ADD COLUMN takes NOT NULL with a constant default, which
stays in its schema (Django writes the value itself)."""

from django.db import migrations, models


class AddFieldInPlace(migrations.AddField):
    """AddField that never rebuilds the table on SQLite (see above); as Django does it elsewhere."""

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor != "sqlite":
            super().database_forwards(app_label, schema_editor, from_state, to_state)
            return
        model = to_state.apps.get_model(app_label, self.model_name)
        if not self.allow_migrate_model(schema_editor.connection.alias, model):
            return
        field = model._meta.get_field(self.name)
        definition, params = schema_editor.column_sql(model, field, include_default=True)
        schema_editor.execute(f"ALTER TABLE {schema_editor.quote_name(model._meta.db_table)} "
                              f"ADD COLUMN {schema_editor.quote_name(field.column)} {definition}", params)


class Migration(migrations.Migration):

    dependencies = [
        ("licensing", "0032_payouts"),
    ]

    operations = [
        AddFieldInPlace(
            model_name="organization",
            name="ein",
            field=models.CharField(
                blank=True, default="", max_length=10, verbose_name="Employer Identification Number (EIN)",
                help_text="Your organization's Employer Identification Number, printed on the Forms W-2G you give "
                          "winners: nine digits, like 12-3456789.",
            ),
        ),
    ]
