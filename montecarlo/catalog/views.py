from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from montecarlo.catalog.edges import edges_of
from montecarlo.catalog.variants import pays_text
from montecarlo.models import GameCatalogEntry
from montecarlo.tablegames import GAMES


def game_catalog(request):
    """Public: which games a Monte Carlo Night may offer, each with its approval state and rule (30 DCMR 1602.1,
    1602.2, 1603.16)."""
    language = get_language()
    games = [
        {"name": game.name_for(language), "entry": game, "has_rules": game.code in GAMES}
        for game in GameCatalogEntry.objects.all()
    ]
    return render(request, "montecarlo/catalog/game_catalog.html", {"games": games})


def game_rules(request, code: str):
    """Public: a table game's rules as the software plays them: its bets and pay table, and the house edge of
    every bet, exact where it can be computed, simulated with its 95% interval otherwise."""
    game = get_object_or_404(GameCatalogEntry, code=code)
    engine = GAMES[code]() if code in GAMES else None
    bets = [{"kind": kind.kind, "label": _(kind.label), "pays": pays_text(kind), "rule": kind.rule, "unit": kind.unit}
            for kind in engine.bet_kinds()] if engine else []
    return render(request, "montecarlo/catalog/game_rules.html", {
        "game": game, "name": game.name_for(get_language()), "bets": bets, "edges": edges_of(code),
        "settings": engine.settings if engine else {}})
