"""The night's chip drawing as published: the raffle-drawing/1 object (shared/formats/raffle-drawing.md) that
anyone re-runs with `python -m licensing.reports.drawings.engine verify`. The tickets are the chips counted at the
end of the night, numbered participant by participant (montecarlo.nights.services.chip_ranges); the night keeps
the ranges, and the tickets are written out from them here."""

from __future__ import annotations

from montecarlo.models import Night
from montecarlo.nights.services import drawing_tickets


def published_drawing(night: Night) -> dict | None:
    drawing = night.drawing or {}
    if "winners" not in drawing or "chips" not in drawing:
        return None
    return {"format": drawing["format"], "raffle": drawing["raffle"], "prizes": drawing["prizes"],
            "commitment": drawing["commitment"], "tickets_hash": drawing["tickets_hash"], "seed": drawing["seed"],
            "tickets": drawing_tickets(drawing["chips"]), "winners": drawing["winners"]}
