"""Tournament.training: a training tournament (no prizes, nothing reported) may be dealt outside the
licensed hours (30 DCMR 1603.19); its config event records the flag (montecarlo.models.tournament_terms).
Existing tournaments are not training ones, as their config events, which lack the term, read."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('montecarlo', '0005_tournament_log_chain'),
    ]

    operations = [
        migrations.AddField(
            model_name='tournament',
            name='training',
            field=models.BooleanField(default=False, help_text='No prizes and nothing reported; it may be played outside the licensed hours (30 DCMR 1603.19).', verbose_name='training tournament'),
        ),
    ]
