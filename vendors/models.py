"""Suppliers of bingo and Monte Carlo Night equipment (30 DCMR 1206-1208)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Vendor(models.Model):
    name = models.CharField(_("name"), max_length=200)
    business_type = models.CharField(_("business type"), max_length=100)  # 30 DCMR 1207.2(b)
    street_address = models.CharField(_("street address"), max_length=200)
    city = models.CharField(_("city"), max_length=100)
    state = models.CharField(_("state"), max_length=2)
    postal_code = models.CharField(_("ZIP code"), max_length=10)
    established_on = models.DateField(_("date established"), null=True, blank=True)  # 30 DCMR 1207.2(c)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("vendor")
        verbose_name_plural = _("vendors")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class VendorMembership(models.Model):
    """A person who files for a vendor. Ended links are kept, never deleted."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="vendor_memberships")
    vendor = models.ForeignKey(Vendor, on_delete=models.PROTECT, related_name="memberships")
    is_active = models.BooleanField(_("active"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("vendor representative")
        verbose_name_plural = _("vendor representatives")
        constraints = [models.UniqueConstraint(fields=["user", "vendor"], name="vendor_membership_unique")]

    def __str__(self) -> str:
        return f"{self.user} · {self.vendor}"
