"""Enforcement API for board staff: suspend, revoke, fine (30 DCMR 1210.1, 1704.1).

Serializers check the shape of the input only; the limits (60 days, $1,000 per violation,
reasons (a)-(f)) are the service's, so a breach comes back as a 400 naming the field and the rule."""

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.views import APIView

from core.api import service_answer
from core.money import MoneySerializerField
from core.numbers import IntegerSerializerField
from licensing.models import EnforcementAction
from licensing.selectors_enforcement import license_for_enforcement_get
from licensing.services.enforcement import license_fine, license_revoke, license_suspend


class IsBoardStaff(permissions.BasePermission):
    def has_permission(self, request, view) -> bool:
        return bool(request.user and request.user.is_authenticated and request.user.is_board_staff)


class _ActionInputSerializer(serializers.Serializer):
    # Empty or missing reasons reach the service, which answers with the rule (30 DCMR 1210.1).
    reasons = serializers.ListField(child=serializers.CharField(max_length=1), required=False, default=list,
                                    help_text="Codes of 30 DCMR 1210.1: a to f.")
    rules = serializers.ListField(child=serializers.CharField(max_length=40), required=False, default=list,
                                  help_text='Rules broken, e.g. ["30 DCMR 1408.1"]; required with reason d.')
    explanation = serializers.CharField()


class SuspendSerializer(_ActionInputSerializer):
    days = IntegerSerializerField(help_text="1 to 60 (30 DCMR 1210.1).")
    starts_on = serializers.DateField(required=False, allow_null=True, help_text="Today when left out.")


class RevokeSerializer(_ActionInputSerializer):
    pass


class FineSerializer(_ActionInputSerializer):
    violations = IntegerSerializerField(min_value=1, max_value=32767)
    amount_per_violation = MoneySerializerField(max_digits=12, decimal_places=2, required=False,
                                                help_text="At most 1000.00 (30 DCMR 1704.1).")
    fine_amount = MoneySerializerField(max_digits=12, decimal_places=2, required=False,
                                       help_text="The total instead of the amount per violation.")


class EnforcementActionSerializer(serializers.ModelSerializer):
    license_number = serializers.CharField(source="license.number", read_only=True)
    license_status = serializers.CharField(source="license.status", read_only=True)
    suspended_until = serializers.DateField(source="license.suspended_until", read_only=True, allow_null=True)

    class Meta:
        model = EnforcementAction
        fields = ["id", "license", "license_number", "license_status", "suspended_until", "kind", "reasons", "rules",
                  "explanation", "starts_on", "ends_on", "violations", "fine_amount", "issued_by", "issued_at"]


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
    """Suspend a license for 1 to 60 days (board staff)."""

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
    """Fine a licensee, at most $1,000 per violation (board staff)."""

    input_serializer = FineSerializer

    @extend_schema(request=FineSerializer, responses={201: EnforcementActionSerializer})
    def post(self, request, pk: int):
        return super().post(request, pk)

    def act(self, *, actor, license, data):
        return license_fine(actor=actor, license=license, **data)
