"""Public pages of the licensing app: no sign-in needed."""

from django.urls import path  # noqa: F401

app_name = "public"
urlpatterns: list = []
