"""A night's record checked as a whole, beyond each log's own chain: every table's log replays through its
engine to exactly the chip movements the participants' ledgers hold (so a ledger entry can neither be added,
dropped nor changed without the table's log saying otherwise, and the other way round), and the night's chips
balance: issued = held (in hand and at stake) + house won - house paid. `manage.py verify_logs --night ID` checks
each log (night_logs), then the night as a whole (night_id_problems); the app registers both when it starts."""

from __future__ import annotations

from collections import Counter

from montecarlo.models import ChipLedgerEntry, EntryKind, JackpotEntry, Night, TableEvent
from montecarlo.nights.ledger import night_balance
from montecarlo.tables.state import TableStateError, replay_postings

# A bet moved between tables is, in its tables' logs, a void round at one and a bet at the other.
AS_POSTED = {EntryKind.TRANSFER_OUT: "returned", EntryKind.TRANSFER_IN: "bet"}


def _movement(participant: int, kind: str, bet: str, chips: int, house: int) -> tuple:
    return participant, AS_POSTED.get(kind, kind), bet, chips, house


def night_problems(night: Night) -> list[str]:
    problems = []
    for table in night.tables.select_related("game").order_by("number"):
        try:
            _engine, moved = replay_postings(table)
        except TableStateError as error:
            problems.append(f"table {table.number}: {error.message}")
            continue
        replayed = Counter(_movement(p.participant, p.kind, p.bet, p.chips, p.house)
                           for _seq, _kind, postings in moved for p in postings)
        recorded = Counter(_movement(*row) for row in table_entries(night, table))
        if replayed != recorded:
            extra, missing = recorded - replayed, replayed - recorded
            first = next(iter(extra or missing))
            problems.append(f"table {table.number}: the ledgers {'hold' if extra else 'lack'} a movement its log "
                            f"{'does not give' if extra else 'gives'}: participant #{first[0]}, {first[1]} on bet "
                            f"{first[2]}, {first[3]:+d} chips")
    balance = night_balance(night)
    if not balance.balances:
        problems.append(f"the chips do not balance: issued {balance.issued} != held {balance.held} + house won "
                        f"{balance.house_won} - house paid {balance.house_paid}")
    return problems


def table_entries(night: Night, table):
    return ChipLedgerEntry.objects.filter(participant__night=night, table=table).values_list(
        "participant__number", "kind", "bet", "chips", "house")


def night_logs(night_id: int) -> list[tuple[type, str]]:
    """Every participant's chip ledger, every table's log, every jackpot ledger of the night."""
    night = Night.objects.filter(pk=night_id).first()
    if night is None:
        raise LookupError(f"no Monte Carlo Night {night_id}")
    participants = night.participants.order_by("number").values_list("pk", flat=True)
    tables = list(night.tables.order_by("number").values_list("pk", flat=True))
    jackpots = night.tables.filter(jackpot_entries__isnull=False).distinct().values_list("pk", flat=True)
    logs = [(ChipLedgerEntry, str(pk)) for pk in participants] + [(TableEvent, str(pk)) for pk in tables]
    return logs + [(JackpotEntry, str(pk)) for pk in jackpots]


def night_id_problems(night_id: int) -> list[str]:
    return night_problems(Night.objects.get(pk=night_id))
