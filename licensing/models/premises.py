"""Premises where games are played. Shared by every organization that uses them, because the
limit of two bingo operations a week (30 DCMR 1400.5) counts across all organizations."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class Premises(models.Model):
    name = models.CharField(_("name"), max_length=200)
    street_address = models.CharField(_("street address"), max_length=200)
    city = models.CharField(_("city"), max_length=100, default="Washington")
    state = models.CharField(_("state"), max_length=2, default="DC")
    postal_code = models.CharField(_("ZIP code"), max_length=10)
    # Lower-cased, single-spaced street address and ZIP, so one hall is one row however it is typed.
    address_key = models.CharField(max_length=220, unique=True, editable=False)
    certificate_of_occupancy = models.CharField(_("certificate of occupancy number"), max_length=60, blank=True)

    class Meta:
        verbose_name = _("premises")
        verbose_name_plural = _("premises")
        ordering = ["name"]

    def __str__(self) -> str:
        return f"{self.name}, {self.street_address}"

    def save(self, *args, **kwargs):
        self.address_key = self.key_for(self.street_address, self.postal_code)
        super().save(*args, **kwargs)

    @staticmethod
    def key_for(street_address: str, postal_code: str) -> str:
        return " ".join(f"{street_address} {postal_code[:5]}".lower().replace(".", "").replace(",", "").split())


class CorrectionStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for board staff")
    ACCEPTED = "accepted", pgettext_lazy("premises correction", "Accepted")
    REJECTED = "rejected", pgettext_lazy("premises correction", "Rejected")
    REPLACED = "replaced", _("Replaced by a later correction")


class PremisesCorrection(models.Model):
    """What a filer says differs from the premises on record at the same address (its name, its
    certificate of occupancy, 30 DCMR 1400.8). The shared record changes only when board staff accept."""

    premises = models.ForeignKey(Premises, on_delete=models.PROTECT, related_name="corrections")
    application = models.ForeignKey(
        "licensing.Application", on_delete=models.PROTECT, related_name="premises_corrections"
    )
    organization = models.ForeignKey("licensing.Organization", on_delete=models.PROTECT, related_name="+")
    # Blank: the filer did not ask to change that item.
    name = models.CharField(_("name"), max_length=200, blank=True)
    certificate_of_occupancy = models.CharField(_("certificate of occupancy number"), max_length=60, blank=True)
    # What the record said when the correction was filed, so the reviewer sees both sides.
    name_on_record = models.CharField(_("name on record"), max_length=200, blank=True)
    certificate_on_record = models.CharField(_("certificate of occupancy on record"), max_length=60, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=CorrectionStatus.choices,
                              default=CorrectionStatus.PENDING, db_index=True)
    filed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    filed_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("premises correction")
        verbose_name_plural = _("premises corrections")
        ordering = ["-filed_at", "-pk"]

    def __str__(self) -> str:
        return f"Correction of {self.premises} ({self.get_status_display()})"
