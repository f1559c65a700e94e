"""Applications for a license, holding every item of 30 DCMR 1202.2 (a)-(s)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from licensing.models.choices import (
    LICENSE_CLASS_CHOICES,
    ApplicationKind,
    ApplicationStatus,
    LicenseType,
    Period,
)

MONEY = {"max_digits": 12, "decimal_places": 2}


class Application(models.Model):
    organization = models.ForeignKey("licensing.Organization", on_delete=models.PROTECT, related_name="applications")
    license_type = models.CharField(_("license type"), max_length=12, choices=LicenseType.choices)  # 1202.2(b)
    license_class = models.CharField(_("license class"), max_length=1, choices=LICENSE_CLASS_CHOICES,
                                     blank=True)  # (d); a vendor license has none
    period = models.CharField(_("period"), max_length=10, choices=Period.choices, default=Period.REGULAR)
    kind = models.CharField(_("kind"), max_length=10, choices=ApplicationKind.choices, default=ApplicationKind.ORIGINAL)
    status = models.CharField(
        _("status"), max_length=10, choices=ApplicationStatus.choices, default=ApplicationStatus.DRAFT, db_index=True
    )
    # The license renewed or amended, or the bingo license a multi-hall add-on attaches to (1414).
    base_license = models.ForeignKey(
        "licensing.License", null=True, blank=True, on_delete=models.PROTECT, related_name="applications"
    )
    as_senior_group = models.BooleanField(_("applies as a senior group"), default=False)  # 1202.2(i)
    lawful_purpose = models.TextField(_("lawful purpose of the proceeds"), blank=True)  # 1202.2(p)

    # Bingo and Monte Carlo Night: where (1202.2(m),(o)); the lease (1202.2(q), 1400.2-1400.4).
    premises = models.ForeignKey(
        "licensing.Premises", null=True, blank=True, on_delete=models.PROTECT, related_name="applications"
    )
    premises_leased = models.BooleanField(_("premises will be leased"), default=False)
    rent_amount = models.DecimalField(_("rent"), null=True, blank=True, **MONEY)  # 1400.4(a)
    rent_is_share_of_receipts = models.BooleanField(_("rent is a share of receipts"), default=False)  # 1400.2
    lease_other_charges = models.TextField(_("other charges, itemized"), blank=True)  # 1400.4(b)
    lease_purpose = models.CharField(_("purpose of the lease"), max_length=200, blank=True)  # 1400.4(c)
    lease_starts_on = models.DateField(_("lease starts"), null=True, blank=True)  # 1400.4(d)
    lease_ends_on = models.DateField(_("lease ends"), null=True, blank=True)
    lease_signed_on = models.DateField(_("lease signed on"), null=True, blank=True)  # 1400.4(e)
    lessor_name = models.CharField(_("lessor's name"), max_length=200, blank=True)  # 1400.4(f)
    lessor_address = models.CharField(_("lessor's address"), max_length=300, blank=True)
    lessor_identification = models.CharField(_("lessor's identification"), max_length=100, blank=True)

    # Raffle (1202.2(n)).
    ticket_price = models.DecimalField(_("ticket price"), null=True, blank=True, **MONEY)
    tickets_printed = models.PositiveIntegerField(_("tickets printed"), null=True, blank=True)
    first_ticket_number = models.PositiveIntegerField(_("first ticket number"), null=True, blank=True)
    last_ticket_number = models.PositiveIntegerField(_("last ticket number"), null=True, blank=True)
    aggregate_prize_value = models.DecimalField(_("total prize value"), null=True, blank=True, **MONEY)
    drawing_at = models.DateTimeField(_("drawing date and time"), null=True, blank=True)
    drawing_place = models.CharField(_("drawing place"), max_length=300, blank=True)

    # Monte Carlo Night (1202.2(o)).
    event_starts_at = models.DateTimeField(_("event starts"), null=True, blank=True)
    event_ends_at = models.DateTimeField(_("event ends"), null=True, blank=True)

    # Multi-hall add-on: the bond is the highest prize offered plus 15% (1414.9).
    highest_prize = models.DecimalField(_("highest prize offered"), null=True, blank=True, **MONEY)

    # Vendor: prior-year gross receipts from supplies sold, leased or distributed to licensed organizations
    # (1207.2(e)); a renewal is priced by them (1208.4).
    gross_sales = models.DecimalField(_("prior-year gross sales to licensed organizations"), null=True, blank=True,
                                      **MONEY)
    # Vendor: prior-year income from staffing provided to licensed organizations, if any; a renewal's fee follows
    # the gross sales of supplies, equipment and staffing together (1208.4). Null: none given (counted as none).
    staffing_income = models.DecimalField(_("prior-year staffing income from licensed organizations"), null=True,
                                          blank=True, **MONEY)

    # Amendment (1202.3): when the change happened, and what changed.
    change_date = models.DateField(_("date of the change"), null=True, blank=True)
    change_description = models.TextField(_("what changed"), blank=True)

    # Fees and bonds as computed at submission (1202.2(r)); null bond = none required or none set.
    application_fee = models.DecimalField(_("application fee"), null=True, blank=True, **MONEY)
    bond_amount = models.DecimalField(_("bond"), null=True, blank=True, **MONEY)
    fee_rules = models.JSONField(_("fee citations"), default=list, blank=True)

    # What the organization looked like when it filed: the record the Board decided on.
    submitted_snapshot = models.JSONField(default=dict, blank=True, editable=False)
    findings = models.JSONField(_("findings"), default=list, blank=True)  # from the last check
    step = models.PositiveSmallIntegerField(default=1)  # furthest step of the guided form reached

    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    submitted_at = models.DateTimeField(null=True, blank=True, db_index=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("application")
        verbose_name_plural = _("applications")
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["status", "submitted_at"]),
            models.Index(fields=["organization", "-created_at"]),
            models.Index(fields=["license_type", "license_class"]),
            # The review queue filtered by organization: an organization's open applications and their count
            # from the index alone, not from every application of every matching organization's heap pages.
            models.Index(fields=["organization", "status", "submitted_at"], name="app_org_status_submitted"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.get_license_type_display()} {self.license_class} #{self.pk}"

    @property
    def has_blocking_findings(self) -> bool:
        return any(finding.get("blocking") for finding in self.findings)


class BingoOccasion(models.Model):
    """One scheduled bingo operation: date, hours and place (30 DCMR 1202.2(m))."""

    application = models.ForeignKey(Application, on_delete=models.PROTECT, related_name="occasions")
    premises = models.ForeignKey("licensing.Premises", on_delete=models.PROTECT, related_name="occasions")
    date = models.DateField(_("date"))
    starts_at = models.TimeField(_("starts"))
    ends_at = models.TimeField(_("ends"))

    class Meta:
        verbose_name = _("bingo occasion")
        verbose_name_plural = _("bingo occasions")
        ordering = ["date", "starts_at"]
        indexes = [models.Index(fields=["premises", "date"])]

    def __str__(self) -> str:
        return f"{self.date} {self.starts_at:%H:%M}-{self.ends_at:%H:%M}"
