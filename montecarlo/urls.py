from django.urls import path

from montecarlo import views, views_results, views_table, views_tournament

app_name = "montecarlo"
urlpatterns = [
    path("games/", views.game_catalog, name="game_catalog"),
    path("tournaments/", views_tournament.tournament_list, name="tournament_list"),
    path("tournaments/new/", views_tournament.tournament_create, name="tournament_create"),
    path("tournaments/<int:pk>/", views_tournament.tournament_detail, name="tournament_detail"),
    path("tournaments/<int:pk>/do/<slug:command>/", views_tournament.tournament_command, name="tournament_command"),
    path("tournaments/<int:pk>/tables/<int:table>/", views_table.table_dealer, name="table_dealer"),
    path("tournaments/<int:pk>/tables/<int:table>/do/<slug:command>/", views_table.table_command,
         name="table_command"),
    path("tournaments/<int:pk>/results/", views_results.results_page, name="results"),
    path("tournaments/<int:pk>/results.pdf", views_results.results_pdf_download, name="results_pdf"),
    path("tournaments/<int:pk>/hands/", views_results.hand_list, name="hand_list"),
    path("tournaments/<int:pk>/hands/<int:number>/", views_results.hand_replay, name="hand_replay"),
    path("tournaments/<int:pk>/hands/<int:number>/history.json", views_results.hand_export, name="hand_export"),
    path("clock/<str:key>/", views_results.clock_screen, name="clock_screen"),
    path("clock/<str:key>/results/", views_results.public_results, name="public_results"),
]
