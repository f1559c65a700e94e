"""Portal routes of the caller's console and the public flashboards (bingo/views_live.py)."""

from django.urls import path

from bingo import views_live

urlpatterns = [
    path("games/<int:pk>/console/", views_live.console, name="console"),
    path("games/<int:pk>/console/panel/", views_live.console_panel, name="console_panel"),
    path("games/<int:pk>/console/start/", views_live.console_start, name="console_start"),
    path("games/<int:pk>/console/draw/", views_live.console_draw, name="console_draw"),
    path("games/<int:pk>/console/record/", views_live.console_record, name="console_record"),
    path("games/<int:pk>/console/undo/", views_live.console_undo, name="console_undo"),
    path("games/<int:pk>/console/close/", views_live.console_close, name="console_close"),
    path("games/<int:pk>/claims/", views_live.game_claims, name="game_claims"),
    path("games/<int:pk>/claims/<int:seq>/void/", views_live.console_void, name="console_void"),
    path("flashboard/<str:key>/", views_live.flashboard, name="flashboard"),
    path("flashboard/<str:key>/results/", views_live.hall_results, name="hall_results"),
]
