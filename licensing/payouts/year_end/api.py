"""The year-end API: a paid prize's Form W-2G (the winner's copies, PDF) and an organization's forms of a calendar
year with their Form 1096 totals (JSON, the taxpayer numbers truncated) or as the accountant's CSV (the full
numbers for the filing people only, with ?tin=full, audited). For the organization's payout desk only; anyone else
gets a 404."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, renderers
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.answers import ERRORS
from core.api.renderers import PdfRenderer
from licensing.organizations.api import AnyAcceptNegotiation
from licensing.payouts.serializers import W2gYearSerializer
from licensing.payouts.year_end.pdf import w2g_response
from licensing.payouts.year_end.selectors import FIRST_YEAR, LAST_YEAR, desk_year_forms, w2g_payout_get
from licensing.payouts.year_end.totals import form_1096_totals
from licensing.payouts.year_end.views import FULL, MASKED, tin_full_asked, year_csv_response
from licensing.payouts.year_end.w2g import w2g_content

YEAR = OpenApiParameter("year", int, OpenApiParameter.PATH, description=(
    f"The calendar year paid, {FIRST_YEAR} to {LAST_YEAR}; another is a 404."))


class PayoutW2gPdfApi(APIView):
    permission_classes = [permissions.IsAuthenticated]
    renderer_classes = [renderers.JSONRenderer, PdfRenderer]

    @extend_schema(
        operation_id="payouts_w2g_pdf", summary="A paid prize's Form W-2G: the winner's copies B and C (PDF)",
        description="The form's numbered boxes; the winner's taxpayer number truncated (***-**-1234), as the IRS "
                    "allows on the winner's copies. For the organization's payout desk; a payout of another "
                    "organization, or one with no form, is a 404.",
        responses={(200, "application/pdf"): OpenApiTypes.BINARY, 404: ERRORS}, tags=["payouts"])
    def get(self, request, pk: int):
        return w2g_response(w2g_payout_get(user=request.user, pk=pk))


class W2gYearApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="payouts_w2g_year", summary="An organization's Forms W-2G of a year and their Form 1096 totals",
        description="Every form's boxes in number order (box 9 truncated) and the Form 1096 totals: type of return "
                    "W-2G (code 32), the number of forms, the federal income tax withheld (the sum of box 4) and "
                    "the total amount reported (the sum of box 1). For the organization's payout desk only.",
        parameters=[YEAR], responses={200: W2gYearSerializer, 404: ERRORS}, tags=["payouts"])
    def get(self, request, organization_pk: int, year: int):
        organization, forms = desk_year_forms(user=request.user, organization_pk=organization_pk, year=year)
        return Response(W2gYearSerializer({
            "organization": organization.pk, "year": year,
            "totals": form_1096_totals(forms, year=year, organization=organization),
            "forms": [w2g_content(payout) for payout in forms]}).data)


class W2gYearCsvApi(APIView):
    permission_classes = [permissions.IsAuthenticated]
    content_negotiation_class = AnyAcceptNegotiation

    @extend_schema(
        operation_id="payouts_w2g_year_csv", summary="An organization's Forms W-2G of a year, as CSV",
        description="One row per form with every box, columns in stable snake_case. Box 9 truncated; `tin=full` "
                    "gives the full numbers to the organization's filing people (the rest of the desk gets a 403), "
                    "and the download is in the audit trail.",
        parameters=[YEAR, OpenApiParameter("tin", str, enum=[MASKED, FULL], description=(
            "full: the winners' full taxpayer numbers (filing people only, audited)."))],
        responses={(200, "text/csv"): OpenApiTypes.STR, 400: ERRORS, 403: ERRORS, 404: ERRORS}, tags=["payouts"])
    def get(self, request, organization_pk: int, year: int):
        organization, forms = desk_year_forms(user=request.user, organization_pk=organization_pk, year=year)
        full = tin_full_asked(request.query_params.get("tin"))
        return year_csv_response(user=request.user, organization=organization, year=year, forms=forms, full=full)
