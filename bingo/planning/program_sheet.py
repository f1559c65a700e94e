"""The program sheet every player gets (30 DCMR 1405.1) and the worker posting (30 DCMR 1401.1),
rendered from templates to PDF by WeasyPrint, in the language the planner reads."""

from __future__ import annotations

from django.conf import settings
from django.template.loader import render_to_string
from django.utils.translation import get_language

from bingo.models import Game, Operation, WorkerDuty


def _games(operation: Operation) -> list[dict]:
    language = get_language()
    return [{
        "number": game.number,
        "type": game.get_game_type_display(),
        "license_class": game.license_class,
        "pattern": game.pattern.name_for(language),
        "prize": game.prize,
        "card_price": game.card_price,
        "status": game.get_status_display(),
    } for game in Game.objects.filter(operation=operation).select_related("pattern").order_by("number")]


def program_sheet_context(operation: Operation) -> dict:
    games = _games(operation)
    # 30 DCMR 1405.1: the prices of cards and tickets, one line per game type and price.
    prices = sorted({(g["type"], g["card_price"]) for g in games}, key=lambda item: (str(item[0]), item[1]))
    return {
        "operation": operation,
        "organization": operation.license.organization,
        "license": operation.license,
        "games": games,
        "game_count": len(games),
        "prices": [{"type": t, "price": p} for t, p in prices],
    }


def worker_posting_context(operation: Operation) -> dict:
    workers = WorkerDuty.objects.filter(operation=operation).order_by("duty", "name")
    return {"operation": operation, "organization": operation.license.organization, "license": operation.license,
            "workers": workers,
            "halls": operation.halls.select_related("premises").order_by("-is_drawing_location", "name")}


def _pdf(template: str, context: dict) -> bytes:
    from weasyprint import HTML  # heavy import, only where a PDF is made

    html = render_to_string(template, context)
    return HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf()


def program_sheet_pdf(operation: Operation) -> bytes:
    return _pdf("bingo/planning/program_sheet_pdf.html", program_sheet_context(operation))


def worker_posting_pdf(operation: Operation) -> bytes:
    return _pdf("bingo/planning/worker_posting_pdf.html", worker_posting_context(operation))
