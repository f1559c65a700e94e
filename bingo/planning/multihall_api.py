"""The multi-hall game's terms under /api/v1/bingo/: the service providers' written agreements (30 DCMR 1401.7-1401.11)
and the annuity of a prize of $10,000 or more (1408.6-1408.9). Thin: a serializer checks the shape, one service
(bingo.planning.multihall) the rules and the role."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from bingo.models import Game, MultiHallAgreement
from bingo.planning import multihall
from bingo.planning.selectors import agreement_list, operation_list
from core.api.answers import ERRORS
from core.money import MoneySerializerField
from core.numbers import IntegerSerializerField
from licensing.organizations.selectors import organization_get


class MultiHallAgreementSerializer(serializers.ModelSerializer):
    approved = serializers.SerializerMethodField()

    class Meta:
        model = MultiHallAgreement
        fields = ["id", "organization", "provider", "services", "signed_on", "ends_on", "audit_clause",
                  "reimburses_audit_fees", "provider_gives_bond", "approved", "approved_at"]
        read_only_fields = fields

    def get_approved(self, agreement) -> bool:
        return agreement.approved_at is not None


class MultiHallAgreementCreateSerializer(serializers.Serializer):
    organization = IntegerSerializerField()
    provider = serializers.CharField(max_length=200)
    services = serializers.CharField(max_length=300, help_text=_("Advertising or financial services (30 DCMR 1401.7)."))
    signed_on = serializers.DateField()
    ends_on = serializers.DateField(required=False, allow_null=True, default=None)
    audit_clause = serializers.BooleanField(default=False, help_text=_(
        "The agreement lets the Agency review, inspect and audit the books, records and operations of both parties "
        "(30 DCMR 1401.8)."))
    reimburses_audit_fees = serializers.BooleanField(default=False, help_text=_("30 DCMR 1401.9."))
    provider_gives_bond = serializers.BooleanField(default=False, help_text=_("30 DCMR 1401.10."))


class AgreementListApi(APIView):
    """The multi-hall service agreements of the caller's organizations (the Board: all); POST records one."""

    @extend_schema(responses={200: MultiHallAgreementSerializer(many=True)})
    def get(self, request):
        agreements = agreement_list(user=request.user).order_by("organization_id", "-signed_on")
        return Response(MultiHallAgreementSerializer(agreements, many=True).data)

    @extend_schema(request=MultiHallAgreementCreateSerializer,
                   responses={201: MultiHallAgreementSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def post(self, request):
        serializer = MultiHallAgreementCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        organization = organization_get(user=request.user, pk=data.pop("organization"))
        agreement = multihall.agreement_record(actor=request.user, organization=organization, **data)
        return Response(MultiHallAgreementSerializer(agreement).data, status=status.HTTP_201_CREATED)


class AgreementApproveApi(APIView):
    @extend_schema(request=None,
                   responses={200: MultiHallAgreementSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def post(self, request, pk: int):
        """The Agency approves the agreement (30 DCMR 1401.8): Board staff only."""
        agreement = get_object_or_404(agreement_list(user=request.user), pk=pk)
        agreement = multihall.agreement_approve(actor=request.user, agreement=agreement)
        return Response(MultiHallAgreementSerializer(agreement).data)


class AnnuitySerializer(serializers.ModelSerializer):
    class Meta:
        model = Game
        fields = ["id", "number", "game_type", "prize", "annuity_years", "annuity_amount", "annuity_insurer",
                  "annuity_insurer_dc_licensed", "annuity_purchased_on", "annuity_contract"]
        read_only_fields = fields


class AnnuitySetSerializer(serializers.Serializer):
    years = IntegerSerializerField(allow_null=True, help_text=_("At most 25 (30 DCMR 1408.6); null: no annuity."))
    amount = MoneySerializerField(max_digits=12, required=False, allow_null=True, default=None)
    insurer = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    insurer_dc_licensed = serializers.BooleanField(default=False, help_text=_("30 DCMR 1408.8."))


class AnnuityPurchaseSerializer(serializers.Serializer):
    purchased_on = serializers.DateField(help_text=_(
        "Within the days in force after the win (bingo.annuity_purchase_days, 30 DCMR 1408.7)."))
    contract = serializers.CharField(max_length=100)


def _game(user, pk: int) -> Game:
    return get_object_or_404(Game.objects.filter(operation__in=operation_list(user=user)).select_related(
        "operation__license"), pk=pk)


class AnnuityApi(APIView):
    @extend_schema(responses={200: AnnuitySerializer, 404: ERRORS})
    def get(self, request, pk: int):
        return Response(AnnuitySerializer(_game(request.user, pk)).data)

    @extend_schema(request=AnnuitySetSerializer,
                   responses={200: AnnuitySerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def post(self, request, pk: int):
        """Plan the prize's annuity (30 DCMR 1408.6, 1408.8)."""
        game = _game(request.user, pk)
        serializer = AnnuitySetSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        game = multihall.game_annuity_set(actor=request.user, game=game, **serializer.validated_data)
        return Response(AnnuitySerializer(game).data)


class AnnuityPurchaseApi(APIView):
    @extend_schema(request=AnnuityPurchaseSerializer,
                   responses={200: AnnuitySerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def post(self, request, pk: int):
        """Record the annuity bought for the winner (30 DCMR 1408.7, 1408.8)."""
        game = _game(request.user, pk)
        serializer = AnnuityPurchaseSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        game = multihall.game_annuity_purchase(actor=request.user, game=game, **serializer.validated_data)
        return Response(AnnuitySerializer(game).data)
