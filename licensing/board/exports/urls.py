"""The exports: the download page and its files (urlpatterns, in the portal namespace) and the API
(api_urlpatterns), gathered by licensing/board/urls.py."""

from django.urls import path

from licensing.board.exports import api, views

urlpatterns = [
    path("reports/exports/", views.report_exports, name="report_exports"),
    path("reports/exports/<str:dataset>.<str:file_format>", views.report_export, name="report_export"),
]

api_urlpatterns = [
    path("reports/exports/<str:dataset>.<str:file_format>", api.ReportExportApi.as_view(), name="reports-export"),
]
