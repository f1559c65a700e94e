"""The catalog of games the Board allows at a Monte Carlo Night (30 DCMR 1602)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class GameCatalogEntry(models.Model):
    code = models.SlugField(_("code"), max_length=40, unique=True)
    name_en = models.CharField(_("name (English)"), max_length=100)
    name_es = models.CharField(_("name (Spanish)"), max_length=100)
    is_allowed = models.BooleanField(_("allowed"), default=True)
    requires_class_2 = models.BooleanField(
        _("needs a Class 2 license"), default=False, help_text=_("30 DCMR 1204.16: Texas Hold'em needs Class 2.")
    )
    rule = models.CharField(_("regulation"), max_length=60)
    notes = models.TextField(_("notes"), blank=True)

    class Meta:
        verbose_name = _("catalog game")
        verbose_name_plural = _("game catalog")
        ordering = ["-is_allowed", "name_en"]

    def __str__(self) -> str:
        return self.name_en

    def name_for(self, language_code: str) -> str:
        return self.name_es if (language_code or "").startswith("es") else self.name_en
