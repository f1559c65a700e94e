"""Public fee quote API: what an application costs under the Board's schedules (30 DCMR 1204, 1205, 1414)."""

from decimal import Decimal

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from core.money import MoneySerializerField
from licensing.fees import fee_quote
from licensing.models.choices import LICENSE_CLASS_CHOICES, ApplicationKind, LicenseType, Period


class FeeQuoteQuerySerializer(serializers.Serializer):
    license_type = serializers.ChoiceField(choices=LicenseType.choices)
    license_class = serializers.ChoiceField(
        choices=LICENSE_CLASS_CHOICES,
        help_text=_("A-D for bingo (Class D: senior groups only), A-C for multi-hall, 1-5 for raffles, "
                    "1-2 for Monte Carlo Night."),
    )
    period = serializers.ChoiceField(
        choices=Period.choices, default=Period.REGULAR, help_text=_("Limited period: bingo and multi-hall only.")
    )
    senior = serializers.BooleanField(default=False, help_text=_("Applying as a senior group (30 DCMR 1201)."))
    kind = serializers.ChoiceField(choices=ApplicationKind.choices, default=ApplicationKind.ORIGINAL)
    # 11 digits so the bond (plus 15%) still fits a 12-digit money field.
    highest_prize = MoneySerializerField(
        max_digits=11, decimal_places=2, min_value=Decimal("0.01"), required=False,
        help_text=_("Multi-hall only, required: the highest prize offered; the bond is this plus 15% (1414.9)."),
    )
    base_expires_on = serializers.DateField(
        required=False,
        help_text=_("Multi-hall only: the base bingo license's expiry; the regular fee is prorated to it (1414)."),
    )
    on = serializers.DateField(
        required=False, help_text=_("Quote the schedules in effect on this date (default today).")
    )


class FeeQuoteSerializer(serializers.Serializer):
    application_fee = serializers.DecimalField(
        max_digits=12, decimal_places=2, allow_null=True,
        help_text=_("Null while the Board has not set this fee (raffles); such an application cannot be "
                    "submitted."),
    )
    bond = serializers.DecimalField(
        max_digits=12, decimal_places=2, allow_null=True,
        help_text=_("Null when no bond is required or the Board has not set the amount; `notes` says which."),
    )
    citations = serializers.ListField(child=serializers.CharField())
    notes = serializers.ListField(child=serializers.CharField())
    can_submit = serializers.BooleanField()


class FeeQuoteApi(APIView):
    """Public: the application fee and bond of a license, from the Board's fee and bond schedules."""

    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []  # public figures: no session, no token, nothing to check

    @extend_schema(
        operation_id="fees_quote",
        summary="Quote the application fee and bond of a license",
        description=(
            "No sign-in needed. Fees come from the Board's effective-dated schedule (30 DCMR 1204.1, 1204.2-1204.5, "
            "1204.16, 1204.19, 1414); money is a string with two decimals. Raffle fees and bond amounts are set by "
            "the Board: until it does, the value is null, `notes` says so and such an application cannot be "
            "submitted (`can_submit` false). A senior group's Class D bingo needs no bond (1201.3): `bond` is "
            "null with a note and `can_submit` stays true.\n\n"
            "Multi-hall: the bond is the highest prize offered plus 15% (1414.9), to the cent. The regular fee "
            "is prorated to the base bingo license's expiry (1414): fee x (base_expires_on - on, in days) / 365, "
            "rounded half up to the cent, never more than the full fee; a limited-period fee is not prorated.\n\n"
            "A combination that does not exist (a class not of the type, Class D for a group that is not a "
            "senior group, a limited-period raffle or Monte Carlo Night, multi-hall without highest_prize) "
            "answers 400 naming the field and the rule."
        ),
        parameters=[FeeQuoteQuerySerializer],
        responses={
            200: FeeQuoteSerializer,
            400: OpenApiResponse(description="The combination does not exist or a value is invalid: "
                                             "{\"errors\": [{\"field\", \"code\", \"message\", \"rule\"}]}."),
        },
        tags=["fees"],
        examples=[
            OpenApiExample(
                "Bingo Class A",
                value={"application_fee": "500.00", "bond": None, "citations": ["30 DCMR 1204.1"],
                       "notes": ["30 DCMR 1205.2: the Board has not set a bond amount for a Bingo Class A license "
                                 "yet; an application cannot be submitted until it does."], "can_submit": False},
                response_only=True,
            ),
        ],
    )
    def get(self, request):
        query = FeeQuoteQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        quote = fee_quote(**query.validated_data)
        return Response(FeeQuoteSerializer(quote).data)
