"""The public leaderboard of a night: chip counts by participant number, the name only where the participant
agreed (never otherwise), most chips first. Chips are counted, never priced (30 DCMR 1603.21). At the hall, under it,
the heads of the night's logs its device signed at each close."""

from __future__ import annotations

from collections.abc import Iterator

from django.utils.translation import gettext as _

from licensing.hall.shown import heads_shown
from montecarlo.models import ChipLedgerEntry, JackpotEntry, Night, TableEvent

TOP = 50  # rows on the screen; the whole count is on the staff pages


def leaderboard_state(night: Night, *, top: int = TOP) -> dict:
    rows = []
    participants = night.participants.order_by("number").values_list("number", "name", "show_name", "chips",
                                                                       "at_stake")
    ranked = sorted(participants, key=lambda row: (-(row[3] + row[4]), row[0]))
    for rank, (number, name, show_name, chips, at_stake) in enumerate(ranked[:top], start=1):
        rows.append({"rank": rank, "number": number, "name": name if show_name and name else "",
                     "chips": chips + at_stake})
    return {"name": night.name, "status": night.status, "participants": len(ranked), "rows": rows,
            "awards": [{"place": award["place"], "number": award["participant"], "description": award["description"]}
                       for award in night.awards]}


def _night_logs(night: Night) -> Iterator[tuple[type, str, str]]:
    """The night's logs as `verify_logs --night` reads them, each named for the room: a participant finds their own
    ledger by their number, never by its id."""
    for pk, number in night.participants.order_by("number").values_list("pk", "number"):
        yield ChipLedgerEntry, str(pk), _("Participant #%(number)s") % {"number": number}
    for pk, number in night.tables.order_by("number").values_list("pk", "number"):
        yield TableEvent, str(pk), _("Table %(number)s") % {"number": number}
        yield JackpotEntry, str(pk), _("Table %(number)s, jackpot") % {"number": number}


def night_heads(night: Night) -> list[dict]:
    """At the hall, each log's head as the device signed it when its table closed or the night was counted
    (licensing.hall.shown); on the Board's server, nothing (and no query)."""
    return heads_shown(_night_logs(night))
