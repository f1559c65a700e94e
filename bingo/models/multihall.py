"""The written agreements of a multi-hall game's service providers (30 DCMR 1401.7-1401.11)."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class MultiHallAgreement(models.Model):
    """A written agreement under which an unlicensed person or firm gives advertising or financial services to a
    multi-hall game (30 DCMR 1401.7). It must be approved by the Agency and let the Agency review, inspect and
    audit the books, records and operations of the organization and the provider (1401.8); it may have the
    provider reimburse the audit fees (1401.9) or give the bond (1401.10); breaking it is a ground for denial,
    suspension or revocation (1401.11). Never deleted: an agreement that ends keeps its row with its end date."""

    organization = models.ForeignKey("licensing.Organization", on_delete=models.PROTECT,
                                     related_name="multihall_agreements", verbose_name=_("organization"))
    provider = models.CharField(_("service provider"), max_length=200)
    services = models.CharField(_("services provided"), max_length=300)
    signed_on = models.DateField(_("signed on"))
    ends_on = models.DateField(_("ends on"), null=True, blank=True)
    audit_clause = models.BooleanField(
        _("lets the Agency review, inspect and audit the books, records and operations of both parties"),
        default=False)
    reimburses_audit_fees = models.BooleanField(_("the provider reimburses the Agency's audit fees"),
                                                default=False)  # 30 DCMR 1401.9
    provider_gives_bond = models.BooleanField(_("the provider gives the bond"), default=False)  # 30 DCMR 1401.10
    approved_at = models.DateTimeField(_("approved by the Agency on"), null=True, blank=True)
    approved_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                    related_name="+")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        verbose_name = _("multi-hall service agreement")
        verbose_name_plural = _("multi-hall service agreements")
        ordering = ["organization", "-signed_on"]

    def __str__(self) -> str:
        return f"{self.provider} ({self.signed_on:%Y-%m-%d})"
