"""A vendor of bingo and Monte Carlo Night supplies (30 DCMR 1206-1208).

The licensee is a licensing Organization of kind "vendor": its name, address, representatives (memberships),
applications, licenses, review, votes, certificates, enforcement and audit trail are licensing's. This record
holds what only a vendor tells the Board (1207.2 (b), (c), (f), (h), (i))."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class BusinessType(models.TextChoices):
    # 30 DCMR 1207.2(b)
    CORPORATION = "corporation", _("Corporation")
    LLC = "llc", _("Limited liability company")
    PARTNERSHIP = "partnership", _("Partnership")
    SOLE_PROPRIETORSHIP = "sole_proprietorship", _("Sole proprietorship")
    OTHER = "other", _("Other")


class Vendor(models.Model):
    organization = models.OneToOneField("licensing.Organization", on_delete=models.PROTECT, related_name="vendor")
    business_type = models.CharField(_("business type"), max_length=30, choices=BusinessType.choices,
                                     blank=True)  # 1207.2(b)
    established_on = models.DateField(_("date established"), null=True, blank=True)  # 1207.2(c)
    established_place = models.CharField(_("place established"), max_length=200, blank=True)  # 1207.2(c)
    years_in_business = models.PositiveSmallIntegerField(_("years in the supply business"), null=True,
                                                         blank=True)  # 1207.2(h)
    makes_own_supplies = models.BooleanField(
        _("makes all its own supplies"), default=False,
        help_text=_("30 DCMR 1207.2(f): a manufacturer that buys from nobody names no supplier."))
    # 1207.2(i): a DC business license for a firm organized in DC, else a resident agent.
    organized_in_dc = models.BooleanField(_("organized in DC"), null=True, blank=True)
    dc_business_license = models.CharField(_("DC business license number"), max_length=50, blank=True)
    resident_agent_name = models.CharField(_("resident agent"), max_length=200, blank=True)
    resident_agent_address = models.CharField(_("resident agent's address"), max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("vendor")
        verbose_name_plural = _("vendors")
        ordering = ["organization__name"]

    def __str__(self) -> str:
        return self.organization.name


class Supplier(models.Model):
    """An upstream supplier or manufacturer the vendor buys from (1207.2(f)); ended ones are kept."""

    vendor = models.ForeignKey(Vendor, on_delete=models.PROTECT, related_name="suppliers")
    name = models.CharField(_("name"), max_length=200)
    address = models.CharField(_("address"), max_length=300, blank=True)
    is_current = models.BooleanField(_("current"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("supplier")
        verbose_name_plural = _("suppliers")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name
