"""Public pages of the licensing app: no sign-in needed."""

from django.urls import include, path

from licensing import views_public
from licensing.fees import urls as fees_urls

app_name = "public"
urlpatterns: list = [
    path("", include(fees_urls.urlpatterns)),  # the fee calculator
    path("licenses/", views_public.license_lookup, name="license_lookup"),
    path("licenses/<str:number>/", views_public.license_detail, name="license_detail"),
]
