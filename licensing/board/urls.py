"""The Board's dashboards: portal pages (urlpatterns, in the portal namespace, via licensing/urls.py) and the API
(api_urlpatterns, under /api/v1/, via licensing/urls.py)."""

from django.urls import path

from licensing.board import api, views

urlpatterns = [
    path("board/", views.board_dashboard, name="board_dashboard"),
    path("organizations/<int:pk>/figures/", views.organization_figures, name="organization_figures"),
    path("organizations/<int:pk>/posting-sheet/", views.posting_sheet, name="posting_sheet"),
    path("organizations/<int:pk>/posting-sheet.pdf", views.posting_sheet_pdf, name="posting_sheet_pdf"),
]

api_urlpatterns = [
    path("board/dashboard", api.DashboardApi.as_view(), name="board-dashboard"),
]
