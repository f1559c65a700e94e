"""GET /api/v1/public/charity-totals: the District's totals by year and, for one year, each organization's."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.answers import ERRORS
from core.replica import reads_from_replica
from licensing.public.charity.selectors import district_totals, organization_totals, year_clean

MONEY = {"max_digits": 16, "decimal_places": 2}


class YearTotalSerializer(serializers.Serializer):
    year = serializers.IntegerField()
    reports = serializers.IntegerField()
    organizations = serializers.IntegerField()
    gross_receipts = serializers.DecimalField(**MONEY)
    net_proceeds = serializers.DecimalField(**MONEY)
    disbursed = serializers.DecimalField(**MONEY)


class OrganizationTotalSerializer(serializers.Serializer):
    name = serializers.CharField()
    reports = serializers.IntegerField()
    gross_receipts = serializers.DecimalField(**MONEY)
    net_proceeds = serializers.DecimalField(**MONEY)
    disbursed = serializers.DecimalField(**MONEY)


class CharityTotalsSerializer(serializers.Serializer):
    district = YearTotalSerializer(many=True)
    year = serializers.IntegerField(allow_null=True)
    organizations = OrganizationTotalSerializer(many=True)


class CharityTotalsApi(APIView):
    """Public: net proceeds to lawful purposes from submitted reports, by year (the latest year's organizations
    unless `year` is given)."""

    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []

    @extend_schema(operation_id="public_charity_totals", parameters=[OpenApiParameter("year", int)],
                   responses={200: CharityTotalsSerializer, 400: ERRORS}, tags=["public"])
    @reads_from_replica
    def get(self, request):
        year, error = year_clean(request.query_params.get("year"))
        if error:
            raise ValidationError({"year": [error]})
        totals = district_totals()
        if year is None and totals:
            year = totals[-1].year
        return Response(CharityTotalsSerializer({
            "district": [row.__dict__ for row in totals], "year": year,
            "organizations": organization_totals(year=year) if year is not None else []}).data)
