"""Reports: the public deadlines API and the raffle drawings API (api_urlpatterns, via licensing/urls.py)."""

from django.urls import path

from licensing.reports import api
from licensing.reports.drawings.urls import api_urlpatterns as drawings_api

api_urlpatterns = [
    path("reports/deadlines", api.DeadlinesApi.as_view(), name="reports-deadlines"),
    *drawings_api,  # schedule, close sales, draw; the public drawing
]
