"""The winners' payout desk (docs/features/payouts.md): one row per prize a winner is owed, from the moment the
game names the winner (a verified bingo claim, a raffle drawing's winning ticket, a Monte Carlo Night's award, a
Hold'em tournament's place) until it is paid at the desk, or voided because the claim behind it was.

A payout is a regulated record: never deleted (a mistake is voided with its reason, in the audit trail). What the
desk learns of the winner (name, address, taxpayer number, identification) is sealed in `identity` (core.sealing,
keys from the environment); only the last four digits of the taxpayer number are kept in the clear, to show it
masked. After the retention period (`payouts.identity_retention_years`) `manage.py payouts purge` empties the
sealed identity and keeps the amounts."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

MONEY = {"max_digits": 12, "decimal_places": 2}


class PayoutDeleteError(Exception):
    """A payout is a regulated record: it is voided, never deleted."""


class PayoutGame(models.TextChoices):
    BINGO = "bingo", _("Bingo")
    RAFFLE = "raffle", _("Raffle")
    MONTECARLO = "montecarlo", _("Monte Carlo Night")
    HOLDEM = "holdem", _("Texas Hold'em tournament")


class PayoutStatus(models.TextChoices):
    PENDING = "pending", _("Verified: paid when the game closes")  # a bingo claim before the close (1406.3)
    DUE = "due", _("Due")
    PAID = "paid", _("Paid")
    VOID = "void", _("Void")


class PayoutMethod(models.TextChoices):
    CASH = "cash", _("Cash")
    CHECK = "check", pgettext_lazy("payment method", "Check")  # 1408.5: on request, with its number
    GOODS = "goods", _("The prize itself (goods)")  # a Monte Carlo Night's or a door prize's thing
    ANNUITY = "annuity", _("Annuity")  # 1408.6-1408.9: a multi-hall prize of $10,000 or more


class Payout(models.Model):
    organization = models.ForeignKey("licensing.Organization", on_delete=models.PROTECT, related_name="payouts")
    license = models.ForeignKey("licensing.License", on_delete=models.PROTECT, related_name="payouts")
    game = models.CharField(_("game"), max_length=12, choices=PayoutGame.choices)
    # Where the prize comes from, one payout each: "bingo.game:12/sale:34", "raffle.drawing:5/prize:2",
    # "montecarlo.night:3/award:1", "holdem.tournament:4/place:2". `session` is what the IRS aggregates one
    # person's winnings over (one bingo game, one raffle drawing, one night, one tournament).
    source = models.CharField(max_length=120, unique=True)
    session = models.CharField(max_length=80, db_index=True)
    # What identifies the winning transaction on Form W-2G (box 5): "Game 5, blue, card B-1234", "Ticket 00123".
    label = models.CharField(_("game or ticket"), max_length=200)
    description = models.CharField(_("prize"), max_length=200, blank=True)  # a noncash prize's description
    won_on = models.DateField(_("date won"))
    # The prize: a bingo share from the close, a place's prize; a raffle's value is given at the desk (the drawing
    # knows only the winning tickets). None until known.
    prize = models.DecimalField(_("prize"), null=True, blank=True, **MONEY)
    wager = models.DecimalField(_("wager"), default=0, **MONEY)  # the card, ticket, admission or buy-in
    annuity_allowed = models.BooleanField(default=False)  # a multi-hall game's prize (1408.6)
    status = models.CharField(_("status"), max_length=8, choices=PayoutStatus.choices, default=PayoutStatus.DUE)
    void_reason = models.CharField(_("why void"), max_length=300, blank=True)
    # Paying it at the desk.
    method = models.CharField(_("paid by"), max_length=8, choices=PayoutMethod.choices, blank=True)
    check_number = models.CharField(_("check number"), max_length=20, blank=True)
    check_requested = models.BooleanField(_("the winner asked for a check"), default=False)
    amount = models.DecimalField(_("amount paid"), null=True, blank=True, **MONEY)
    paid_on = models.DateField(_("paid on"), null=True, blank=True)
    paid_at = models.DateTimeField(null=True, blank=True)
    paid_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                related_name="+")
    # Federal reporting (licensing.payouts.rules, figures from the register in force on paid_on).
    w2g = models.BooleanField(_("Form W-2G"), default=False)
    reportable = models.DecimalField(_("reportable winnings"), null=True, blank=True, **MONEY)  # box 1
    identical = models.DecimalField(_("winnings from identical wagers"), null=True, blank=True, **MONEY)  # box 7
    withheld = models.DecimalField(_("federal income tax withheld"), default=0, **MONEY)  # box 4
    backup_withholding = models.BooleanField(_("backup withholding"), default=False)
    form_number = models.CharField(_("form number"), max_length=24, blank=True)  # W2G-2026-00001, per organization
    tin_refused = models.BooleanField(_("the winner gave no taxpayer number"), default=False)
    tin_last4 = models.CharField(max_length=4, blank=True)
    identity = models.TextField(blank=True, editable=False)  # core.sealing: {name, address, tin, id_first, id_second}
    identity_purged_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("payout")
        verbose_name_plural = _("payouts")
        ordering = ["-won_on", "-pk"]
        indexes = [models.Index(fields=["organization", "status"]), models.Index(fields=["organization", "paid_on"])]
        constraints = [
            models.UniqueConstraint(fields=["organization", "form_number"], condition=~models.Q(form_number=""),
                                    name="payout_form_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.get_game_display()} {self.label}"

    def delete(self, *args, **kwargs):
        raise PayoutDeleteError("Payouts are regulated records: void one with its reason, never delete it.")

    @property
    def tin_masked(self) -> str:
        """***-**-1234: the only way a taxpayer number is shown, save to the organization's filing people."""
        return f"***-**-{self.tin_last4}" if self.tin_last4 else ""
