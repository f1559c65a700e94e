"""The catalog of games the Board allows at a Monte Carlo Night (30 DCMR 1602), each with its approval state."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Approval(models.TextChoices):
    # 30 DCMR 1602.1: wheels, roulette, dice games, blackjack, Texas Hold'em, raffles, charity game tickets.
    ALLOWED = "allowed", _("Allowed (30 DCMR 1602.1)")
    # 1602.1 "other Agency-approved games": played only once the Agency approves the night's house rules.
    OTHER_APPROVED = "other_approved", _("Other approved game: the Agency approves its house rules (30 DCMR 1602.1)")
    # 1602.2: slot machines, bingo, poker and other player-against-player card games except Texas Hold'em.
    BANNED = "banned", _("Banned (30 DCMR 1602.2)")
    # 1603.16: no betting on a game of personal skill, Texas Hold'em excepted.
    SKILL = "skill", _("Game of skill: no betting (30 DCMR 1603.16)")


PLAYABLE = (Approval.ALLOWED, Approval.OTHER_APPROVED)


class GameCatalogEntry(models.Model):
    code = models.SlugField(_("code"), max_length=40, unique=True)
    name_en = models.CharField(_("name (English)"), max_length=100)
    name_es = models.CharField(_("name (Spanish)"), max_length=100)
    approval = models.CharField(_("approval"), max_length=16, choices=Approval.choices, default=Approval.ALLOWED)
    # Kept with `approval` (it is `approval` in PLAYABLE) for the readers of the public API that filter on it.
    is_allowed = models.BooleanField(_("allowed"), default=True, editable=False)
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

    def save(self, *args, **kwargs):
        self.is_allowed = self.approval in PLAYABLE
        super().save(*args, **kwargs)

    def name_for(self, language_code: str) -> str:
        return self.name_es if (language_code or "").startswith("es") else self.name_en

    @property
    def needs_house_rules_approval(self) -> bool:
        return self.approval == Approval.OTHER_APPROVED
