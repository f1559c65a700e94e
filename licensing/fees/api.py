"""Public fee quote API: what an application costs under the Board's schedules (30 DCMR 1204, 1205, 1414)."""

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import permissions
from rest_framework.response import Response
from rest_framework.views import APIView

from licensing.fees.quotes import fee_quote
from licensing.fees.serializers import FeeQuoteQuerySerializer, FeeQuoteSerializer


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
