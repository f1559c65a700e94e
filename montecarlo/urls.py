"""Monte Carlo's routes, gathered from its features: `urlpatterns` are the portal pages under
/montecarlo/ (namespace montecarlo), `api_urlpatterns` the API under /api/v1/ (config/urls.py mounts both)."""

from django.urls import path

from config.api_router import IdRouter
from montecarlo import api, views, views_table
from montecarlo.tournaments import urls as tournaments

app_name = "montecarlo"
urlpatterns = [
    path("games/", views.game_catalog, name="game_catalog"),
    *tournaments.urlpatterns,
    path("tournaments/<int:pk>/tables/<int:table>/", views_table.table_dealer, name="table_dealer"),
    path("tournaments/<int:pk>/tables/<int:table>/do/<slug:command>/", views_table.table_command,
         name="table_command"),
]

router = IdRouter()
router.register("montecarlo/games", api.GameCatalogViewSet, basename="montecarlo-game")
api_urlpatterns = [*router.urls, *tournaments.api_urlpatterns]
