"""The exports' download page and its files, for the Board and for the people who file an organization's reports.
Anyone else is refused (403)."""

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.replica import reads_from_replica
from licensing.board.exports import datasets
from licensing.board.exports.filters import ReportExportFilter
from licensing.board.exports.selectors import export_organizations
from licensing.reports.selectors import report_list

EXPORT_LABELS = [
    (datasets.REPORTS, gettext_lazy("Reports: one row per report version, with its totals and deadlines")),
    (datasets.LINES, gettext_lazy("Lines: every row of the submitted reports")),
    (datasets.FINDINGS, gettext_lazy("Findings: the compliance findings kept at submission")),
]


def _export_scope(request):
    organizations = export_organizations(user=request.user)
    if not request.user.is_board and not organizations.exists():
        raise PermissionDenied(_("Only the Board and the people who file an organization's reports export them."))
    return organizations


def _export_filter(request, organizations) -> ReportExportFilter:
    found = ReportExportFilter(request.GET, queryset=report_list(user=request.user))
    choices = [("", _("All organizations"))] + [(o.pk, o.name) for o in organizations]
    found.form.fields["organization"].widget = forms.Select(choices=choices)
    return found


def _export_page(request, found: ReportExportFilter, status: int = 200):
    links = [(dataset, label, [(file_format, reverse("portal:report_export", args=[dataset, file_format]))
                               for file_format in datasets.CONTENT_TYPES])
             for dataset, label in EXPORT_LABELS]
    return render(request, "licensing/board/exports/exports.html", {"filter": found, "links": links}, status=status)


@login_required
@reads_from_replica
def report_exports(request):
    organizations = _export_scope(request)
    found = _export_filter(request, organizations)
    found.form.is_valid()  # shows a bad filter at once
    return _export_page(request, found)


@login_required
@reads_from_replica
def report_export(request, dataset: str, file_format: str):
    datasets.export_known(dataset, file_format)
    organizations = _export_scope(request)
    found = _export_filter(request, organizations)
    if not found.is_valid():
        return _export_page(request, found, status=400)
    return datasets.export_response(dataset=dataset, file_format=file_format, reports=found.qs,
                                    year=found.form.cleaned_data.get("year"))
