"""Reads of the sales register for the live console and the financial report: which faces
were sold for a game (30 DCMR 1404.1(h)), the engine bank of those faces for the electronic
winner search, the face behind a claimed face number, and the card counts by colour.

Faces are regenerated from the series seed (bingo.engine.series), never stored, so both the
generated series and the per-game bank are cached in this process. The bank cache is keyed by
a version of the game's sales (count, highest id, voids), so a new sale or a void rebuilds it."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

from django.core.exceptions import ValidationError
from django.db.models import Count, F, Max, Q, Sum
from django.utils.translation import gettext as _

from bingo.engine import Card, CardBank
from bingo.engine import series as engine_series
from bingo.models import CardColour, CardSale, CardSeries
from core.findings import Finding, RuleViolation

CARDS_RULE = "30 DCMR 1404.1(h)"
# Banks kept in memory at once: one per game being played in this process, with room to spare.
BANK_CACHE_SIZE = 32


@dataclass(frozen=True)
class SoldFaces:
    keys: list[tuple[int, int]]  # (series_id, face_number) of every face sold (not voided) for the game
    bank: CardBank  # the engine bank of those faces, in the same order


@lru_cache(maxsize=16)
def _generated(key: tuple[int, int, int]) -> tuple[Card, ...]:
    _pk, seed, size = key
    return tuple(engine_series.generate(seed, size))


def series_faces(series: CardSeries) -> list[Card]:
    """Every face of the series; face n is item n - 1. The seed is part of the key, so a
    series can never be served another series' faces."""
    return list(_generated((series.pk, series.seed, series.size)))


def _live_sales(game):
    return CardSale.objects.filter(games=game, voided_at__isnull=True)


def _version(game) -> tuple[int, int, int]:
    # Voids keep the row (and its id), so they are counted apart from the sales.
    sales = CardSale.objects.filter(games=game).aggregate(
        count=Count("id"), last=Max("id"), voids=Count("id", filter=Q(voided_at__isnull=False)))
    return sales["count"], sales["last"] or 0, sales["voids"]


_banks: OrderedDict[int, tuple[tuple[int, int, int], SoldFaces]] = OrderedDict()
_banks_lock = threading.Lock()


def _build(game) -> SoldFaces:
    keys: list[tuple[int, int]] = []
    cards: list[Card] = []
    seen: set[tuple[int, int]] = set()
    for sale in _live_sales(game).select_related("series").order_by("id"):
        faces = series_faces(sale.series)
        for number in range(sale.first_face, sale.last_face + 1):
            key = (sale.series_id, number)
            # sale_record refuses a face sold twice for a game; a face is still only banked once.
            if key in seen or number > len(faces):
                continue
            seen.add(key)
            keys.append(key)
            cards.append(faces[number - 1])
    return SoldFaces(keys=keys, bank=CardBank(cards))


def sold_faces(game) -> SoldFaces:
    """The faces sold for `game` and their bank (for the winner search), rebuilt when the
    game's sales change."""
    version = _version(game)
    with _banks_lock:
        cached = _banks.get(game.pk)
        if cached is not None and cached[0] == version:
            _banks.move_to_end(game.pk)
            return cached[1]
    built = _build(game)
    with _banks_lock:
        _banks[game.pk] = (version, built)
        _banks.move_to_end(game.pk)
        while len(_banks) > BANK_CACHE_SIZE:
            _banks.popitem(last=False)
    return built


def clear_caches() -> None:
    """Forget every cached series and bank (tests, and after a restore of the database)."""
    _generated.cache_clear()
    with _banks_lock:
        _banks.clear()


def _unknown_face(face_number: int, series_list: list[CardSeries]) -> bool:
    return face_number < 1 or all(face_number > series.size for series in series_list)


def find_sold_face(*, game, face_number: int, series_code: str | None = None) -> tuple[Card, CardSeries]:
    """The face a checker reads out, if it was sold for this game: a claim on a face not sold
    for the game is refused (30 DCMR 1404.1(h): only faces recorded as sold play)."""
    organization_id = game.operation.license.organization_id
    candidates = CardSeries.objects.filter(organization_id=organization_id)
    if series_code:
        candidates = candidates.filter(code=series_code)
    series_list = list(candidates)
    if series_code and not series_list:
        raise ValidationError({"series": _("The organization has no card series %(code)s.") % {"code": series_code}},
                              code="unknown_series")
    if _unknown_face(face_number, series_list):
        message = _("Face %(face)s does not exist: a series has faces 1 to %(size)s.") % {
            "face": face_number, "size": max((s.size for s in series_list), default=0)}
        raise RuleViolation(Finding(CARDS_RULE, message, field="face_number"))
    sales = _live_sales(game).filter(first_face__lte=face_number, last_face__gte=face_number,
                                     series__in=series_list).select_related("series")
    matched = {sale.series_id: sale.series for sale in sales if face_number <= sale.series.size}
    if not matched:
        message = _("Face %(face)s was not sold for game %(game)s (30 DCMR 1404.1(h)): it cannot win.") % {
            "face": face_number, "game": game.number}
        raise RuleViolation(Finding(CARDS_RULE, message, field="face_number"))
    if len(matched) > 1:
        codes = ", ".join(sorted(series.code for series in matched.values()))
        raise ValidationError({"series": _("Face %(face)s was sold in several series (%(codes)s): name the series.")
                               % {"face": face_number, "codes": codes}}, code="ambiguous_series")
    series = next(iter(matched.values()))
    return series_faces(series)[face_number - 1], series


def card_counts(operation) -> dict:
    """Faces sold per colour at the operation, voided sales left out: the exact separate count
    of regular, extra regular and special cards the financial report needs (30 DCMR 1404.1(h))."""
    counts = {colour.value: 0 for colour in CardColour}
    rows = (CardSale.objects.filter(operation=operation, voided_at__isnull=True)
            .values("colour").annotate(faces=Sum(F("last_face") - F("first_face") + 1)))
    for row in rows:
        counts[row["colour"]] = int(row["faces"] or 0)
    return counts
