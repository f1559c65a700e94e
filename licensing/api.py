"""Licensing API: thin views over selectors (reads) and services (writes)."""

from django.utils.decorators import method_decorator
from django.views.decorators.debug import sensitive_post_parameters
from drf_spectacular.utils import extend_schema
from rest_framework import generics, permissions, viewsets
from rest_framework.authtoken.models import Token
from rest_framework.response import Response
from rest_framework.views import APIView

from licensing import selectors
from licensing.filters import AuditEventFilter, OrganizationFilter
from licensing.organizations.api import OrganizationProfileMixin
from licensing.serializers import (
    AuditEventSerializer,
    MembershipSerializer,
    MeSerializer,
    OrganizationSerializer,
    TokenRequestSerializer,
    TokenSerializer,
)


@method_decorator(sensitive_post_parameters("password"), name="dispatch")
class TokenCreateApi(APIView):
    """Exchange an email and password for an API token (counted by the login lockout)."""

    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []

    @extend_schema(request=TokenRequestSerializer, responses=TokenSerializer)
    def post(self, request):
        serializer = TokenRequestSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        token, _ = Token.objects.get_or_create(user=serializer.validated_data["user"])
        return Response({"token": token.key})


class MeApi(generics.RetrieveAPIView):
    """The signed-in user, with board groups and organization roles."""

    serializer_class = MeSerializer

    def get_object(self):
        return self.request.user


class OrganizationViewSet(OrganizationProfileMixin, viewsets.ReadOnlyModelViewSet):
    """Organizations the caller may see: their own, or all for the Board. PATCH: the profile facts
    (licensing/organizations/api.py), by the organization's filing roles only."""

    serializer_class = OrganizationSerializer
    filterset_class = OrganizationFilter

    def get_queryset(self):
        return selectors.organization_list(user=self.request.user)


class MembershipViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = MembershipSerializer
    filterset_fields = ["organization", "role", "is_active"]

    def get_queryset(self):
        return selectors.membership_list(user=self.request.user)


class AuditEventViewSet(viewsets.ReadOnlyModelViewSet):
    """The audit trail, read-only by design: events are never changed or deleted."""

    serializer_class = AuditEventSerializer
    filterset_class = AuditEventFilter

    def get_queryset(self):
        return selectors.audit_event_list(user=self.request.user)
