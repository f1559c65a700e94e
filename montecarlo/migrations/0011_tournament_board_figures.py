"""Tournament.prize_cap and Tournament.seats_limit: the Board's figures in force on a tournament's date (30 DCMR
1603.26, 1603.23), read from the register when it is planned and passed to the engine (Tournament.engine_config).
Every tournament planned before was played under DC's $500 a player a day and 7 players a table, the figures the
engine then held itself; its config event records "prize_cap": "500" and no seat limit, which changed_terms reads as
7. The defaults are for those rows only: a new tournament always gets the register's figures."""

from decimal import Decimal

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('montecarlo', '0010_night_in_charge'),
    ]

    operations = [
        migrations.AddField(
            model_name='tournament',
            name='prize_cap',
            field=models.DecimalField(decimal_places=2, default=Decimal('500.00'), editable=False, max_digits=8,
                                      verbose_name='prize cap per player per day'),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name='tournament',
            name='seats_limit',
            field=models.PositiveSmallIntegerField(default=7, editable=False, verbose_name='players a table may seat'),
            preserve_default=False,
        ),
    ]
