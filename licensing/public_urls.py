"""Public pages of the licensing app: no sign-in needed."""

from django.urls import path  # noqa: F401

from licensing import views_public
from licensing.views_fees import fee_calculator

app_name = "public"
urlpatterns: list = [
    path("fees/", fee_calculator, name="fee_calculator"),
    path("licenses/", views_public.license_lookup, name="license_lookup"),
    path("licenses/<str:number>/", views_public.license_detail, name="license_detail"),
]
