"""The one writer of the chip ledgers: lock the participant, link the entry to the ledger's head, keep the
participant's running figures, and refuse anything that would leave chips in hand or at stake below zero
(a bet larger than the participant's chips). Callers are services, inside their transaction.

Also the night's balance: chips issued = chips held (in hand and at stake) + chips the house won - chips the
house paid. It holds after every entry, because every movement is written as both sides of it (the engines'
postings); `night_balance` recomputes both sides from the ledgers."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db.models import Q, Sum
from django.utils.translation import gettext as _

from core.chain import head_of
from montecarlo.models import ChipLedgerEntry, EntryKind, Night, Participant


def participants_locked(night: Night, numbers) -> dict[int, Participant]:
    """The night's participants of those numbers, locked in number order (the same order everywhere, so two
    tables settling at once never wait on each other in a circle)."""
    found = Participant.objects.select_for_update().filter(night=night, number__in=sorted(set(numbers))).order_by(
        "number")
    return {participant.number: participant for participant in found}


def ledger_post(*, participant: Participant, kind: str, chips: int, stake: int = 0, house: int = 0, actor=None,
                table=None, bet: str = "", round: int | None = None, note: str = "",
                payload: dict | None = None) -> ChipLedgerEntry:
    """Append one entry to a locked participant's ledger."""
    in_hand, at_stake = participant.chips + chips, participant.at_stake + stake
    if in_hand < 0:
        raise ValidationError({"amount": ValidationError(_(
            "Participant #%(number)s has %(chips)s chips in hand; a bet cannot be larger.") % {
            "number": participant.number, "chips": participant.chips}, code="not_enough_chips")})
    if at_stake < 0:
        raise ValueError(f"participant #{participant.number} would have {at_stake} chips at stake")
    entry = ChipLedgerEntry(participant=participant, kind=kind, chips=chips, stake=stake, house=house,
                            balance=in_hand, table=table, bet=bet, round=round, note=note[:200],
                            payload=payload or {}, actor=actor if getattr(actor, "is_authenticated", False) else None)
    entry.link(head_of(participant.ledger))
    entry.save()
    participant.chips, participant.at_stake = in_hand, at_stake
    participant.head_seq, participant.head_hash = entry.seq, entry.hash
    participant.save(update_fields=["chips", "at_stake", "head_seq", "head_hash"])
    return entry


@dataclass(frozen=True)
class Balance:
    issued: int
    in_hand: int
    at_stake: int
    house_won: int
    house_paid: int

    @property
    def held(self) -> int:
        return self.in_hand + self.at_stake

    @property
    def balances(self) -> bool:
        return self.issued == self.held + self.house_won - self.house_paid


def night_balance(night: Night) -> Balance:
    """Both sides of the night's chips, from its ledgers (one query)."""
    sums = ChipLedgerEntry.objects.filter(participant__night=night).aggregate(
        issued=Sum("chips", filter=Q(kind=EntryKind.ISSUE)), in_hand=Sum("chips"), at_stake=Sum("stake"),
        won=Sum("house", filter=Q(house__gt=0)), paid=Sum("house", filter=Q(house__lt=0)))
    return Balance(issued=sums["issued"] or 0, in_hand=sums["in_hand"] or 0, at_stake=sums["at_stake"] or 0,
                   house_won=sums["won"] or 0, house_paid=-(sums["paid"] or 0))
