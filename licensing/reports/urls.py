"""Reports: the sub-features' patterns, gathered. The portal (portal_urlpatterns, in the portal namespace, via
licensing/urls.py): filing a report, the Board's overdue list, a raffle license's drawing. The API
(api_urlpatterns, via licensing/urls.py): the public deadlines and the reports, the overdue list, the raffle
drawings. The public pages (the deadline helper, a drawing's public page) are included by licensing/public/urls.py;
the exports and the vendor cross-check are the Board's (licensing/board/urls.py)."""

from licensing.reports.drawings import urls as drawings_urls
from licensing.reports.filing import urls as filing_urls
from licensing.reports.overdue import urls as overdue_urls

portal_urlpatterns = [
    *overdue_urls.portal_urlpatterns,  # the Board's overdue list and its waiver
    *filing_urls.portal_urlpatterns,  # open, fill, submit, correct a report
    *drawings_urls.portal_urlpatterns,  # a raffle license's drawing, for its officers
]

api_urlpatterns = [
    *overdue_urls.api_urlpatterns,  # the overdue list and its waiver
    *filing_urls.api_urlpatterns,  # the public deadlines; open, save, submit, correct a report
    *drawings_urls.api_urlpatterns,  # schedule, close sales, draw; the public drawing
]
