"""The licensing app's patterns, gathered from its features: the portal (urlpatterns, under /portal/, in the
portal namespace, by config/urls.py) and the API (api_urlpatterns, under /api/v1/, by config/urls.py)."""

from django.urls import include, path

from core.api.router import IdRouter
from licensing import views
from licensing.accounts import api as accounts_api_views
from licensing.accounts.urls import api_urlpatterns as accounts_api
from licensing.applications import urls as applications_urls
from licensing.applications.urls import api_urlpatterns as applications_api
from licensing.audit.api import AuditEventViewSet
from licensing.board import urls as board_urls
from licensing.board.urls import api_urlpatterns as board_api
from licensing.enforcement import urls as enforcement_urls
from licensing.enforcement.urls import api_urlpatterns as enforcement_api
from licensing.fees.urls import api_urlpatterns as fees_api
from licensing.fees.urls import portal_urlpatterns as fees_portal
from licensing.hall import urls as hall_urls
from licensing.licenses import urls as licenses_urls
from licensing.licenses.urls import api_urlpatterns as licenses_api
from licensing.matches import urls as matches_urls
from licensing.matches.urls import api_urlpatterns as matches_api
from licensing.notifications import urls as notifications_urls
from licensing.organizations import urls as organizations_urls
from licensing.organizations.api import MembershipViewSet, OrganizationViewSet
from licensing.organizations.invitations import urls as invitations_urls
from licensing.organizations.urls import api_urlpatterns as organizations_api
from licensing.payouts.urls import api_urlpatterns as payouts_api
from licensing.payouts.urls import portal_urlpatterns as payouts_portal
from licensing.premises.api import PremisesCorrectionViewSet
from licensing.public.urls import api_urlpatterns as public_api
from licensing.register import urls as register_urls
from licensing.reports.urls import api_urlpatterns as reports_api
from licensing.reports.urls import portal_urlpatterns as reports_portal
from licensing.review.urls import api_urlpatterns as review_api

app_name = "portal"
urlpatterns = [
    path("", include("licensing.review.urls")),  # Board review
    path("", include(licenses_urls.urlpatterns)),  # the certificate download
    path("", include(fees_portal)),  # receiving an application's fee; its receipts
    path("", include("licensing.accounts.urls")),  # the Board administrator's accounts pages
    path("", views.dashboard, name="dashboard"),
    path("organizations/<int:pk>/", views.organization_detail, name="organization_detail"),
    path("", include(organizations_urls.urlpatterns)),  # the profile: facts, members, people, documents
    path("", include(invitations_urls.urlpatterns)),  # get started after signing up; officers' invitations
    path("", include(applications_urls.urlpatterns)),  # the guided application; its steps are only its own
    path("", include(enforcement_urls.urlpatterns)),  # the license's enforcement page
    path("", include(reports_portal)),  # reports: filing, the overdue list, a raffle license's drawing
    path("", include(matches_urls.urlpatterns)),  # Board staff's possible-match review
    path("", include(board_urls.urlpatterns)),  # the dashboard, figures, 1400.9(e), exports, vendor cross-check
    path("", include(notifications_urls.urlpatterns)),  # a person's notifications: a copy of every email
    path("", include(register_urls.urlpatterns)),  # Rules and fees: the Board's numbers, four-eyes changes
    path("", include(hall_urls.urlpatterns)),  # hall mode: event kits for a hall that runs offline
    path("", include(payouts_portal)),  # the winners' payout desk, Forms W-2G, the year's list
]

router = IdRouter()
router.register("organizations", OrganizationViewSet, basename="organization")
router.register("memberships", MembershipViewSet, basename="membership")
router.register("audit-events", AuditEventViewSet, basename="audit-event")
router.register("review/premises-corrections", PremisesCorrectionViewSet, basename="premises-correction")

api_urlpatterns = [
    path("auth/token/", accounts_api_views.TokenCreateApi.as_view(), name="token-create"),
    path("me/", accounts_api_views.MeApi.as_view(), name="me"),
    path("", include(organizations_api)),  # members, responsible people, documents
    path("", include(invitations_urls.api_urlpatterns)),  # officers' invitations, accepting one
    path("", include(accounts_api)),  # Board accounts, for Board administrators
    path("", include(fees_api)),  # the public fee quote; an application's payments, receipts, waiver
    path("", include(reports_api)),  # filing deadlines, reports, overdue reports, raffle drawings
    path("", include(public_api)),  # the public license lookup
    path("", include(register_urls.api_urlpatterns)),  # the Board's numbers: open data, four-eyes changes
    path("", include(enforcement_api)),  # suspend, revoke, fine: before the router's licenses/<pk>/
    path("", include(matches_api)),  # possible matches, for Board staff
    path("", include(board_api)),  # the compliance dashboard, the exports, the vendor cross-check
    path("", include(notifications_urls.api_urlpatterns)),  # the caller's own notifications
    path("", include(hall_urls.api_urlpatterns)),  # hall mode: event kits
    path("", include(payouts_api)),  # the payout desk: payouts, paying, Forms W-2G, the year's totals
    *router.urls,
    *applications_api,  # filing an application
    *review_api,  # the Board review's applications
    *licenses_api,  # licenses and their certificates
]
