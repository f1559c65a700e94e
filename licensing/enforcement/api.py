"""Enforcement API for board staff: suspend, revoke, fine (30 DCMR 1210.1, 1704.1).

Serializers check the shape of the input only; the limits (the register's enforcement.suspension_max_days and
enforcement.fine_max_per_violation, reasons (a)-(f)) are the service's, so a breach comes back as a 400 naming the
field and the rule."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.views import APIView

from core.api.answers import service_answer
from licensing.accounts.permissions import IsBoardStaff
from licensing.enforcement.selectors import license_for_enforcement_get
from licensing.enforcement.serializers import (
    EnforcementActionSerializer,
    FineSerializer,
    RevokeSerializer,
    SuspendSerializer,
)
from licensing.enforcement.services import license_fine, license_revoke, license_suspend
from licensing.models import EnforcementAction


class _EnforcementApi(APIView):
    permission_classes = [IsBoardStaff]
    input_serializer: type[serializers.Serializer]

    def act(self, *, actor, license, data: dict) -> EnforcementAction:
        raise NotImplementedError

    def post(self, request, pk: int):
        license = license_for_enforcement_get(user=request.user, pk=pk)
        return service_answer(
            request, serializer_class=self.input_serializer,
            call=lambda **data: self.act(actor=request.user, license=license, data=data),
            answer=lambda action: EnforcementActionSerializer(action).data, status_code=status.HTTP_201_CREATED)


class LicenseSuspendApi(_EnforcementApi):
    """Suspend a license for at least one day and at most the days in force (enforcement.suspension_max_days,
    30 DCMR 1210.1) (board staff)."""

    input_serializer = SuspendSerializer

    @extend_schema(request=SuspendSerializer, responses={201: EnforcementActionSerializer})
    def post(self, request, pk: int):
        return super().post(request, pk)

    def act(self, *, actor, license, data):
        return license_suspend(actor=actor, license=license, **data)


class LicenseRevokeApi(_EnforcementApi):
    """Revoke a license; final (board staff)."""

    input_serializer = RevokeSerializer

    @extend_schema(request=RevokeSerializer, responses={201: EnforcementActionSerializer})
    def post(self, request, pk: int):
        return super().post(request, pk)

    def act(self, *, actor, license, data):
        return license_revoke(actor=actor, license=license, **data)


class LicenseFineApi(_EnforcementApi):
    """Fine a licensee, at most the amount in force per violation (enforcement.fine_max_per_violation,
    30 DCMR 1704.1) (board staff)."""

    input_serializer = FineSerializer

    @extend_schema(request=FineSerializer, responses={201: EnforcementActionSerializer})
    def post(self, request, pk: int):
        return super().post(request, pk)

    def act(self, *, actor, license, data):
        return license_fine(actor=actor, license=license, **data)
