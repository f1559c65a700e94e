"""Chain the audit trail: one HMAC chain per organization, one for the Board. Existing audit rows
are chained in the order they were written, with the trigger lifted; 0006 puts it back (a
separate migration, so PostgreSQL has fired the deferred checks of these updates before the
table is altered again)."""

from django.db import migrations, models

from core.chain import rechain
from core.triggers import append_only_lifted

AUDIT = ("licensing_auditevent", "audit events")
lift_audit, _ = append_only_lifted(*AUDIT)


def chain_audit_trail(apps, schema_editor):
    AuditEvent = apps.get_model("licensing", "AuditEvent")
    organization_ids = set(AuditEvent.objects.order_by().values_list("organization_id", flat=True).distinct())
    for organization_id in organization_ids - {None}:  # every row is in the Board's log until it is moved
        AuditEvent.objects.filter(organization_id=organization_id).update(chain=f"organization:{organization_id}")
    for organization_id in organization_ids:
        chain = "board" if organization_id is None else f"organization:{organization_id}"
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
    ]
