"""Each participant's chip ledger: append-only and hash-chained (core.models.ChainedEvent), one log per
participant. It opens with the chips issued at admission (30 DCMR 1603.8) and records every bet placed,
won, lost, pushed or returned at a table, every jackpot award, every move of a bet between tables and the
end-of-night count. No entry has a cash value (1603.21): chips are counted, never priced."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.chain import Problem
from core.models import AppendOnlyError, ChainedEvent
from montecarlo.models.nights import Participant


class ChipLedgerImmutableError(AppendOnlyError):
    """Raised on any attempt to change or remove a chip ledger entry."""


class EntryKind(models.TextChoices):
    ISSUE = "issue", _("Chips issued at admission")
    BET = "bet", _("Bet placed")
    WON = "won", _("Bet won")
    LOST = "lost", _("Bet lost")
    PUSHED = "pushed", _("Bet pushed")
    RETURNED = "returned", _("Bet returned")
    AWARD = "award", _("Jackpot award")
    TRANSFER_OUT = "transfer_out", _("Bet moved to another table")
    TRANSFER_IN = "transfer_in", _("Bet moved from another table")
    COUNT = "count", _("End-of-night count")


class ChipLedgerEntry(ChainedEvent):
    participant = models.ForeignKey(Participant, on_delete=models.PROTECT, related_name="ledger")
    kind = models.CharField(_("entry"), max_length=14, choices=EntryKind.choices)
    chips = models.BigIntegerField(_("chips in hand, change"))
    stake = models.BigIntegerField(_("chips at stake, change"), default=0)
    house = models.BigIntegerField(_("house, change"), default=0)  # + the house won, - the house paid
    balance = models.BigIntegerField(_("chips in hand after"))
    table = models.ForeignKey("montecarlo.GameTable", null=True, blank=True, on_delete=models.PROTECT,
                              related_name="+")
    bet = models.CharField(_("bet"), max_length=24, blank=True)
    round = models.PositiveIntegerField(_("round"), null=True, blank=True)
    note = models.CharField(_("note"), max_length=200, blank=True)
    payload = models.JSONField(_("details"), default=dict, blank=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                              related_name="+")
    created_at = models.DateTimeField(_("time"), default=timezone.now)

    append_only_error = ChipLedgerImmutableError
    append_only_rows = "Chip ledger entries"
    chain_field = "participant"
    chain_alias = "chips"

    class Meta:
        verbose_name = _("chip ledger entry")
        verbose_name_plural = _("chip ledger entries")
        ordering = ["participant", "seq"]
        constraints = [models.UniqueConstraint(fields=["participant", "seq"], name="mc_chipledger_unique_seq")]

    def __str__(self) -> str:
        return f"{self.participant} {self.seq} {self.kind} {self.chips:+d}"

    @classmethod
    def describe_log(cls, identity: str) -> str:
        participant = Participant.objects.select_related("night").filter(pk=identity).first()
        if participant is None:
            return f"chip ledger of participant id {identity} (the participant row is gone)"
        return f"chip ledger of participant #{participant.number} of \"{participant.night.name}\" (id {identity})"

    @classmethod
    def owner_identities(cls) -> list[str]:
        return [str(pk) for pk in Participant.objects.values_list("pk", flat=True)]

    @classmethod
    def owner_problems(cls, identity, walk):
        """The participant's head and running figures must be the ledger's, the ledger must open with the
        night's chips (1603.8) for the participant it names, and every balance must follow from the entries
        before it."""
        describe = cls.describe_log(identity)

        def problem(seq, message):
            return [Problem(cls.chain_label(), identity, seq, message, describe)]

        participant = Participant.objects.select_related("night").filter(pk=identity).first()
        if participant is None:
            return problem(None, "the ledger's participant no longer exists") if walk.rows else []
        head = cls.head_problems(identity, walk, owner=participant, what="participant")
        if head:
            return head
        rows = list(cls.chain_rows(identity).values_list("seq", "kind", "chips", "stake", "balance"))
        if not rows or rows[0][1] != EntryKind.ISSUE or rows[0][2] != participant.night.starting_chips:
            return problem(1, f"the ledger does not open with the night's {participant.night.starting_chips} chips "
                              "(30 DCMR 1603.8)")
        # Ledgers opened before the issue entry named its night and number have neither.
        opened = walk.first.payload if walk.first is not None and walk.first.seq == 1 else {}
        whose = {"night": participant.night_id, "number": participant.number}
        changed = sorted(key for key, value in whose.items() if opened.get(key, value) != value)
        if changed:
            return problem(1, "the participant row no longer matches what its ledger opened with: " + ", ".join(
                f"{key} {opened[key]!r} -> {whose[key]!r}" for key in changed))
        in_hand = at_stake = 0
        for seq, _kind, chips, stake, balance in rows:
            in_hand, at_stake = in_hand + chips, at_stake + stake
            if balance != in_hand or in_hand < 0 or at_stake < 0:
                return problem(seq, f"the balance {balance} does not follow from the entries before it "
                                    f"({in_hand} in hand, {at_stake} at stake)")
        if (in_hand, at_stake) != (participant.chips, participant.at_stake):
            return problem(rows[-1][0], f"the participant row says {participant.chips} in hand and "
                                        f"{participant.at_stake} at stake; the ledger {in_hand} and {at_stake}")
        return []
