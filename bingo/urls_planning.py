"""Portal routes of operation planning (bingo/views_planning.py), under /bingo/ in the `bingo` namespace."""

from django.urls import path

from bingo import views_planning as views

urlpatterns = [
    path("operations/", views.operation_list, name="operation_list"),
    path("operations/new/", views.operation_create, name="operation_create"),
    path("operations/<int:pk>/", views.operation_detail, name="operation_detail"),
    path("operations/<int:pk>/edit/", views.operation_edit, name="operation_edit"),
    path("operations/<int:pk>/games/add/", views.game_add, name="game_add"),
    path("operations/<int:pk>/games/<int:game_pk>/edit/", views.game_edit, name="game_edit"),
    path("operations/<int:pk>/games/<int:game_pk>/move/", views.game_move, name="game_move"),
    path("operations/<int:pk>/games/<int:game_pk>/remove/", views.game_remove, name="game_remove"),
    path("operations/<int:pk>/workers/add/", views.worker_add, name="worker_add"),
    path("operations/<int:pk>/workers/<int:worker_pk>/remove/", views.worker_remove, name="worker_remove"),
    path("operations/<int:pk>/halls/add/", views.hall_add, name="hall_add"),
    path("operations/<int:pk>/program-sheet.pdf", views.program_sheet_pdf, name="program_sheet_pdf"),
    path("operations/<int:pk>/workers/", views.worker_posting, name="worker_posting"),
    path("operations/<int:pk>/workers.pdf", views.worker_posting_pdf, name="worker_posting_pdf"),
    path("patterns/custom/", views.pattern_editor, name="pattern_editor"),
]
