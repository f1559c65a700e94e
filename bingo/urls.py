from django.urls import path

from bingo import urls_cards, urls_live, urls_planning, views

app_name = "bingo"
urlpatterns = [
    path("patterns/", views.pattern_library, name="pattern_library"),
    *urls_planning.urlpatterns,
    *urls_cards.urlpatterns,
    *urls_live.urlpatterns,
]
