"""Filing: the report pages (portal_urlpatterns, in the portal namespace) and the reports API (api_urlpatterns), both
gathered by licensing/reports/urls.py; the public "when is it due" helper (public_urlpatterns, included by
licensing/public/urls.py in the public namespace)."""

from django.urls import path

from licensing.reports.filing import api, views

portal_urlpatterns = [
    path("reports/", views.report_list_page, name="report_list"),
    path("reports/<int:pk>/", views.report_detail, name="report_detail"),
    path("reports/<int:pk>/parts/<slug:section>/", views.report_section_edit, name="report_section"),
    path("reports/<int:pk>/corrections/", views.report_corrections_save, name="report_corrections"),
    path("reports/<int:pk>/submit/", views.report_submit, name="report_submit"),
    path("reports/<int:pk>/correct/", views.report_correct, name="report_correct"),
    path("reports/<int:pk>/report.pdf", views.report_pdf_download, name="report_pdf"),
    path("reports/not-held/", views.report_not_held, name="report_not_held"),
    path("reports/<int:pk>/held/", views.report_held, name="report_held"),
]

public_urlpatterns = [
    path("deadlines/", views.deadline_helper, name="deadlines"),
]

api_urlpatterns = [
    path("reports/deadlines", api.DeadlinesApi.as_view(), name="reports-deadlines"),
    path("reports/", api.ReportListApi.as_view(), name="report-list"),
    path("reports/<int:pk>/", api.ReportDetailApi.as_view(), name="report-detail"),
    path("reports/<int:pk>/submit", api.ReportSubmitApi.as_view(), name="report-submit"),
    path("reports/<int:pk>/correct", api.ReportCorrectApi.as_view(), name="report-correct"),
    path("reports/not-held", api.ReportNotHeldApi.as_view(), name="report-not-held"),
    path("reports/<int:pk>/held", api.ReportHeldApi.as_view(), name="report-held"),
]
