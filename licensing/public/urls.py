"""Public pages of the licensing app, no sign-in needed (urlpatterns, the "public" namespace, mounted at /public/ by
config/urls.py), and the public license lookup API (api_urlpatterns, via licensing/urls.py)."""

from django.urls import include, path

from licensing.fees import urls as fees_urls
from licensing.hall import urls as hall_urls
from licensing.public import api, views
from licensing.public.charity import api as charity_api
from licensing.public.charity import views as charity_views
from licensing.register import urls as register_urls
from licensing.reports.drawings import urls as drawings_urls
from licensing.reports.filing import urls as filing_urls

app_name = "public"
urlpatterns: list = [
    path("", include(fees_urls.urlpatterns)),  # the fee calculator
    path("licenses/", views.license_lookup, name="license_lookup"),
    path("licenses/<str:number>/", views.license_detail, name="license_detail"),
    path("", include(filing_urls.public_urlpatterns)),  # "when is it due": the deadlines of one event
    path("", include(register_urls.public_urlpatterns)),  # the Board's numbers in force, with their citations
    path("", include(drawings_urls.urlpatterns)),  # a raffle drawing's public page
    path("", include(hall_urls.public_urlpatterns)),  # the check of a head signed in the hall (its QR code)
    path("charity-totals/", charity_views.charity_totals, name="charity_totals"),
    path("charity-totals.csv", charity_views.charity_totals_csv, name="charity_totals_csv"),
]

api_urlpatterns = [
    path("public/licenses/", api.PublicLicenseListApi.as_view(), name="public-license-list"),
    path("public/licenses/<str:number>/", api.PublicLicenseDetailApi.as_view(), name="public-license-detail"),
    path("public/charity-totals", charity_api.CharityTotalsApi.as_view(), name="public-charity-totals"),
]
