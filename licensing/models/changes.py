"""Substantial changes (30 DCMR 1202.3): a change to the organization's name, address or responsible
people while a license is in force. One row per license it concerns; the row is closed when the
amended application for that license is approved."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ChangeKind(models.TextChoices):
    NAME = "name", _("Name")  # 30 DCMR 1202.2(a)
    ADDRESS = "address", _("Address")  # 1202.2(a)
    RESPONSIBLE_PEOPLE = "responsible_people", _("Responsible people")  # 1202.2(j),(k)


class SubstantialChange(models.Model):
    organization = models.ForeignKey(
        "licensing.Organization", on_delete=models.PROTECT, related_name="substantial_changes"
    )
    license = models.ForeignKey("licensing.License", on_delete=models.PROTECT, related_name="substantial_changes")
    kind = models.CharField(_("what changed"), max_length=20, choices=ChangeKind.choices)
    # {field: [before, after]}; dates of birth are never copied here (see organizations.services.PRIVATE_FIELDS).
    changes = models.JSONField(_("changes"), default=dict, blank=True)
    changed_on = models.DateField(_("date of the change"))
    due_on = models.DateField(_("amended application due"), db_index=True)  # changed_on + 10 days
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)
    amendment = models.ForeignKey(
        "licensing.Application", null=True, blank=True, on_delete=models.PROTECT, related_name="changes_taken_in"
    )
    resolved_at = models.DateTimeField(_("taken into the license"), null=True, blank=True)

    class Meta:
        verbose_name = _("substantial change")
        verbose_name_plural = _("substantial changes")
        ordering = ["-recorded_at", "-pk"]
        indexes = [models.Index(fields=["license", "resolved_at"])]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of {self.organization} on {self.changed_on} ({self.license})"

    @property
    def is_open(self) -> bool:
        return self.resolved_at is None
