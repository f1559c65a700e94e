"""The reports API: the public filing deadlines (when an event's report, deposit and proceeds are due), the
Board's overdue list and its waiver, the CSV and XLSX exports, and the vendor cross-check."""

from django.http import Http404, HttpResponse
from django_filters.utils import translate_validation
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, permissions, renderers
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.answers import service_answer
from core.api.renderers import CsvRenderer, XlsxRenderer
from licensing.accounts.permissions import BOARD_ERRORS, IsBoard, IsBoardStaff
from licensing.models import ReportKind, ReportStatus
from licensing.reports import exports, overdue, selectors
from licensing.reports.cross_check import vendor_cross_check
from licensing.reports.deadlines import deadlines
from licensing.reports.filters import ReportExportFilter
from licensing.reports.serializers import (
    DeadlinesQuerySerializer,
    DeadlinesSerializer,
    OverdueReportSerializer,
    ReportWaiveSerializer,
    VendorCrossCheckQuerySerializer,
    VendorYearSerializer,
)


class DeadlinesApi(APIView):
    """Public: the report, deposit and proceeds deadlines of one event."""

    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []  # public dates: no session, no token

    @extend_schema(
        operation_id="reports_deadlines",
        summary="When an event's report, deposit and proceeds are due",
        description=(
            "No sign-in needed. Every count of days is the Board's register's in force (the key named): report "
            "due reports.due_days.regular calendar days after a regular bingo operation, reports.due_days.limited "
            "after a limited-period one (30 DCMR 1413.1); deposit of receipts less cash prizes by the end of the "
            "next business day, skipping weekends and District of Columbia legal holidays, none for Class D "
            "(1411.1); proceeds used within proceeds.deposit_days.bingo days of a bingo operation (1411.3), "
            "proceeds.deposit_days.raffle of a raffle drawing (1506.4), proceeds.deposit_days.montecarlo of a "
            "Monte Carlo Night (1608.4). Dates are ISO; null where no rule sets one. Malformed input answers 400 "
            "naming the field."
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


# --- The Board's overdue list and its waiver ---


class OverdueReportListApi(generics.ListAPIView):
    """Overdue financial reports still not submitted, longest overdue first (the Board)."""

    permission_classes = [IsBoard]
    serializer_class = OverdueReportSerializer

    def get_queryset(self):
        return selectors.overdue_report_list(user=self.request.user)

    @extend_schema(operation_id="reports_overdue_list", tags=["reports"], description=(
        "Board staff and members. A bingo report is due the days in force after the operation "
        "(reports.due_days.regular after a regular one, reports.due_days.limited after a limited-period one, "
        "30 DCMR 1413.1); the day after, with nothing submitted, it is overdue, and the "
        "organization's new applications for that license type are refused until it is submitted, unless Board "
        "staff waived that (`waived`). A submitted report leaves the list."))
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class OverdueReportWaiveApi(APIView):
    """Let the organization apply while this report is overdue, with a reason (Board staff)."""

    permission_classes = [IsBoardStaff]

    @extend_schema(operation_id="reports_overdue_waive", tags=["reports"], request=ReportWaiveSerializer,
                   responses={200: OverdueReportSerializer, **BOARD_ERRORS}, description=(
                       "Board staff only. The report stays overdue; the organization's new applications of that "
                       "license type are no longer refused for it (30 DCMR 1413.1). Audited with the reason. "
                       "404 for a report that is not overdue; 400 if it was already waived."))
    def post(self, request, pk: int):
        report = selectors.overdue_report_get(user=request.user, pk=pk)
        return service_answer(
            request, serializer_class=ReportWaiveSerializer,
            call=lambda **data: overdue.report_overdue_waive(actor=request.user, report=report, **data),
            answer=lambda waived: OverdueReportSerializer(waived).data)


# --- Exports ---


class ReportExportApi(APIView):
    """One export of the financial reports the caller may see, as CSV or XLSX."""

    renderer_classes = [renderers.JSONRenderer, CsvRenderer, XlsxRenderer]

    @extend_schema(
        operation_id="reports_export", tags=["reports"],
        parameters=[
            OpenApiParameter("dataset", str, OpenApiParameter.PATH, enum=list(exports.DATASETS), description=(
                "reports: one row per report version (totals, deadlines, submission); lines: one row per line "
                "of a submitted version; findings: one row per compliance finding kept at submission.")),
            OpenApiParameter("file_format", str, OpenApiParameter.PATH, enum=list(exports.CONTENT_TYPES)),
            OpenApiParameter("year", int, description="The event's year, 2000 to 2999."),
            OpenApiParameter("kind", str, enum=list(ReportKind.values)),
            OpenApiParameter("status", str, enum=list(ReportStatus.values)),
            OpenApiParameter("organization", int, description="An organization's id: only its reports."),
        ],
        responses={(200, media): OpenApiTypes.BINARY for media in exports.CONTENT_TYPES.values()},
        description=(
            "An organization's filing people export its own reports, the Board every organization's; filter by "
            "the event's `year`, `kind`, `status` and `organization` (an id). Columns are snake_case, the same "
            "in every language; amounts are exact to the cent."),
    )
    def get(self, request, dataset: str, file_format: str):
        if dataset not in exports.DATASETS or file_format not in exports.CONTENT_TYPES:
            raise Http404("No such export.")
        found = ReportExportFilter(request.query_params, queryset=selectors.report_list(user=request.user))
        if not found.is_valid():
            raise translate_validation(found.errors)  # 400 naming the filter, as the list filters answer
        body = exports.export_file(dataset=dataset, file_format=file_format, reports=found.qs)
        response = HttpResponse(body, content_type=exports.CONTENT_TYPES[file_format])
        filename = exports.export_filename(dataset=dataset, file_format=file_format,
                                           year=found.form.cleaned_data.get("year"))
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


# --- The vendor cross-check ---


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
    def get(self, request):
        query = VendorCrossCheckQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        rows = vendor_cross_check(user=request.user, year=query.validated_data.get("year"),
                                  flagged_only=query.validated_data["flagged"])
        return Response(VendorYearSerializer(rows, many=True).data)
