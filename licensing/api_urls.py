from django.urls import include, path

from config.api_router import IdRouter
from licensing import api
from licensing.accounts.urls import api_urlpatterns as accounts_api
from licensing.applications.urls import api_urlpatterns as applications_api
from licensing.enforcement.urls import api_urlpatterns as enforcement_api
from licensing.fees.urls import api_urlpatterns as fees_api
from licensing.organizations.urls import api_urlpatterns as organizations_api
from licensing.premises.api import PremisesCorrectionViewSet
from licensing.public.urls import api_urlpatterns as public_api
from licensing.review.urls import api_urlpatterns as review_api

router = IdRouter()
router.register("organizations", api.OrganizationViewSet, basename="organization")
router.register("memberships", api.MembershipViewSet, basename="membership")
router.register("audit-events", api.AuditEventViewSet, basename="audit-event")
router.register("review/premises-corrections", PremisesCorrectionViewSet, basename="premises-correction")

urlpatterns = [
    path("auth/token/", api.TokenCreateApi.as_view(), name="token-create"),
    path("me/", api.MeApi.as_view(), name="me"),
    path("", include(organizations_api)),  # members, responsible people, documents
    path("", include(accounts_api)),  # Board accounts, for Board administrators
    path("", include(fees_api)),  # the public fee quote
    path("", include(public_api)),  # the public license lookup
    path("", include(enforcement_api)),  # suspend, revoke, fine: before the router's licenses/<pk>/
    *router.urls,
    *applications_api,  # filing an application
    *review_api,  # the Board review's applications, and licenses
]
