"""Reports: the public deadlines API (api_urlpatterns, via licensing/urls.py)."""

from django.urls import path

from licensing.reports import api

api_urlpatterns = [
    path("reports/deadlines", api.DeadlinesApi.as_view(), name="reports-deadlines"),
]
