"""The payout desk: its portal pages (portal_urlpatterns, in the portal namespace, via licensing/urls.py) and its API
(api_urlpatterns, via licensing/urls.py)."""

from django.urls import path  # noqa: F401

portal_urlpatterns: list = []

api_urlpatterns: list = []
