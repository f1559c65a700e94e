"""Board staff's decisions on possible matches: two records with the same name where a date of birth is
missing on one side (core.people.Sameness.POSSIBLE), e.g. a vendor's owner and an organization's member in
charge (30 DCMR 1401.13), or a vendor's officer and a Board account (30 DCMR 1206.4(e)).

Records on both sides are named by reference strings ("vendors.owner:7", "licensing.responsibleperson:12"),
so licensing keeps no foreign key into the apps that build on it. A decision is final, like a vote."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class MatchDecision(models.Model):
    rule = models.CharField(_("rule"), max_length=30)  # "30 DCMR 1401.13"
    person = models.CharField(_("person"), max_length=60)  # "licensing.responsibleperson:12"
    person_name = models.CharField(_("person's name"), max_length=200)
    other = models.CharField(_("matched with"), max_length=60)  # "vendors.owner:7"
    other_name = models.CharField(_("matched name"), max_length=200)
    same = models.BooleanField(_("same person"))  # True: confirmed, False: dismissed
    reason = models.TextField(_("reason"))
    organization = models.ForeignKey("licensing.Organization", null=True, blank=True, on_delete=models.PROTECT,
                                     related_name="+")  # whose record the person is, for its audit trail
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    decided_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("possible-match decision")
        verbose_name_plural = _("possible-match decisions")
        ordering = ["-decided_at"]
        constraints = [models.UniqueConstraint(fields=["rule", "person", "other"], name="one_match_decision")]

    def __str__(self) -> str:
        return f"{self.person_name} ~ {self.other_name}: {'same' if self.same else 'different'}"
