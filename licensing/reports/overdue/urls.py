"""The overdue list: the Board's page (portal_urlpatterns, in the portal namespace) and the API (api_urlpatterns),
both gathered by licensing/reports/urls.py."""

from django.urls import path

from licensing.reports.overdue import api, views

portal_urlpatterns = [
    path("reports/overdue/", views.overdue_list, name="report_overdue_list"),
]

api_urlpatterns = [
    path("reports/overdue", api.OverdueReportListApi.as_view(), name="reports-overdue"),
    path("reports/overdue/<int:pk>/waive", api.OverdueReportWaiveApi.as_view(), name="reports-overdue-waive"),
]
