"""The public leaderboard of a night: chip counts by participant number, the name only where the participant
agreed (never otherwise), most chips first. Chips are counted, never priced (30 DCMR 1603.21)."""

from __future__ import annotations

from montecarlo.models import Night

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
