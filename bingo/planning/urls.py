"""Routes of operation planning: the portal pages under /bingo/ (namespace `bingo`), the API under /api/v1/."""

from django.urls import path

from bingo.planning import multihall_api, views
from bingo.planning.api import CustomPatternViewSet, OperationViewSet

urlpatterns = [
    path("operations/", views.operation_list, name="operation_list"),
    path("operations/new/", views.operation_create, name="operation_create"),
    path("operations/<int:pk>/", views.operation_detail, name="operation_detail"),
    path("operations/<int:pk>/edit/", views.operation_edit, name="operation_edit"),
    path("operations/<int:pk>/games/add/", views.game_add, name="game_add"),
    path("operations/<int:pk>/games/<int:game_pk>/edit/", views.game_edit, name="game_edit"),
    path("operations/<int:pk>/games/<int:game_pk>/move/", views.game_move, name="game_move"),
    path("operations/<int:pk>/games/<int:game_pk>/annuity/", views.game_annuity, name="game_annuity"),
    path("operations/<int:pk>/games/<int:game_pk>/remove/", views.game_remove, name="game_remove"),
    path("operations/<int:pk>/workers/add/", views.worker_add, name="worker_add"),
    path("operations/<int:pk>/workers/<int:worker_pk>/remove/", views.worker_remove, name="worker_remove"),
    path("operations/<int:pk>/halls/add/", views.hall_add, name="hall_add"),
    path("operations/<int:pk>/program-sheet.pdf", views.program_sheet_pdf, name="program_sheet_pdf"),
    path("operations/<int:pk>/workers/", views.worker_posting, name="worker_posting"),
    path("operations/<int:pk>/workers.pdf", views.worker_posting_pdf, name="worker_posting_pdf"),
    path("patterns/custom/", views.pattern_editor, name="pattern_editor"),
    path("multihall-agreements/", views.multihall_agreements, name="multihall_agreements"),
    path("multihall-agreements/<int:pk>/approve/", views.multihall_agreement_approve,
         name="multihall_agreement_approve"),
]

# The API, under /api/v1/ (bingo.urls.api_urlpatterns).
ops = OperationViewSet
BASE = "bingo/operations/<int:pk>/"


def _sub_list(actions: dict):
    """One operation's findings, games, workers or halls: every row at once, as a JSON array. Only the
    operations' own list pages and filters: without this the schema described these as pages of it."""
    return ops.as_view(actions, pagination_class=None, filter_backends=[])


api_urlpatterns = [
    path("bingo/operations/", ops.as_view({"get": "list", "post": "create"}), name="bingo-operation-list"),
    path(BASE, ops.as_view({"get": "retrieve", "patch": "partial_update"}), name="bingo-operation-detail"),
    path(BASE + "findings/", _sub_list({"get": "findings"}), name="bingo-operation-findings"),
    path("bingo/multihall-agreements/", multihall_api.AgreementListApi.as_view(), name="bingo-multihall-agreements"),
    path("bingo/multihall-agreements/<int:pk>/approve/", multihall_api.AgreementApproveApi.as_view(),
         name="bingo-multihall-agreement-approve"),
    path("bingo/games/<int:pk>/annuity/", multihall_api.AnnuityApi.as_view(), name="bingo-game-annuity"),
    path("bingo/games/<int:pk>/annuity/purchase/", multihall_api.AnnuityPurchaseApi.as_view(),
         name="bingo-game-annuity-purchase"),
    path(BASE + "ready/", _sub_list({"get": "ready"}), name="bingo-operation-ready"),
    path(BASE + "games/", _sub_list({"get": "games", "post": "game_create"}), name="bingo-operation-games"),
    path(BASE + "games/reorder/", _sub_list({"post": "game_reorder"}), name="bingo-operation-games-reorder"),
    path(BASE + "games/<int:game_pk>/", ops.as_view({"patch": "game_update", "delete": "game_destroy"}),
         name="bingo-operation-game-detail"),
    path(BASE + "workers/", _sub_list({"get": "workers", "post": "worker_create"}),
         name="bingo-operation-workers"),
    path(BASE + "workers/<int:worker_pk>/", ops.as_view({"delete": "worker_destroy"}),
         name="bingo-operation-worker-detail"),
    path(BASE + "halls/", _sub_list({"get": "halls", "post": "hall_create"}), name="bingo-operation-halls"),
    path("bingo/custom-patterns/", CustomPatternViewSet.as_view({"get": "list", "post": "create"}),
         name="bingo-custom-pattern-list"),
]
