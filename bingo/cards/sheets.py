"""Printable card sheets: faces of a series as a PDF, 1, 3 or 6 faces a page. Every face shows
its face number (what a checker reads out), the series code and the organization's name
(30 DCMR 1404.1(c): regular cards carry the organization's name), a B-I-N-G-O header and the
FREE centre (1405.6)."""

from __future__ import annotations

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from bingo.cards.sales import series_faces
from bingo.engine import FREE_SQUARE
from bingo.models import CardSeries

FACES_PER_PAGE = (1, 3, 6)
# One sheet is printed at a time from a web request: a cap keeps a render to a few seconds.
MAX_FACES_PER_SHEET = 300


def _rows(card) -> list[list[str]]:
    squares = card.squares
    return [["FREE" if row * 5 + col == FREE_SQUARE else str(squares[row * 5 + col]) for col in range(5)]
            for row in range(5)]


def sheet_context(*, series: CardSeries, first_face: int, last_face: int, per_page: int) -> dict:
    if per_page not in FACES_PER_PAGE:
        raise ValueError(f"a sheet holds 1, 3 or 6 faces a page, not {per_page!r}")
    if not 1 <= first_face <= last_face <= series.size:
        raise ValueError(f"faces {first_face}-{last_face} are not within 1-{series.size}")
    if last_face - first_face + 1 > MAX_FACES_PER_SHEET:
        raise ValueError(f"a sheet holds at most {MAX_FACES_PER_SHEET} faces")
    cards = series_faces(series)
    faces = [{"number": number, "rows": _rows(cards[number - 1])} for number in range(first_face, last_face + 1)]
    pages = [faces[start:start + per_page] for start in range(0, len(faces), per_page)]
    return {"series": series, "organization": series.organization, "pages": pages, "per_page": per_page,
            "letters": "BINGO"}


def sheet_html(**kwargs) -> str:
    # Cards are printed in English, the language of the regulated record, whatever the worker's language.
    with translation.override("en"):
        return render_to_string("bingo/cards/sheet.html", sheet_context(**kwargs))


def card_sheet_pdf(*, series: CardSeries, first_face: int, last_face: int, per_page: int = 6) -> bytes:
    from weasyprint import HTML  # heavy import, only where a PDF is made

    html = sheet_html(series=series, first_face=first_face, last_face=last_face, per_page=per_page)
    return HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf()
