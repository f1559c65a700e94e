"""Reports: the portal pages (portal_urlpatterns, in the portal namespace, via licensing/urls.py): filing a
report, the overdue list and its waiver, the exports, the vendor cross-check; and the API (api_urlpatterns, via
licensing/urls.py): the public deadlines, the reports, the overdue list, the exports, the cross-check and the
raffle drawings."""

from django.urls import path

from licensing.reports import api, views
from licensing.reports.drawings.urls import api_urlpatterns as drawings_api
from licensing.reports.filing.urls import api_urlpatterns as filing_api
from licensing.reports.filing.urls import portal_urlpatterns as filing_portal

portal_urlpatterns = [
    path("reports/overdue/", views.overdue_list, name="report_overdue_list"),
    path("reports/exports/", views.report_exports, name="report_exports"),
    path("reports/exports/<str:dataset>.<str:file_format>", views.report_export, name="report_export"),
    path("reports/vendor-cross-check/", views.vendor_cross_check_page, name="report_vendor_cross_check"),
    *filing_portal,  # open, fill, submit, correct a report
]

api_urlpatterns = [
    path("reports/deadlines", api.DeadlinesApi.as_view(), name="reports-deadlines"),
    path("reports/overdue", api.OverdueReportListApi.as_view(), name="reports-overdue"),
    path("reports/overdue/<int:pk>/waive", api.OverdueReportWaiveApi.as_view(), name="reports-overdue-waive"),
    path("reports/exports/<str:dataset>.<str:file_format>", api.ReportExportApi.as_view(), name="reports-export"),
    path("reports/vendor-cross-check", api.VendorCrossCheckApi.as_view(), name="reports-vendor-cross-check"),
    *filing_api,  # open, save, submit, correct a report
    *drawings_api,  # schedule, close sales, draw; the public drawing
]
