"""A Monte Carlo Night: the licensed event (30 DCMR 1204.16, 1204.17), its participants and the Agency's
approval of its house rules for the games that need it (1602.1).

Every participant gets the same chips whatever they paid or donated (1603.8); the chips are imitation money
with no cash value (1603.21), so nothing here converts them: prizes are a posted list of things with values,
awarded at the end by final chip ranking or by a drawing in which each chip is a chance (1603.2)."""

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

MONEY = {"max_digits": 8, "decimal_places": 2}


class NightStatus(models.TextChoices):
    OPEN = "open", _("Open: participants and play")
    COUNTED = "counted", _("Counted: chips counted at the end of the night")
    AWARDED = "awarded", _("Prizes awarded")


class PrizeMethod(models.TextChoices):
    RANKING = "ranking", _("By final chip count, most chips first")
    DRAWING = "drawing", _("By a drawing in which each chip is a chance")


def new_key() -> str:
    return secrets.token_urlsafe(18)[:24]


class Night(models.Model):
    license = models.ForeignKey("licensing.License", on_delete=models.PROTECT, related_name="nights",
                                verbose_name=_("license"))
    name = models.CharField(_("name"), max_length=200)
    date = models.DateField(_("date"))
    starts_at = models.TimeField(_("starts at"))
    ends_at = models.TimeField(_("ends at"))
    # The licensed place (30 DCMR 1202.2(o)): taken from the license, never typed.
    premises = models.ForeignKey("licensing.Premises", null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="+", verbose_name=_("place"))
    admission_price = models.DecimalField(_("admission"), **MONEY)  # paid in US currency (1603.4)
    starting_chips = models.PositiveIntegerField(_("chips for each participant"))  # the same for all (1603.8)
    prize_method = models.CharField(_("prizes awarded"), max_length=10, choices=PrizeMethod.choices,
                                    default=PrizeMethod.RANKING)
    prizes = models.JSONField(_("prize list"), default=list, blank=True)  # [{"description", "value"}], in order
    house_rules = models.TextField(_("house rules"), blank=True)
    # Dealers and workers practising (and the demo): no prizes, nothing reported, any hour (like a training
    # tournament); the license must still be in force.
    training = models.BooleanField(_("training night"), default=False)
    # 30 DCMR 1301.5: the member in charge or the alternate is present throughout the night; which of the license's
    # two is recorded here, and a night that is not training opens (admits, plays) only with it recorded.
    in_charge = models.ForeignKey("licensing.ResponsiblePerson", null=True, blank=True, on_delete=models.PROTECT,
                                  related_name="+", verbose_name=_("member in charge present"))
    status = models.CharField(_("status"), max_length=10, choices=NightStatus.choices, default=NightStatus.OPEN)
    public_key = models.CharField(max_length=32, unique=True, editable=False, default=new_key)
    # The chip drawing (shared/formats/raffle-drawing.md): the commitment is public from the start, the seed
    # stays here, unseen, until the drawing publishes it.
    drawing_seed = models.CharField(max_length=64, blank=True, editable=False)
    drawing_commitment = models.CharField(_("drawing commitment"), max_length=64, blank=True, editable=False)
    drawing = models.JSONField(_("published drawing"), default=dict, blank=True, editable=False)
    awards = models.JSONField(_("prizes awarded"), default=list, blank=True, editable=False)
    counted_at = models.DateTimeField(_("counted at"), null=True, blank=True)
    awarded_at = models.DateTimeField(_("awarded at"), null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        verbose_name = _("Monte Carlo Night")
        verbose_name_plural = _("Monte Carlo Nights")
        ordering = ["-date", "-starts_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    @property
    def is_open(self) -> bool:
        return self.status == NightStatus.OPEN


class Participant(models.Model):
    """One participant of a night: admitted (admission paid in US currency, 1603.4; 18 or older declared,
    1702.1), given the night's chips (1603.8) and a receipt whose code opens their ledger for a dealer."""

    night = models.ForeignKey(Night, on_delete=models.PROTECT, related_name="participants")
    number = models.PositiveIntegerField(_("participant number"))
    name = models.CharField(_("name"), max_length=100, blank=True)
    show_name = models.BooleanField(_("name shown on the leaderboard"), default=False)
    age_declared = models.BooleanField(_("declared 18 or older"), default=False)
    admission_paid = models.DecimalField(_("admission paid (US dollars)"), **MONEY)
    receipt_code = models.CharField(_("receipt code"), max_length=32, unique=True, editable=False, default=new_key)
    # The ledger's running figures (kept with each entry under the row's lock; the ledger is the record).
    chips = models.PositiveBigIntegerField(_("chips in hand"), default=0)
    at_stake = models.PositiveBigIntegerField(_("chips at stake"), default=0)
    counted = models.PositiveBigIntegerField(_("chips at the count"), null=True, blank=True)
    head_seq = models.PositiveIntegerField(default=0, editable=False)
    head_hash = models.CharField(max_length=64, blank=True, editable=False)
    registered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                      related_name="+")
    created_at = models.DateTimeField(_("registered at"), default=timezone.now)

    class Meta:
        verbose_name = _("participant")
        verbose_name_plural = _("participants")
        ordering = ["night", "number"]
        constraints = [models.UniqueConstraint(fields=["night", "number"], name="mc_participant_unique_number")]

    def __str__(self) -> str:
        return f"#{self.number}"

    @property
    def holding(self) -> int:
        """Every chip that is the participant's: in hand and at stake on a table."""
        return self.chips + self.at_stake

    def shown_name(self) -> str:
        """The name on public screens only with the participant's consent; the number otherwise."""
        return self.name if self.show_name and self.name else ""


class ApprovalStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for the Agency")
    APPROVED = "approved", _("Approved")
    REFUSED = "refused", _("Refused")


class GameApproval(models.Model):
    """The Agency's decision on a night's house rules for an "other approved game" (30 DCMR 1602.1):
    asked for when the night's first table of the game is set up; its tables play only once approved."""

    night = models.ForeignKey(Night, on_delete=models.PROTECT, related_name="approvals")
    game = models.ForeignKey("montecarlo.GameCatalogEntry", on_delete=models.PROTECT, related_name="+")
    status = models.CharField(_("status"), max_length=10, choices=ApprovalStatus.choices,
                              default=ApprovalStatus.PENDING)
    house_rules = models.TextField(_("house rules as submitted"), blank=True)
    note = models.TextField(_("decision note"), blank=True)
    requested_at = models.DateTimeField(_("asked on"), default=timezone.now)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    decided_at = models.DateTimeField(_("decided on"), null=True, blank=True)

    class Meta:
        verbose_name = _("house rules approval")
        verbose_name_plural = _("house rules approvals")
        ordering = ["-requested_at"]
        constraints = [models.UniqueConstraint(fields=["night", "game"], name="mc_gameapproval_unique")]

    def __str__(self) -> str:
        return f"{self.game} at {self.night}: {self.status}"
