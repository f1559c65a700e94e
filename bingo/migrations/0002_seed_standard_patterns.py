"""Load the engine's standard 75-ball patterns into the pattern library (30 DCMR 1405.17).

Re-running updates names and masks from the engine; custom patterns (is_standard=False) are untouched."""

from django.db import migrations


def seed(apps, schema_editor):
    from bingo.engine import patterns

    Pattern = apps.get_model("bingo", "Pattern")
    for name in patterns.names():
        pattern = patterns.get(name)
        Pattern.objects.update_or_create(
            slug=name,
            defaults={"name_en": pattern.name_en, "name_es": pattern.name_es, "masks": list(pattern.masks),
                      "is_standard": True},
        )


class Migration(migrations.Migration):
    dependencies = [("bingo", "0001_initial")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
