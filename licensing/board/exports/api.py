"""The export API: the financial reports the caller may read, their lines or their findings, as CSV or XLSX."""

from django_filters.utils import translate_validation
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import renderers
from rest_framework.views import APIView

from core.api.renderers import CsvRenderer, XlsxRenderer
from core.replica import reads_from_replica
from licensing.board.exports import datasets
from licensing.board.exports.filters import ReportExportFilter
from licensing.models import ReportKind, ReportStatus
from licensing.reports.selectors import report_list


class ReportExportApi(APIView):
    """One export of the financial reports the caller may see, as CSV or XLSX."""

    renderer_classes = [renderers.JSONRenderer, CsvRenderer, XlsxRenderer]

    @extend_schema(
        operation_id="reports_export", tags=["reports"],
        parameters=[
            OpenApiParameter("dataset", str, OpenApiParameter.PATH, enum=list(datasets.DATASETS), description=(
                "reports: one row per report version (totals, deadlines, submission); lines: one row per line "
                "of a submitted version; findings: one row per compliance finding kept at submission.")),
            OpenApiParameter("file_format", str, OpenApiParameter.PATH, enum=list(datasets.CONTENT_TYPES)),
            OpenApiParameter("year", int, description="The event's year, 2000 to 2999."),
            OpenApiParameter("kind", str, enum=list(ReportKind.values)),
            OpenApiParameter("status", str, enum=list(ReportStatus.values)),
            OpenApiParameter("organization", int, description="An organization's id: only its reports."),
        ],
        responses={(200, media): OpenApiTypes.BINARY for media in datasets.CONTENT_TYPES.values()},
        description=(
            "An organization's filing people export its own reports, the Board every organization's; filter by "
            "the event's `year`, `kind`, `status` and `organization` (an id). Columns are snake_case, the same "
            "in every language; amounts are exact to the cent."),
    )
    @reads_from_replica
    def get(self, request, dataset: str, file_format: str):
        datasets.export_known(dataset, file_format)
        found = ReportExportFilter(request.query_params, queryset=report_list(user=request.user))
        if not found.is_valid():
            raise translate_validation(found.errors)  # 400 naming the filter, as the list filters answer
        return datasets.export_response(dataset=dataset, file_format=file_format, reports=found.qs,
                                        year=found.form.cleaned_data.get("year"))
