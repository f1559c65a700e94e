"""The overdue API: the Board's list of overdue reports and Board staff's waiver of a report's hold on new
applications."""

from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework.views import APIView

from core.api.answers import service_answer
from licensing.accounts.permissions import BOARD_ERRORS, IsBoard, IsBoardStaff
from licensing.reports.overdue.selectors import overdue_report_get, overdue_report_list
from licensing.reports.overdue.serializers import OverdueReportSerializer, ReportWaiveSerializer
from licensing.reports.overdue.services import report_overdue_waive


class OverdueReportListApi(generics.ListAPIView):
    """Overdue financial reports still not submitted, longest overdue first (the Board)."""

    permission_classes = [IsBoard]
    serializer_class = OverdueReportSerializer

    def get_queryset(self):
        return overdue_report_list(user=self.request.user)

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
        report = overdue_report_get(user=request.user, pk=pk)
        return service_answer(
            request, serializer_class=ReportWaiveSerializer,
            call=lambda **data: report_overdue_waive(actor=request.user, report=report, **data),
            answer=lambda waived: OverdueReportSerializer(waived).data)
