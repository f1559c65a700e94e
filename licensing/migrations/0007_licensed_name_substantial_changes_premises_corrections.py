"""The name each license was issued under (shown by the public lookup until an amendment is approved,
30 DCMR 1202.3), the substantial changes recorded against licenses, and premises corrections that
board staff accept. Existing licenses take their organization's current name."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def licensed_names_from_organizations(apps, schema_editor):
    License = apps.get_model("licensing", "License")
    Organization = apps.get_model("licensing", "Organization")
    name = Organization.objects.filter(pk=OuterRef("organization_id")).values("name")[:1]
    License.objects.update(licensed_name=Subquery(name))


class Migration(migrations.Migration):

    dependencies = [
        ('licensing', '0006_audit_chain_constraint_and_anchors'),
    ]

    operations = [
        migrations.AddField(
            model_name='license',
            name='licensed_name',
            field=models.CharField(blank=True, max_length=200, verbose_name='licensed name'),
        ),
        migrations.RunPython(licensed_names_from_organizations, migrations.RunPython.noop),
        migrations.CreateModel(
            name='PremisesCorrection',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(blank=True, max_length=200, verbose_name='name')),
                ('certificate_of_occupancy', models.CharField(blank=True, max_length=60, verbose_name='certificate of occupancy number')),
                ('name_on_record', models.CharField(blank=True, max_length=200, verbose_name='name on record')),
                ('certificate_on_record', models.CharField(blank=True, max_length=60, verbose_name='certificate of occupancy on record')),
                ('status', models.CharField(choices=[('pending', 'Waiting for board staff'), ('accepted', 'Accepted'), ('rejected', 'Rejected'), ('replaced', 'Replaced by a later correction')], db_index=True, default='pending', max_length=10, verbose_name='status')),
                ('filed_at', models.DateTimeField(auto_now_add=True)),
                ('decided_at', models.DateTimeField(blank=True, null=True)),
                ('application', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='premises_corrections', to='licensing.application')),
                ('decided_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('filed_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('organization', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='licensing.organization')),
                ('premises', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='corrections', to='licensing.premises')),
            ],
            options={
                'verbose_name': 'premises correction',
                'verbose_name_plural': 'premises corrections',
                'ordering': ['-filed_at', '-pk'],
            },
        ),
        migrations.CreateModel(
            name='SubstantialChange',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('name', 'Name'), ('address', 'Address'), ('responsible_people', 'Responsible people')], max_length=20, verbose_name='what changed')),
                ('changes', models.JSONField(blank=True, default=dict, verbose_name='changes')),
                ('changed_on', models.DateField(verbose_name='date of the change')),
                ('due_on', models.DateField(db_index=True, verbose_name='amended application due')),
                ('recorded_at', models.DateTimeField(auto_now_add=True)),
                ('resolved_at', models.DateTimeField(blank=True, null=True, verbose_name='taken into the license')),
                ('amendment', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='changes_taken_in', to='licensing.application')),
                ('license', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='substantial_changes', to='licensing.license')),
                ('organization', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='substantial_changes', to='licensing.organization')),
                ('recorded_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'substantial change',
                'verbose_name_plural': 'substantial changes',
                'ordering': ['-recorded_at', '-pk'],
                'indexes': [models.Index(fields=['license', 'resolved_at'], name='licensing_s_license_e4825d_idx')],
            },
        ),
    ]
