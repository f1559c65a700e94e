from django.shortcuts import render
from django.utils.translation import get_language

from montecarlo.models import GameCatalogEntry


def game_catalog(request):
    """Public: which games a Monte Carlo Night may offer, each with its rule (30 DCMR 1602)."""
    language = get_language()
    games = [
        {"name": game.name_for(language), "entry": game} for game in GameCatalogEntry.objects.all()
    ]
    return render(request, "montecarlo/game_catalog.html", {"games": games})
