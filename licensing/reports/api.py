"""Public filing deadlines API: when an event's report, deposit and proceeds are due."""

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import permissions
from rest_framework.response import Response
from rest_framework.views import APIView

from licensing.reports.deadlines import deadlines
from licensing.reports.serializers import DeadlinesQuerySerializer, DeadlinesSerializer


class DeadlinesApi(APIView):
    """Public: the report, deposit and proceeds deadlines of one event."""

    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []  # public dates: no session, no token

    @extend_schema(
        operation_id="reports_deadlines",
        summary="When an event's report, deposit and proceeds are due",
        description=(
            "No sign-in needed. Report due 10 calendar days after a regular bingo operation, 30 after a "
            "limited-period one (30 DCMR 1413.1); deposit of receipts less cash prizes by the end of the next "
            "business day, skipping weekends and District of Columbia legal holidays, none for Class D "
            "(1411.1); proceeds used within 30 days of a bingo operation (1411.3) or a raffle drawing (1506.4), "
            "10 days of a Monte Carlo Night (1608.4). Dates are ISO; null where no rule sets one. Malformed "
            "input answers 400 naming the field."
        ),
        parameters=[DeadlinesQuerySerializer],
        responses={200: DeadlinesSerializer, 400: OpenApiResponse(description=(
            "A value is invalid: {\"errors\": [{\"field\", \"code\", \"message\", \"rule\"}]}."))},
        tags=["reports"],
        examples=[OpenApiExample("Bingo Class B, Thursday 15 April 2027 (Emancipation Day follows)", value={
            "report_due": "2027-04-25", "deposit_due": "2027-04-19", "proceeds_used_by": "2027-05-15",
            "citations": ["30 DCMR 1413.1", "30 DCMR 1411.1", "30 DCMR 1411.3"]}, response_only=True)],
    )
    def get(self, request):
        query = DeadlinesQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        return Response(DeadlinesSerializer(deadlines(**query.validated_data)).data)
