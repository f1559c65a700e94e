"""Enforcement: the license's enforcement page (urlpatterns, in the portal namespace, via licensing/urls.py) and the
suspend, revoke and fine API (api_urlpatterns, via licensing/urls.py)."""

from django.urls import path

from licensing.enforcement import api, views

urlpatterns = [
    path("licenses/<int:pk>/enforcement/", views.license_enforcement, name="license_enforcement"),
]

api_urlpatterns = [
    path("licenses/<int:pk>/suspend/", api.LicenseSuspendApi.as_view(), name="license-suspend"),
    path("licenses/<int:pk>/revoke/", api.LicenseRevokeApi.as_view(), name="license-revoke"),
    path("licenses/<int:pk>/fine/", api.LicenseFineApi.as_view(), name="license-fine"),
]
