"""The Board's dashboards, exports and vendor cross-check: portal pages (urlpatterns, in the portal namespace, via
licensing/urls.py) and the API (api_urlpatterns, under /api/v1/, via licensing/urls.py)."""

from django.urls import path

from licensing.board import api, views
from licensing.board.cross_check import urls as cross_check_urls
from licensing.board.exports import urls as exports_urls

urlpatterns = [
    path("board/", views.board_dashboard, name="board_dashboard"),
    path("organizations/<int:pk>/figures/", views.organization_figures, name="organization_figures"),
    path("organizations/<int:pk>/posting-sheet/", views.posting_sheet, name="posting_sheet"),
    path("organizations/<int:pk>/posting-sheet.pdf", views.posting_sheet_pdf, name="posting_sheet_pdf"),
    *exports_urls.urlpatterns,  # the reports' CSV and XLSX exports
    *cross_check_urls.urlpatterns,  # the vendor cross-check
]

api_urlpatterns = [
    path("board/dashboard", api.DashboardApi.as_view(), name="board-dashboard"),
    *exports_urls.api_urlpatterns,
    *cross_check_urls.api_urlpatterns,
]
