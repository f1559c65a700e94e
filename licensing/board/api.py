"""The Board's compliance dashboard API: GET /api/v1/board/dashboard, the figures of the portal's dashboard."""

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from core.replica import reads_from_replica
from licensing.accounts.permissions import BOARD_ERRORS, IsBoard
from licensing.board import selectors
from licensing.board.serializers import DashboardQuerySerializer, DashboardSerializer

_FIGURES = {"reports": 2, "handle": "2000.00", "charity_tickets": "0.00", "charity_ticket_prizes": "0.00",
            "gross_receipts": "2000.00", "prizes": "1300.00",
            "expenses": "200.00", "net_proceeds": "500.00", "disbursed": "500.00",
            "shares": {"prizes": "65.0", "lawful_purpose": "25.0", "expenses": "10.0"}}


class DashboardApi(APIView):
    """Board staff and board members: receipts, prizes, expenses and net to the lawful purpose by year and month,
    findings by rule, the organizations with the most gross receipts, and the shares of the handle."""

    permission_classes = [IsBoard]

    @extend_schema(
        operation_id="board_dashboard",
        summary="The compliance dashboard's figures",
        description=(
            "Sums of the event financial reports in force (status submitted: drafts are not filed yet, a "
            "superseded version is replaced by its correction), by year and by month, with each period's shares "
            "of the handle to prizes, to the lawful purpose (net proceeds) and to expenses, the figures an "
            "organization posts under 30 DCMR 1400.9(e). `year` narrows the months, the total, the findings and "
            "the organizations; `kind` narrows everything. Board staff and board members only (403 otherwise); "
            "a year outside 2000 to next year, or an unknown kind, answers 400 naming the field."
        ),
        parameters=[DashboardQuerySerializer],
        responses={200: DashboardSerializer, **BOARD_ERRORS},
        tags=["board"],
        examples=[OpenApiExample("One organization, 2026", response_only=True, value={
            "year": 2026, "kind": "bingo", "total": _FIGURES, "years": [{"year": 2026, "figures": _FIGURES}],
            "months": [{"month": "2026-03", "figures": _FIGURES}],
            "findings": [{"rule": "30 DCMR 1408.1", "findings": 1, "reports": 1}],
            "organizations": [{"id": 7, "name": "St. Anne Parish", "figures": _FIGURES}]})],
    )
    @reads_from_replica
    def get(self, request):
        query = DashboardQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        found = selectors.dashboard(user=request.user, **query.validated_data)
        return Response(DashboardSerializer(found).data)
