"""Reports: the public deadlines API, the reports API and the raffle drawings API (api_urlpatterns), and the
report pages (portal_urlpatterns), both via licensing/urls.py."""

from django.urls import path

from licensing.reports import api
from licensing.reports.drawings.urls import api_urlpatterns as drawings_api
from licensing.reports.filing.urls import api_urlpatterns as filing_api
from licensing.reports.filing.urls import portal_urlpatterns as filing_portal

api_urlpatterns = [
    path("reports/deadlines", api.DeadlinesApi.as_view(), name="reports-deadlines"),
    *filing_api,  # open, save, submit, correct a report
    *drawings_api,  # schedule, close sales, draw; the public drawing
]

portal_urlpatterns = [*filing_portal]
