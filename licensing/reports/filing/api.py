"""Reports API: an organization's officers open, save, submit and correct its event financial reports; the
Board reads every report. GET /api/v1/reports/ lists the drafts and the versions in force. And the public filing
deadlines: when an event's report, deposit and proceeds are due."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, permissions, serializers, status
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.answers import ERRORS, service_answer
from core.numbers import IntegerSerializerField
from licensing.models import ReportKind, ReportStatus
from licensing.reports import event_end, not_held, services
from licensing.reports.checks import report_findings
from licensing.reports.content.totals import totals
from licensing.reports.deadlines import deadlines
from licensing.reports.filing.selectors import (
    license_to_report_get,
    report_changes,
    report_corrections,
    report_current_list,
    report_get,
)
from licensing.reports.filing.serializers import (
    DeadlinesQuerySerializer,
    DeadlinesSerializer,
    NotHeldSerializer,
    ReasonSerializer,
    ReportOpenSerializer,
    ReportSaveSerializer,
    ReportSerializer,
    ReportSummarySerializer,
)

RESPONSES = {400: ERRORS, 403: ERRORS, 404: ERRORS}


def _finding(finding) -> dict:
    if isinstance(finding, dict):
        return {"rule": finding["rule"], "message": finding["message"], "field": finding.get("field")}
    return {"rule": finding.rule, "message": finding.message, "field": finding.field}


def report_answer(report) -> dict:
    draft = report.status == ReportStatus.DRAFT
    findings = report_findings(report) if draft else report.findings
    return ReportSerializer({
        **{name: getattr(report, name) for name in (
            "id", "license", "organization", "kind", "event_date", "version", "status", "report_due",
            "deposit_due", "proceeds_used_by", "overdue_since", "submitted_at", "gross_receipts", "net_proceeds",
            "previous_id", "correction_reason", "source", "data", "recorded", "not_held_reason", "not_held_at")},
        "event_ends_at": event_end.event_ends_at(report),
        "totals": totals(report.kind, report.data).as_dict(),
        "findings": [_finding(f) for f in findings],
        "problems": [_finding(f) for f in services.submission_problems(report)] if draft else [],
        "corrections": report_corrections(report),
        "changes": report_changes(report),
    }).data


class ReportFilterSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=[ReportStatus.DRAFT, ReportStatus.SUBMITTED], required=False)
    kind = serializers.ChoiceField(choices=ReportKind.choices, required=False)
    year = IntegerSerializerField(min_value=2000, max_value=2999, required=False)
    organization = IntegerSerializerField(min_value=1, max_value=2**31 - 1, required=False)


class ReportPagination(LimitOffsetPagination):
    default_limit = 50
    max_limit = 500


class ReportListApi(generics.ListAPIView):
    permission_classes = [permissions.IsAuthenticated]
    serializer_class = ReportSummarySerializer
    pagination_class = ReportPagination

    def get_queryset(self):
        query = ReportFilterSerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        filters = dict(query.validated_data)
        if "organization" in filters:
            filters["organization_id"] = filters.pop("organization")
        return report_current_list(user=self.request.user, **filters).order_by("-event_date", "-pk")

    @extend_schema(operation_id="reports_list", parameters=[
        OpenApiParameter("status", str, enum=[ReportStatus.DRAFT, ReportStatus.SUBMITTED]),
        OpenApiParameter("kind", str, enum=[k for k, _label in ReportKind.choices]),
        OpenApiParameter("year", int), OpenApiParameter("organization", int)],
        responses={200: ReportSummarySerializer(many=True), 400: ERRORS}, tags=["reports"])
    def get(self, request, *args, **kwargs):
        """Your organizations' reports (the Board: every report): drafts and versions in force, newest first."""
        return super().get(request, *args, **kwargs)

    @extend_schema(operation_id="reports_open", request=ReportOpenSerializer,
                   responses={201: ReportSerializer, **RESPONSES}, tags=["reports"])
    def post(self, request):
        """Open the draft report of one event of a license."""
        def call(*, license, event_date, data=None):
            return services.report_create(actor=request.user, event_date=event_date, data=data,
                                          license=license_to_report_get(user=request.user, pk=license))

        return service_answer(request, serializer_class=ReportOpenSerializer, call=call, answer=report_answer,
                              status_code=status.HTTP_201_CREATED)


class ReportDetailApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(operation_id="reports_retrieve", responses={200: ReportSerializer, 404: ERRORS},
                   tags=["reports"])
    def get(self, request, pk: int):
        """A report with its figures, findings, corrections of recorded figures and changes from the last version."""
        return Response(report_answer(report_get(user=request.user, pk=pk)))

    @extend_schema(operation_id="reports_save", request=ReportSaveSerializer,
                   responses={200: ReportSerializer, **RESPONSES}, tags=["reports"])
    def put(self, request, pk: int):
        """Replace a draft's document."""
        report = report_get(user=request.user, pk=pk)
        return service_answer(request, serializer_class=ReportSaveSerializer, answer=report_answer,
                              call=lambda data: services.report_save(actor=request.user, report=report, data=data))


class ReportSubmitApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(operation_id="reports_submit", request=None, responses={200: ReportSerializer, **RESPONSES},
                   tags=["reports"])
    def post(self, request, pk: int):
        """Submit a draft: it is frozen, with its findings."""
        report = report_get(user=request.user, pk=pk)
        return service_answer(request, answer=report_answer,
                              call=lambda: services.report_submit(actor=request.user, report=report))


class ReportCorrectApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(operation_id="reports_correct", request=ReasonSerializer,
                   responses={201: ReportSerializer, **RESPONSES}, tags=["reports"])
    def post(self, request, pk: int):
        """Open a correction of a submitted report: a new draft version; the submitted one is kept."""
        report = report_get(user=request.user, pk=pk)
        return service_answer(request, serializer_class=ReasonSerializer, answer=report_answer,
                              status_code=status.HTTP_201_CREATED,
                              call=lambda reason: services.report_correct(actor=request.user, report=report,
                                                                          reason=reason))


class ReportNotHeldApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(operation_id="reports_not_held", request=NotHeldSerializer,
                   responses={201: ReportSerializer, **RESPONSES}, tags=["reports"])
    def post(self, request):
        """Mark a scheduled event of a license as not held, with the reason (30 DCMR 1413.1: no report is due for
        it, and it is never overdue). Refused for an event with play recorded or a report submitted."""
        def call(*, license, event_date, reason):
            return not_held.report_not_held_mark(actor=request.user, event_date=event_date, reason=reason,
                                                 license=license_to_report_get(user=request.user, pk=license))

        return service_answer(request, serializer_class=NotHeldSerializer, call=call, answer=report_answer,
                              status_code=status.HTTP_201_CREATED)


class ReportHeldApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(operation_id="reports_not_held_withdraw", request=None,
                   responses={200: ReportSerializer, **RESPONSES}, tags=["reports"])
    def post(self, request, pk: int):
        """The event was held after all: withdraw its not-held mark; its draft is back and due."""
        report = report_get(user=request.user, pk=pk)
        return service_answer(request, answer=report_answer,
                              call=lambda: not_held.report_not_held_withdraw(actor=request.user, report=report))


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
