from django.urls import path

from montecarlo import views

app_name = "montecarlo"
urlpatterns = [
    path("games/", views.game_catalog, name="game_catalog"),
]
