"""Routes of the live game API (bingo/api_live.py), under /api/v1/."""

from django.urls import path

from bingo import api_live

urlpatterns = [
    path("bingo/games/<int:pk>/", api_live.GameStateApi.as_view(), name="bingo-game-state"),
    path("bingo/games/<int:pk>/start/", api_live.GameStartApi.as_view(), name="bingo-game-start"),
    path("bingo/games/<int:pk>/draw/", api_live.GameDrawApi.as_view(), name="bingo-game-draw"),
    path("bingo/games/<int:pk>/record/", api_live.GameRecordApi.as_view(), name="bingo-game-record"),
    path("bingo/games/<int:pk>/undo/", api_live.GameUndoApi.as_view(), name="bingo-game-undo"),
    path("bingo/games/<int:pk>/claims/", api_live.GameClaimsApi.as_view(), name="bingo-game-claims"),
    path("bingo/games/<int:pk>/claims/<int:seq>/void/", api_live.GameClaimVoidApi.as_view(),
         name="bingo-game-claim-void"),
    path("bingo/games/<int:pk>/close/", api_live.GameCloseApi.as_view(), name="bingo-game-close"),
]
