"""A drawing's log as a whole (`manage.py verify_logs --drawing ID`, and the Board's replay of a drawing drawn at the
hall, licensing.hall.imports): its one log, then the drawing as published replayed through the engine, in its format
(commitment, tickets hash, for raffle-drawing/2 the record's order, the winners)."""

from __future__ import annotations

from licensing.models import RaffleDrawing, RaffleDrawingEvent
from licensing.reports.drawings import engine
from licensing.reports.drawings.selectors import drawing_published


def drawing_logs(pk: int) -> list[tuple[type, str]]:
    if not RaffleDrawing.objects.filter(pk=pk).exists():
        raise LookupError(f"No raffle drawing {pk}.")
    return [(RaffleDrawingEvent, str(pk))]


def drawing_problems(pk: int) -> list[str]:
    """[] when the drawing is not drawn yet or its published drawing verifies; else what does not."""
    drawing = RaffleDrawing.objects.select_related("license__application").get(pk=pk)
    try:
        published = drawing_published(drawing)
        field = engine.verify(published) if published is not None else None
    except (engine.MalformedDrawing, KeyError, TypeError, ValueError) as error:
        return [f"raffle drawing {pk}: its record does not make a published drawing ({error})"]
    if field is not None:
        return [f"raffle drawing {pk}: the published drawing does not verify: {field} is not what the engine "
                f"computes from the record"]
    return []
