"""Monte Carlo's routes, gathered from its features: `urlpatterns` are the portal pages under
/montecarlo/ (namespace montecarlo), `api_urlpatterns` the API under /api/v1/ (config/urls.py mounts both)."""

from django.urls import path

from config.api_router import IdRouter
from montecarlo import api, views
from montecarlo.tables import urls as tables
from montecarlo.tournaments import urls as tournaments

app_name = "montecarlo"
urlpatterns = [
    path("games/", views.game_catalog, name="game_catalog"),
    *tournaments.urlpatterns,
    *tables.urlpatterns,
]

router = IdRouter()
router.register("montecarlo/games", api.GameCatalogViewSet, basename="montecarlo-game")
api_urlpatterns = [*router.urls, *tournaments.api_urlpatterns]
