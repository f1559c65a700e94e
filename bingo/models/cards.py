"""Card series and the sales of their faces."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from bingo.models.games import Game
from bingo.models.operations import Hall, Operation


class SeriesSource(models.TextChoices):
    """Where a series of bingo paper comes from (30 DCMR 1403.1): a licensed vendor; another licensed
    organization (used equipment only); or the organization's own printing, only where the Board has decided
    to allow it (the BINGO_OWN_SERIES_ALLOWED setting, with its reason)."""

    VENDOR = "vendor", _("Bought from a licensed vendor")
    ORGANIZATION = "organization", _("Used, bought from another licensed organization")
    OWN = "own", _("Printed by the organization (Board decision)")


class CardSeries(models.Model):
    """A series of distinct 75-ball faces generated from its seed (bingo.engine.series):
    face number n is the n-th generated face, so a series can be reprinted or re-checked.
    Its source, the seller's license and invoice, is recorded when it is entered (30 DCMR 1403.1)."""

    organization = models.ForeignKey("licensing.Organization", on_delete=models.PROTECT,
                                     related_name="bingo_series", verbose_name=_("organization"))
    code = models.CharField(_("series"), max_length=40)
    seed = models.BigIntegerField(_("seed"), editable=False)
    size = models.PositiveIntegerField(_("faces"), default=9000)
    source = models.CharField(_("source"), max_length=20, choices=SeriesSource.choices, default=SeriesSource.VENDOR)
    # 30 DCMR 1403.1: the seller's license number (a vendor's, or the selling organization's) and its invoice.
    # Blank only on series entered before the source was recorded.
    seller_license_number = models.CharField(_("seller's license number"), max_length=20, blank=True)
    invoice_number = models.CharField(_("invoice number"), max_length=60, blank=True)
    invoice_date = models.DateField(_("invoice date"), null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        verbose_name = _("card series")
        verbose_name_plural = _("card series")
        ordering = ["organization", "code"]
        constraints = [models.UniqueConstraint(fields=["organization", "code"], name="bingo_series_unique_code")]

    def __str__(self) -> str:
        return self.code


class CardColour(models.TextChoices):
    """Regular and extra regular cards differ in colour (30 DCMR 1405.3)."""

    REGULAR = "regular", _("Regular")
    EXTRA_REGULAR = "extra_regular", _("Extra regular")
    SPECIAL = "special", _("Special")


class CardSale(models.Model):
    """Faces first_face..last_face of a series sold for some games of an operation (30 DCMR
    1404.1(h)). A sale is never deleted: a mistake is voided, and the void is kept."""

    operation = models.ForeignKey(Operation, on_delete=models.PROTECT, related_name="card_sales")
    series = models.ForeignKey(CardSeries, on_delete=models.PROTECT, related_name="sales")
    first_face = models.PositiveIntegerField(_("first face"))
    last_face = models.PositiveIntegerField(_("last face"))
    colour = models.CharField(_("colour"), max_length=20, choices=CardColour.choices, default=CardColour.REGULAR)
    games = models.ManyToManyField(Game, related_name="card_sales", verbose_name=_("games"))
    price_each = models.DecimalField(_("price per face"), max_digits=8, decimal_places=2, default=0)
    hall = models.ForeignKey(Hall, null=True, blank=True, on_delete=models.PROTECT, related_name="card_sales")
    # The player's name when the seller records it: a worker on duty is not sold cards (30 DCMR 1401.2).
    buyer = models.CharField(_("buyer"), max_length=200, blank=True)
    # 30 DCMR 1702.1: the player declared at the sale being 18 or older (as a night's participant at the door).
    age_declared = models.BooleanField(_("declared 18 or older"), default=False)
    sold_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                related_name="+")
    sold_at = models.DateTimeField(_("sold at"), default=timezone.now)
    voided_at = models.DateTimeField(_("voided at"), null=True, blank=True)
    void_reason = models.CharField(_("reason for the void"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("card sale")
        verbose_name_plural = _("card sales")
        ordering = ["operation", "sold_at"]
        constraints = [models.CheckConstraint(condition=models.Q(last_face__gte=models.F("first_face")),
                                              name="bingo_cardsale_range_ordered")]

    def __str__(self) -> str:
        return f"{self.series} {self.first_face}-{self.last_face}"

    @property
    def faces(self) -> int:
        return self.last_face - self.first_face + 1
