"""The Board's numbers: every fee, bond, cap, deadline and threshold a rule reads, as dated rows.

A row says "from this date (until that one, exclusive), KEY is VALUE, because CITATION", with who proposed it, why,
and who approved it. Only an approved row is in force; a later row of the same key takes over from its date. The
value is kept as its canonical text (licensing.register.kinds turns it into a Decimal, an int or a time by the key's
kind in licensing.register.catalog). Rows are never deleted or rewritten: a proposal is approved, refused or
withdrawn, and the audit trail records each step (licensing.register.events)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class NumberStatus(models.TextChoices):
    PROPOSED = "proposed", _("Waiting for a second approval")
    APPROVED = "approved", _("Approved")
    REFUSED = "refused", _("Refused")
    WITHDRAWN = "withdrawn", _("Withdrawn")


class BoardNumberDeleteError(Exception):
    """The register is a regulated record: a row is withdrawn or refused, never deleted."""


class BoardNumber(models.Model):
    key = models.CharField(_("key"), max_length=120, db_index=True)
    value = models.CharField(_("value"), max_length=40)
    effective_from = models.DateField(_("in force from"))
    effective_to = models.DateField(_("in force until (exclusive)"), null=True, blank=True)
    citation = models.CharField(_("citation"), max_length=120)
    reason = models.CharField(_("reason"), max_length=500, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=NumberStatus.choices, default=NumberStatus.PROPOSED)
    # Null: loaded from a rule pack by the system (a migration or `manage.py rulepack import`); `source` says which.
    proposed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                    related_name="+", verbose_name=_("proposed by"))
    proposed_at = models.DateTimeField(_("proposed at"), auto_now_add=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                   related_name="+", verbose_name=_("approved or refused by"))
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    decision_note = models.CharField(_("decision note"), max_length=500, blank=True)
    source = models.CharField(_("source"), max_length=120, blank=True)

    class Meta:
        verbose_name = _("Board number")
        verbose_name_plural = _("Board numbers")
        ordering = ["key", "-effective_from", "-pk"]
        indexes = [models.Index(fields=["status", "key", "effective_from"], name="board_number_in_force")]
        permissions = [("edit_board_numbers", "Can propose and approve changes to the Board's numbers")]

    def __str__(self) -> str:
        return f"{self.key} = {self.value} from {self.effective_from} ({self.status})"

    def delete(self, *args, **kwargs):
        raise BoardNumberDeleteError("A Board number is withdrawn or refused, never deleted.")
