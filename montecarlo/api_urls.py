from django.urls import path

from config.api_router import IdRouter
from montecarlo import api, api_tournament

router = IdRouter()
router.register("montecarlo/games", api.GameCatalogViewSet, basename="montecarlo-game")
router.register("montecarlo/tournaments", api_tournament.TournamentViewSet, basename="montecarlo-tournament")
urlpatterns = [
    path("montecarlo/tournaments/<int:pk>/hands/<int:number>/history/",
         api_tournament.HandHistoryView.as_view({"get": "retrieve"}), name="montecarlo-tournament-hand-history"),
    *router.urls,
]
