"""Public pages of the licensing app, no sign-in needed (urlpatterns, the "public" namespace, mounted at /public/ by
config/urls.py), and the public license lookup API (api_urlpatterns, via licensing/urls.py)."""

from django.urls import include, path

from licensing.fees import urls as fees_urls
from licensing.public import api, views
from licensing.reports import views as reports_views
from licensing.reports.drawings import urls as drawings_urls

app_name = "public"
urlpatterns: list = [
    path("", include(fees_urls.urlpatterns)),  # the fee calculator
    path("licenses/", views.license_lookup, name="license_lookup"),
    path("licenses/<str:number>/", views.license_detail, name="license_detail"),
    path("deadlines/", reports_views.deadline_helper, name="deadlines"),  # "when is it due"
    path("", include(drawings_urls.urlpatterns)),  # a raffle drawing's public page
]

api_urlpatterns = [
    path("public/licenses/", api.PublicLicenseListApi.as_view(), name="public-license-list"),
    path("public/licenses/<str:number>/", api.PublicLicenseDetailApi.as_view(), name="public-license-detail"),
]
