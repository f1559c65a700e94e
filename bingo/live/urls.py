"""Routes of the caller's console and the public flashboards under /bingo/ (namespace `bingo`), the live game
API under /api/v1/."""

from django.urls import path

from bingo.live import api, views

urlpatterns = [
    path("games/<int:pk>/console/", views.console, name="console"),
    path("games/<int:pk>/console/panel/", views.console_panel, name="console_panel"),
    path("games/<int:pk>/console/start/", views.console_start, name="console_start"),
    path("games/<int:pk>/console/draw/", views.console_draw, name="console_draw"),
    path("games/<int:pk>/console/record/", views.console_record, name="console_record"),
    path("games/<int:pk>/console/undo/", views.console_undo, name="console_undo"),
    path("games/<int:pk>/console/close/", views.console_close, name="console_close"),
    path("games/<int:pk>/claims/", views.game_claims, name="game_claims"),
    path("games/<int:pk>/claims/<int:seq>/void/", views.console_void, name="console_void"),
    path("operations/<int:pk>/report/send/", views.operation_report_send, name="operation_report_send"),
    path("flashboard/<str:key>/", views.flashboard, name="flashboard"),
    path("flashboard/<str:key>/results/", views.hall_results, name="hall_results"),
]

# The API, under /api/v1/ (bingo.urls.api_urlpatterns).
api_urlpatterns = [
    path("bingo/games/<int:pk>/", api.GameStateApi.as_view(), name="bingo-game-state"),
    path("bingo/games/<int:pk>/start/", api.GameStartApi.as_view(), name="bingo-game-start"),
    path("bingo/games/<int:pk>/draw/", api.GameDrawApi.as_view(), name="bingo-game-draw"),
    path("bingo/games/<int:pk>/record/", api.GameRecordApi.as_view(), name="bingo-game-record"),
    path("bingo/games/<int:pk>/undo/", api.GameUndoApi.as_view(), name="bingo-game-undo"),
    path("bingo/games/<int:pk>/claims/", api.GameClaimsApi.as_view(), name="bingo-game-claims"),
    path("bingo/games/<int:pk>/claims/<int:seq>/void/", api.GameClaimVoidApi.as_view(),
         name="bingo-game-claim-void"),
    path("bingo/games/<int:pk>/close/", api.GameCloseApi.as_view(), name="bingo-game-close"),
    path("bingo/operations/<int:pk>/report/", api.OperationReportSendApi.as_view(), name="bingo-operation-report"),
]
