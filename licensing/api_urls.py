from django.urls import path
from rest_framework.routers import SimpleRouter

from licensing import api

router = SimpleRouter()
router.register("organizations", api.OrganizationViewSet, basename="organization")
router.register("memberships", api.MembershipViewSet, basename="membership")
router.register("audit-events", api.AuditEventViewSet, basename="audit-event")

urlpatterns = [
    path("auth/token/", api.TokenCreateApi.as_view(), name="token-create"),
    path("me/", api.MeApi.as_view(), name="me"),
    *router.urls,
]
