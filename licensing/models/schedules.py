"""Fee and bond schedules: effective-dated rows the Board's staff keep in the admin.

Figures live here, never in code, each row with its citation. A row applies from
`effective_from` until the day before `effective_to` (open-ended when null)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from licensing.models.choices import LICENSE_CLASS_CHOICES, ApplicationKind, LicenseType, Period

MONEY = {"max_digits": 12, "decimal_places": 2}


class ScheduleRow(models.Model):
    license_type = models.CharField(_("license type"), max_length=12, choices=LicenseType.choices)
    # Blank for a vendor's row: a vendor license has no class (schedule_row_validate).
    license_class = models.CharField(_("license class"), max_length=1, choices=LICENSE_CLASS_CHOICES, blank=True)
    # Blank = any period / any group; a specific row wins over a blank one.
    period = models.CharField(_("period"), max_length=10, choices=Period.choices, blank=True)
    senior = models.BooleanField(_("senior group"), null=True, blank=True)
    amount = models.DecimalField(_("amount"), **MONEY)
    effective_from = models.DateField(_("effective from"))
    effective_to = models.DateField(_("effective until (exclusive)"), null=True, blank=True)
    rule = models.CharField(_("regulation"), max_length=80)
    notes = models.CharField(_("notes"), max_length=200, blank=True)

    class Meta:
        abstract = True
        ordering = ["license_type", "license_class", "-effective_from"]


class FeeScheduleRow(ScheduleRow):
    kind = models.CharField(_("kind"), max_length=10, choices=ApplicationKind.choices)

    class Meta(ScheduleRow.Meta):
        verbose_name = _("fee schedule row")
        verbose_name_plural = _("fee schedule")

    def __str__(self) -> str:
        return f"{self.license_type} {self.license_class} {self.kind}: ${self.amount} from {self.effective_from}"


class BondScheduleRow(ScheduleRow):
    class Meta(ScheduleRow.Meta):
        verbose_name = _("bond schedule row")
        verbose_name_plural = _("bond schedule")

    def __str__(self) -> str:
        return f"{self.license_type} {self.license_class} bond: ${self.amount} from {self.effective_from}"
