"""The certified price list (30 DCMR 1207.2(g), (j)): the equipment and supplies the vendor will sell, lease
or distribute during the license term, each with its unit and unit price. Versioned: each version is filed
with one application (original, renewal, or an amendment during the term) and is frozen once that
application is submitted; the version of the latest approved application is the one in force. Every version
is kept, so staff see the whole history."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

MONEY = {"max_digits": 12, "decimal_places": 2}


class SupplyCategory(models.TextChoices):
    BINGO = "bingo", _("Bingo")
    MONTECARLO = "montecarlo", _("Monte Carlo Night")


class PriceList(models.Model):
    vendor = models.ForeignKey("vendors.Vendor", on_delete=models.PROTECT, related_name="price_lists")
    version = models.PositiveIntegerField(_("version"))
    application = models.OneToOneField("licensing.Application", on_delete=models.PROTECT,
                                       related_name="price_list")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # The representative certifies the list as the prices for the whole term (1207.2(j)); a change of an
    # item takes the certification back until it is given again.
    certified_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                     related_name="+")
    certified_at = models.DateTimeField(_("certified at"), null=True, blank=True)

    class Meta:
        verbose_name = _("price list")
        verbose_name_plural = _("price lists")
        ordering = ["vendor", "-version"]
        constraints = [models.UniqueConstraint(fields=["vendor", "version"], name="price_list_version_unique")]

    def __str__(self) -> str:
        return f"{self.vendor} v{self.version}"


class PriceListItem(models.Model):
    price_list = models.ForeignKey(PriceList, on_delete=models.PROTECT, related_name="items")
    catalogue_number = models.CharField(_("catalogue number"), max_length=40)
    name = models.CharField(_("item"), max_length=200)
    category = models.CharField(_("for"), max_length=12, choices=SupplyCategory.choices, default=SupplyCategory.BINGO)
    unit = models.CharField(_("unit"), max_length=60)
    unit_price = models.DecimalField(_("unit price"), **MONEY)

    class Meta:
        verbose_name = _("price list item")
        verbose_name_plural = _("price list items")
        ordering = ["catalogue_number"]
        constraints = [models.UniqueConstraint(fields=["price_list", "catalogue_number"],
                                               name="price_list_item_unique")]

    def __str__(self) -> str:
        return f"{self.catalogue_number} {self.name}"
