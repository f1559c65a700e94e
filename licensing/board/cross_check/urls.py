"""The vendor cross-check: the Board's page (urlpatterns, in the portal namespace) and the API (api_urlpatterns),
gathered by licensing/board/urls.py."""

from django.urls import path

from licensing.board.cross_check import api, views

urlpatterns = [
    path("reports/vendor-cross-check/", views.vendor_cross_check_page, name="report_vendor_cross_check"),
]

api_urlpatterns = [
    path("reports/vendor-cross-check", api.VendorCrossCheckApi.as_view(), name="reports-vendor-cross-check"),
]
