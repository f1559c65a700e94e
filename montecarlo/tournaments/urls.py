"""The tournament workflow's routes: the director's pages, results, hands and the public clock under
/montecarlo/ (namespace montecarlo), and the tournament API under /api/v1/."""

from django.urls import path

from core.api.router import IdRouter
from montecarlo.tournaments import api, views

urlpatterns = [
    path("tournaments/", views.tournament_list, name="tournament_list"),
    path("tournaments/new/", views.tournament_create, name="tournament_create"),
    path("tournaments/<int:pk>/", views.tournament_detail, name="tournament_detail"),
    path("tournaments/<int:pk>/do/<slug:command>/", views.tournament_command, name="tournament_command"),
    path("tournaments/<int:pk>/results/", views.results_page, name="results"),
    path("tournaments/<int:pk>/results.pdf", views.results_pdf_download, name="results_pdf"),
    path("tournaments/<int:pk>/hands/", views.hand_list, name="hand_list"),
    path("tournaments/<int:pk>/hands/<int:number>/", views.hand_replay, name="hand_replay"),
    path("tournaments/<int:pk>/hands/<int:number>/history.json", views.hand_export, name="hand_export"),
    path("clock/<str:key>/", views.clock_screen, name="clock_screen"),
    path("clock/<str:key>/results/", views.public_results, name="public_results"),
]

router = IdRouter()
router.register("montecarlo/tournaments", api.TournamentViewSet, basename="montecarlo-tournament")
api_urlpatterns = [
    path("montecarlo/tournaments/<int:pk>/hands/<int:number>/history/",
         api.HandHistoryView.as_view({"get": "retrieve"}), name="montecarlo-tournament-hand-history"),
    *router.urls,
]
