from django.urls import path

from bingo import views

app_name = "bingo"
urlpatterns = [
    path("patterns/", views.pattern_library, name="pattern_library"),
]
