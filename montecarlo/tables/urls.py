"""The dealer's screen, one per table, under /montecarlo/ (namespace montecarlo)."""

from django.urls import path

from montecarlo.tables import views

urlpatterns = [
    path("tournaments/<int:pk>/tables/<int:table>/", views.table_dealer, name="table_dealer"),
    path("tournaments/<int:pk>/tables/<int:table>/do/<slug:command>/", views.table_command, name="table_command"),
]
