"""The pattern library of 75-ball games (30 DCMR 1405.17)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Pattern(models.Model):
    """A winning pattern: the set of 5x5 masks that win (an "any line" pattern has many).

    Each mask is a 25-bit integer, bit (row * 5 + column) set for a covered square."""

    slug = models.SlugField(_("code"), max_length=60, unique=True)
    name_en = models.CharField(_("name (English)"), max_length=100)
    name_es = models.CharField(_("name (Spanish)"), max_length=100)
    masks = models.JSONField(_("winning masks"), default=list)
    is_standard = models.BooleanField(_("standard pattern"), default=False)
    # A custom pattern belongs to the organization whose caller drew it; standard ones to nobody.
    organization = models.ForeignKey("licensing.Organization", null=True, blank=True, on_delete=models.PROTECT,
                                     related_name="bingo_patterns", verbose_name=_("organization"))

    class Meta:
        verbose_name = _("pattern")
        verbose_name_plural = _("patterns")
        ordering = ["name_en"]

    def __str__(self) -> str:
        return self.name_en

    def name_for(self, language_code: str) -> str:
        return self.name_es if (language_code or "").startswith("es") else self.name_en
