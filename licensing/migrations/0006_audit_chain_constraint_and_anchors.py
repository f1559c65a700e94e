"""The audit trail's chain constraint and its trigger back (refusing TRUNCATE too), and the log
anchors: the head of every log, recorded daily and at every close."""

import django.utils.timezone
from django.db import migrations, models

from core.triggers import append_only


class Migration(migrations.Migration):
    dependencies = [("licensing", "0005_audit_chain")]

    operations = [
        migrations.AddConstraint(
            model_name="auditevent",
            constraint=models.UniqueConstraint(fields=("chain", "seq"), name="licensing_auditevent_unique_seq"),
        ),
        append_only("licensing_auditevent", "audit events"),
        migrations.CreateModel(
            name="LogAnchor",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("seq", models.PositiveIntegerField(verbose_name="sequence")),
                ("prev_hash", models.CharField(blank=True, max_length=64, verbose_name="previous hash")),
                ("hash", models.CharField(max_length=64, verbose_name="hash")),
                ("log", models.CharField(max_length=60, verbose_name="log")),
                ("log_key", models.CharField(max_length=64, verbose_name="log key")),
                ("head_seq", models.PositiveIntegerField(verbose_name="head sequence")),
                ("head_hash", models.CharField(max_length=64, verbose_name="head hash")),
                ("reason", models.CharField(choices=[("daily", "Daily"), ("close", "Game or tournament closed"),
                                                     ("manual", "Recorded by hand")],
                                            max_length=10, verbose_name="reason")),
                ("created_at", models.DateTimeField(default=django.utils.timezone.now, verbose_name="time")),
            ],
            options={"verbose_name": "log anchor", "verbose_name_plural": "log anchors", "ordering": ["seq"],
                     "indexes": [models.Index(fields=["log", "log_key", "-head_seq"],
                                              name="licensing_anchor_log_head")],
                     "constraints": [models.UniqueConstraint(fields=("seq",), name="licensing_loganchor_unique_seq")]},
        ),
        append_only("licensing_loganchor", "log anchors"),
    ]
