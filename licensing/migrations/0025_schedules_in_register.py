"""The fee and bond schedule tables go: the register (licensing.register, migration 0024) holds every fee and bond
now, and the quote reads only it. Their rows are copied once more first (get_or_create: a row 0024 already copied is
left as it is), so a row saved between the two migrations is not lost."""

import importlib

from django.db import migrations

copy_schedules = importlib.import_module("licensing.migrations.0024_board_numbers").copy_schedules


class Migration(migrations.Migration):

    dependencies = [
        ('licensing', '0024_board_numbers'),
    ]

    operations = [
        # Reversing re-creates empty tables: the figures stay in the register, the one place they live.
        migrations.RunPython(copy_schedules, migrations.RunPython.noop),
        migrations.DeleteModel(
            name='BondScheduleRow',
        ),
        migrations.DeleteModel(
            name='FeeScheduleRow',
        ),
    ]
