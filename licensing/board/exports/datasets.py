"""CSV and XLSX exports of financial reports, their lines and their findings (core.spreadsheets writes both formats, no
cell ever run as a formula).

One row per report version (its totals, deadlines and submission), per line of a submitted version
(licensing.models.ReportLine), or per finding kept at submission (ReportFinding). Columns are named in
stable snake_case, the same in every language, so a spreadsheet or a script reads them year after year.
What is exported is what the caller's scope holds (licensing.reports.selectors.report_list), filtered."""

from __future__ import annotations

import tablib
from django.db.models import Count, QuerySet
from django.http import Http404, HttpResponse

from core.api.renderers import CsvRenderer, XlsxRenderer
from core.spreadsheets import spreadsheet
from licensing.models import Report, ReportFinding, ReportLine

CSV, XLSX = "csv", "xlsx"
CONTENT_TYPES = {CSV: CsvRenderer.media_type, XLSX: XlsxRenderer.media_type}
REPORTS, LINES, FINDINGS = "reports", "lines", "findings"
DATASETS = (REPORTS, LINES, FINDINGS)

REPORT_COLUMNS = (
    "report_id", "organization", "license", "kind", "license_class", "period", "event_date", "version", "status",
    "handle", "charity_tickets", "gross_receipts", "prizes", "expenses", "net_proceeds", "disbursed", "report_due",
    "deposit_due", "proceeds_used_by", "overdue_since", "overdue_waived_at", "submitted_at", "corrects_report_id",
    "correction_reason", "findings")
_EVENT = ("report_id", "organization", "license", "event_date", "version", "status")
LINE_COLUMNS = (*_EVENT, "section", "row", "description", "category", "amount", "quantity", "date",
                "vendor_license")
FINDING_COLUMNS = (*_EVENT, "rule", "field", "message")



def _event(report: Report) -> tuple:
    return (report.pk, report.organization.name, report.license.number, report.event_date, report.version,
            report.status)


def _report_row(report: Report) -> tuple:
    return (report.pk, report.organization.name, report.license.number, report.kind, report.license_class,
            report.period, report.event_date, report.version, report.status, report.handle,
            report.charity_tickets, report.gross_receipts, report.prizes, report.expenses, report.net_proceeds,
            report.disbursed, report.report_due, report.deposit_due, report.proceeds_used_by, report.overdue_since,
            report.waived_at, report.submitted_at, report.previous_id, report.correction_reason,
            report.finding_count)


def _line_row(line: ReportLine) -> tuple:
    return (*_event(line.report), line.section, line.position, line.description, line.category, line.amount,
            line.quantity, line.on_date, line.vendor_license)


def _finding_row(finding: ReportFinding) -> tuple:
    return (*_event(finding.report), finding.rule, finding.field, finding.message)


def export_dataset(*, dataset: str, reports: QuerySet[Report]) -> tablib.Dataset:
    """The rows of one export from the (already scoped and filtered) reports."""
    if dataset == REPORTS:
        rows = (_report_row(report) for report in reports.annotate(finding_count=Count("finding_rows"))
                .order_by("organization__name", "event_date", "license__number", "version"))
        columns = REPORT_COLUMNS
    elif dataset == LINES:
        rows = (_line_row(line) for line in ReportLine.objects.filter(report__in=reports)
                .select_related("report__organization", "report__license")
                .order_by("report__organization__name", "report__event_date", "report__version", "report_id",
                          "section", "position"))
        columns = LINE_COLUMNS
    elif dataset == FINDINGS:
        rows = (_finding_row(finding) for finding in ReportFinding.objects.filter(report__in=reports)
                .select_related("report__organization", "report__license")
                .order_by("report__organization__name", "report__event_date", "report__version", "pk"))
        columns = FINDING_COLUMNS
    else:
        raise ValueError(f"no export named {dataset!r}")
    return spreadsheet(columns, rows, title=dataset)


def export_file(*, dataset: str, file_format: str, reports: QuerySet[Report]) -> bytes:
    data = export_dataset(dataset=dataset, reports=reports)
    if file_format == CSV:
        return data.export(CSV).encode("utf-8")
    if file_format == XLSX:
        return data.export(XLSX)
    raise ValueError(f"no export format {file_format!r}")


def export_filename(*, dataset: str, file_format: str, year: int | None = None) -> str:
    return f"financial-{dataset}{f'-{year}' if year else ''}.{file_format}"


def export_known(dataset: str, file_format: str) -> None:
    """404 for a dataset or a format there is no export of."""
    if dataset not in DATASETS or file_format not in CONTENT_TYPES:
        raise Http404("No such export.")


def export_response(*, dataset: str, file_format: str, reports: QuerySet, year) -> HttpResponse:
    """The file as a download, named after the dataset and the year filtered on (the page's and the API's)."""
    response = HttpResponse(export_file(dataset=dataset, file_format=file_format, reports=reports),
                            content_type=CONTENT_TYPES[file_format])
    filename = export_filename(dataset=dataset, file_format=file_format, year=year)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
