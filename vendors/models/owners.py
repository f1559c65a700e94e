"""The people of a vendor: every officer, director, partner, shareholder or other owner, with address, date
of birth and share (30 DCMR 1207.2(d)), and its employees (1401.13); what they declare for 1206.4, the Board's
decision on a DC official's conflict of interest (1206.4(d)) and the police clearance reports of owners and officers
(1207.2(l)). Ended ones are kept."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class OwnerRole(models.TextChoices):
    OFFICER = "officer", _("Officer")
    DIRECTOR = "director", _("Director")
    PARTNER = "partner", _("Partner")
    SHAREHOLDER = "shareholder", _("Shareholder")
    OWNER = "owner", _("Other owner")
    # 1401.13: a supplier's employee may not work at bingo, whatever their share; 1206.4(c): nor be disqualified.
    EMPLOYEE = "employee", _("Employee")


class Owner(models.Model):
    vendor = models.ForeignKey("vendors.Vendor", on_delete=models.PROTECT, related_name="owners")
    role = models.CharField(_("role"), max_length=20, choices=OwnerRole.choices)
    full_name = models.CharField(_("full name"), max_length=150)
    street_address = models.CharField(_("street address"), max_length=200, blank=True)
    city = models.CharField(_("city"), max_length=100, blank=True)
    state = models.CharField(_("state"), max_length=2, blank=True)
    postal_code = models.CharField(_("ZIP code"), max_length=10, blank=True)
    date_of_birth = models.DateField(_("date of birth"), null=True, blank=True)
    share = models.DecimalField(_("share of ownership (%)"), max_digits=5, decimal_places=2, default=0)
    through = models.CharField(_("held through (affiliate)"), max_length=200, blank=True)  # 1401.14
    # Declarations (1206.4 (a)-(d)).
    felony_convicted = models.BooleanField(_("convicted of a felony"), default=False)
    felony_pardoned = models.BooleanField(_("pardoned"), default=False)
    supervision_ended_on = models.DateField(_("released from parole or probation on"), null=True, blank=True)
    gambler = models.BooleanField(_("professional gambler or gambling promoter, now or ever"), default=False)
    relative_disqualified = models.CharField(
        _("spouse or first-degree relative disqualified under 1206.4(a) or (b)"), max_length=200, blank=True)
    dc_official = models.BooleanField(_("DC official or employee"), default=False)
    dc_position = models.CharField(_("DC office or employment"), max_length=200, blank=True)
    # The Board's decision on a DC official's conflict of interest (1206.4(d)); null: not decided yet.
    conflict_found = models.BooleanField(_("conflict of interest found"), null=True, blank=True)
    conflict_reason = models.TextField(_("reason for the decision"), blank=True)
    conflict_decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                            on_delete=models.PROTECT, related_name="+")
    conflict_decided_at = models.DateTimeField(null=True, blank=True)
    # 1207.2(l): owners' and officers' police clearance reports of the District, and of the jurisdictions of
    # residence and of the business where those are others (vendors.rules.clearance_jurisdictions).
    police_clearance = models.ForeignKey("licensing.Document", null=True, blank=True, on_delete=models.PROTECT,
                                         related_name="+", verbose_name=_("police clearance report"))
    residence_clearance = models.ForeignKey(
        "licensing.Document", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("police clearance report of the jurisdiction of residence"))
    business_clearance = models.ForeignKey(
        "licensing.Document", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("police clearance report of the jurisdiction of the business"))
    is_current = models.BooleanField(_("current"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("owner or officer")
        verbose_name_plural = _("owners and officers")
        ordering = ["full_name"]
        indexes = [models.Index(fields=["vendor", "is_current"])]

    def __str__(self) -> str:
        return f"{self.full_name} ({self.get_role_display()})"

    @property
    def ref(self) -> str:
        """How licensing names this record (licensing.models.matches)."""
        return f"vendors.owner:{self.pk}"
