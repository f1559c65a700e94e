"""Premises where games are played. Shared by every organization that uses them, because the
limit of two bingo operations a week (30 DCMR 1400.5) counts across all organizations."""

from django.db import models
from django.utils.translation import gettext_lazy as _


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
