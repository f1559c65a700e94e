"""Charity game tickets (pull tabs) sold at a bingo operation (30 DCMR 1409.1-1409.4): the stock, where it came
from, the Board's approval of a vendor's sample, the sales and the return of the unsold tickets."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from bingo.models.operations import Operation


class TicketSource(models.TextChoices):
    BOARD = "board", _("Bought from the Board")  # 30 DCMR 1409.2
    VENDOR = "vendor", _("Bought from a licensed vendor (the Board had none)")  # 30 DCMR 1409.2, 1409.3


class CharityTicketStock(models.Model):
    """One deal of charity game tickets brought to an operation. Never deleted."""

    operation = models.ForeignKey(Operation, on_delete=models.PROTECT, related_name="charity_stock")
    deal = models.CharField(_("deal or series"), max_length=60)
    source = models.CharField(_("source"), max_length=10, choices=TicketSource.choices, default=TicketSource.BOARD)
    vendor_license_number = models.CharField(_("vendor's license number"), max_length=20, blank=True)
    invoice_number = models.CharField(_("invoice number"), max_length=60, blank=True)
    invoice_date = models.DateField(_("invoice date"), null=True, blank=True)
    tickets = models.PositiveIntegerField(_("tickets in the deal"))
    price_each = models.DecimalField(_("price per ticket"), max_digits=8, decimal_places=2)
    # 30 DCMR 1409.3: the Board approves a sample of a vendor's ticket before any is sold.
    sample_approved_at = models.DateTimeField(_("sample approved by the Board on"), null=True, blank=True)
    sample_approved_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                           related_name="+")
    # 30 DCMR 1409.4: the unsold tickets returned to the Board for destruction at the end of the event.
    returned = models.PositiveIntegerField(_("unsold tickets returned"), null=True, blank=True)
    returned_at = models.DateTimeField(_("returned on"), null=True, blank=True)
    returned_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                    related_name="+")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        verbose_name = _("charity game ticket deal")
        verbose_name_plural = _("charity game ticket deals")
        ordering = ["operation", "deal"]

    def __str__(self) -> str:
        return self.deal


class CharityTicketSale(models.Model):
    """Tickets of a deal sold at the operation (30 DCMR 1404.1(h): an exact count of charity tickets sold)."""

    stock = models.ForeignKey(CharityTicketStock, on_delete=models.PROTECT, related_name="sales")
    count = models.PositiveIntegerField(_("tickets sold"))
    age_declared = models.BooleanField(_("declared 18 or older"), default=False)  # 30 DCMR 1702.1
    sold_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                related_name="+")
    sold_at = models.DateTimeField(_("sold at"), default=timezone.now)

    class Meta:
        verbose_name = _("charity game ticket sale")
        verbose_name_plural = _("charity game ticket sales")
        ordering = ["stock", "sold_at"]

    def __str__(self) -> str:
        return f"{self.stock} x{self.count}"
