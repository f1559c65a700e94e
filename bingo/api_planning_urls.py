"""Routes of the planning API (bingo/api_planning.py), under /api/v1/."""

from django.urls import path

from bingo.api_planning import CustomPatternViewSet, OperationViewSet

ops = OperationViewSet
BASE = "bingo/operations/<int:pk>/"

urlpatterns = [
    path("bingo/operations/", ops.as_view({"get": "list", "post": "create"}), name="bingo-operation-list"),
    path(BASE, ops.as_view({"get": "retrieve", "patch": "partial_update"}), name="bingo-operation-detail"),
    path(BASE + "findings/", ops.as_view({"get": "findings"}), name="bingo-operation-findings"),
    path(BASE + "ready/", ops.as_view({"get": "ready"}), name="bingo-operation-ready"),
    path(BASE + "games/", ops.as_view({"get": "games", "post": "game_create"}), name="bingo-operation-games"),
    path(BASE + "games/reorder/", ops.as_view({"post": "game_reorder"}), name="bingo-operation-games-reorder"),
    path(BASE + "games/<int:game_pk>/", ops.as_view({"patch": "game_update", "delete": "game_destroy"}),
         name="bingo-operation-game-detail"),
    path(BASE + "workers/", ops.as_view({"get": "workers", "post": "worker_create"}),
         name="bingo-operation-workers"),
    path(BASE + "workers/<int:worker_pk>/", ops.as_view({"delete": "worker_destroy"}),
         name="bingo-operation-worker-detail"),
    path(BASE + "halls/", ops.as_view({"get": "halls", "post": "hall_create"}), name="bingo-operation-halls"),
    path("bingo/custom-patterns/", CustomPatternViewSet.as_view({"get": "list", "post": "create"}),
         name="bingo-custom-pattern-list"),
]
