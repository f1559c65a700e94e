"""Licenses, enforcement actions and the reminders sent about them."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from licensing.models.choices import (
    LICENSE_CLASS_CHOICES,
    EnforcementKind,
    LicenseStatus,
    LicenseType,
    Period,
)

MONEY = {"max_digits": 12, "decimal_places": 2}


class License(models.Model):
    number = models.CharField(_("license number"), max_length=20, unique=True)
    organization = models.ForeignKey("licensing.Organization", on_delete=models.PROTECT, related_name="licenses")
    # The organization's name as the Board licensed it: the public lookup and the certificate show it, and
    # it changes only when an amended application is approved (30 DCMR 1202.3), not when the profile does.
    licensed_name = models.CharField(_("licensed name"), max_length=200, blank=True)
    application = models.OneToOneField(
        "licensing.Application", on_delete=models.PROTECT, related_name="issued_license"
    )
    license_type = models.CharField(_("license type"), max_length=12, choices=LicenseType.choices)
    license_class = models.CharField(_("license class"), max_length=1, choices=LICENSE_CLASS_CHOICES,
                                     blank=True)  # a vendor license has none
    period = models.CharField(_("period"), max_length=10, choices=Period.choices)
    status = models.CharField(
        _("status"), max_length=10, choices=LicenseStatus.choices, default=LicenseStatus.ACTIVE, db_index=True
    )
    effective_on = models.DateField(_("effective"))
    expires_on = models.DateField(_("expires"), db_index=True)
    premises = models.ForeignKey(
        "licensing.Premises", null=True, blank=True, on_delete=models.PROTECT, related_name="licenses"
    )
    # The schedule as licensed: [{"date": "...", "starts_at": "...", "ends_at": "...", "premises": id}, ...]
    schedule = models.JSONField(_("schedule"), default=list, blank=True)
    # The add-on's base bingo license, or the license this one renews.
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT, related_name="children")
    certificate = models.FileField(_("certificate"), upload_to="certificates/", blank=True)
    certificate_built_at = models.DateTimeField(null=True, blank=True)
    # When a (re)build was asked for, in the issuing or amending transaction: a build older than this is owed, and
    # the certificates' sweep starts it if its task was lost (the broker down at commit time).
    certificate_requested_at = models.DateTimeField(null=True, blank=True)
    suspended_until = models.DateField(_("suspended until"), null=True, blank=True)
    issued_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("license")
        verbose_name_plural = _("licenses")
        ordering = ["-issued_at"]
        indexes = [models.Index(fields=["organization", "status"])]

    def __str__(self) -> str:
        return self.number


class EnforcementAction(models.Model):
    license = models.ForeignKey(License, on_delete=models.PROTECT, related_name="enforcement_actions")
    kind = models.CharField(_("action"), max_length=12, choices=EnforcementKind.choices)
    reasons = models.JSONField(_("reasons (30 DCMR 1210.1)"), default=list)
    rules = models.JSONField(_("rules broken"), default=list, blank=True)  # ["30 DCMR 1408.1", ...]
    explanation = models.TextField(_("explanation"))
    starts_on = models.DateField(_("starts"), null=True, blank=True)
    ends_on = models.DateField(_("ends"), null=True, blank=True)  # suspension: at most 60 days
    violations = models.PositiveSmallIntegerField(_("violations"), default=1)
    fine_amount = models.DecimalField(_("fine"), null=True, blank=True, **MONEY)  # 1704.1
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    issued_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("enforcement action")
        verbose_name_plural = _("enforcement actions")
        ordering = ["-issued_at"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of {self.license}"


class ReminderSent(models.Model):
    """One row per reminder sent, so the scheduled job never sends the same one twice."""

    key = models.CharField(max_length=120, unique=True)  # "renewal-window:license:42"
    organization = models.ForeignKey("licensing.Organization", on_delete=models.PROTECT, related_name="+")
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("reminder sent")
        verbose_name_plural = _("reminders sent")

    def __str__(self) -> str:
        return self.key
