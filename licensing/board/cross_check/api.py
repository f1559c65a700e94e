"""The vendor cross-check API, for the Board."""

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from core.replica import reads_from_replica
from licensing.accounts.permissions import IsBoard
from licensing.board.cross_check.selectors import vendor_cross_check
from licensing.board.cross_check.serializers import VendorCrossCheckQuerySerializer, VendorYearSerializer


class VendorCrossCheckApi(APIView):
    """Per vendor and year, the gross sales declared beside the purchases reported (the Board)."""

    permission_classes = [IsBoard]

    @extend_schema(
        operation_id="reports_vendor_cross_check", tags=["reports"], parameters=[VendorCrossCheckQuerySerializer],
        responses={200: VendorYearSerializer(many=True)},
        description=(
            "Board staff and members. The prior-year gross sales a vendor declared on its application (30 DCMR "
            "1207.2(e), the basis of its renewal fee, 1208.4) beside the supplies licensed organizations reported "
            "buying from it that year in their submitted reports; `flagged` when they differ by more than the "
            "share of the declared amount in force (vendor.declared_sales_gap_share) and by more than the amount "
            "in force (vendor.declared_sales_gap_amount)."),
    )
    @reads_from_replica
    def get(self, request):
        query = VendorCrossCheckQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        rows = vendor_cross_check(user=request.user, year=query.validated_data.get("year"),
                                  flagged_only=query.validated_data["flagged"])
        return Response(VendorYearSerializer(rows, many=True).data)
