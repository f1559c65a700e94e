"""The catalog of games the Board allows (30 DCMR 1602): its public page under /montecarlo/ (namespace
montecarlo) and its public API under /api/v1/."""

from django.urls import path

from core.api.router import IdRouter
from montecarlo.catalog import api, views

urlpatterns = [
    path("games/", views.game_catalog, name="game_catalog"),
    path("games/<slug:code>/", views.game_rules, name="game_rules"),
]

router = IdRouter()
router.register("montecarlo/games", api.GameCatalogViewSet, basename="montecarlo-game")
api_urlpatterns = router.urls
