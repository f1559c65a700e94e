"""Board review: deficiency notices, votes and decisions."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from licensing.models.choices import VoteChoice

MAX_VOTE_COMMENT_CHARACTERS = 2000


class DeficiencyNotice(models.Model):
    """Staff tell the organization what is missing and by when; uncured, the application is withdrawn."""

    application = models.ForeignKey(
        "licensing.Application", on_delete=models.PROTECT, related_name="deficiency_notices"
    )
    message = models.TextField(_("what is deficient"))
    cure_by = models.DateField(_("cure by"))
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    issued_at = models.DateTimeField(auto_now_add=True)
    cured_at = models.DateTimeField(_("cured at"), null=True, blank=True)
    expired_at = models.DateTimeField(_("expired at"), null=True, blank=True)

    class Meta:
        verbose_name = _("deficiency notice")
        verbose_name_plural = _("deficiency notices")
        ordering = ["-issued_at"]
        indexes = [models.Index(fields=["cure_by", "cured_at", "expired_at"])]

    def __str__(self) -> str:
        return f"Deficiency on #{self.application_id}, cure by {self.cure_by}"

    @property
    def is_open(self) -> bool:
        return self.cured_at is None and self.expired_at is None


class Vote(models.Model):
    """One board member's vote on one application (30 DCMR 1202.4). Cast once, never changed."""

    application = models.ForeignKey("licensing.Application", on_delete=models.PROTECT, related_name="votes")
    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="votes")
    choice = models.CharField(_("vote"), max_length=10, choices=VoteChoice.choices)
    # What the member wants the rest of the Board to read with the vote; the organization never sees it.
    comment = models.TextField(_("comment to the Board"), max_length=MAX_VOTE_COMMENT_CHARACTERS, blank=True)
    cast_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("vote")
        verbose_name_plural = _("votes")
        constraints = [models.UniqueConstraint(fields=["application", "member"], name="one_vote_per_member")]

    def __str__(self) -> str:
        return f"{self.member} {self.choice} on #{self.application_id}"


class Decision(models.Model):
    application = models.OneToOneField("licensing.Application", on_delete=models.PROTECT, related_name="decision")
    approved = models.BooleanField()
    reasons = models.JSONField(_("reasons (30 DCMR 1210.1)"), default=list, blank=True)  # ["a", "c"]
    explanation = models.TextField(_("explanation"), blank=True)
    ayes = models.PositiveSmallIntegerField(default=0)
    nays = models.PositiveSmallIntegerField(default=0)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("decision")
        verbose_name_plural = _("decisions")

    def __str__(self) -> str:
        return f"{'Approved' if self.approved else 'Denied'}: #{self.application_id}"
