"""Chain the audit trail (one HMAC chain per organization, one for the Board) and add the
log anchors. Existing audit rows are chained in the order they were written; the trigger is
lifted for that and put back refusing TRUNCATE too."""

import django.utils.timezone
from django.db import migrations, models

from core.chain import rechain
from core.triggers import append_only, append_only_lifted

AUDIT = ("licensing_auditevent", "audit events")
lift_audit, restore_audit = append_only_lifted(*AUDIT)


def chain_audit_trail(apps, schema_editor):
    AuditEvent = apps.get_model("licensing", "AuditEvent")
    for organization_id in AuditEvent.objects.order_by().values_list("organization_id", flat=True).distinct():
        chain = "board" if organization_id is None else f"organization:{organization_id}"
        AuditEvent.objects.filter(organization_id=organization_id).update(chain=chain)
        rows = AuditEvent.objects.filter(chain=chain).order_by("created_at", "id")
        rechain(list(rows), "licensing.auditevent", chain)


class Migration(migrations.Migration):
    dependencies = [("licensing", "0004_seed_fee_schedule")]

    operations = [
        lift_audit,
        migrations.AddField(
            model_name="auditevent", name="chain",
            field=models.CharField(default="board", editable=False, max_length=40, verbose_name="log"),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="auditevent", name="seq",
            field=models.PositiveIntegerField(default=0, verbose_name="sequence"), preserve_default=False,
        ),
        migrations.AddField(
            model_name="auditevent", name="prev_hash",
            field=models.CharField(blank=True, max_length=64, verbose_name="previous hash"),
        ),
        migrations.AddField(
            model_name="auditevent", name="hash",
            field=models.CharField(default="", max_length=64, verbose_name="hash"), preserve_default=False,
        ),
        migrations.RunPython(chain_audit_trail, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="auditevent",
            constraint=models.UniqueConstraint(fields=("chain", "seq"), name="licensing_auditevent_unique_seq"),
        ),
        restore_audit,
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
