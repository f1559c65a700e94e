"""The reports' portal pages: the public "when is it due" helper (the deadlines of one event, answered in place by
htmx and as a full page without JavaScript; the fee calculator page carries it too); the Board's list of overdue
reports with Board staff's waiver; the CSV and XLSX exports for the Board and for the people who file an
organization's reports; the Board's vendor cross-check. Anyone else is refused (403)."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers

from core.forms import errors_to_form
from licensing.reports import exports, overdue, selectors
from licensing.reports.cross_check import gap_figures, vendor_cross_check
from licensing.reports.deadlines import deadlines
from licensing.reports.filters import ReportExportFilter
from licensing.reports.forms import DeadlinesForm, ReportWaiveForm, VendorCrossCheckForm

PARTIAL = "licensing/reports/_deadline_form.html"  # the form and its answer, so errors show inline


@vary_on_headers("HX-Request")
def deadline_helper(request):
    form = DeadlinesForm(request.GET) if "license_type" in request.GET else DeadlinesForm()
    found = deadlines(**form.cleaned_data) if form.is_bound and form.is_valid() else None
    context = {"deadline_form": form, "deadlines": found}
    if request.htmx and not request.htmx.history_restore_request:
        return render(request, PARTIAL, context)
    return render(request, "licensing/reports/deadlines.html", context)


# --- The Board's overdue list, with Board staff's waiver ---


@login_required
@require_http_methods(["GET", "POST"])
def overdue_list(request):
    user = request.user
    if not user.is_board:
        raise PermissionDenied(_("Only the Board reads the list of overdue reports."))
    posted, status = None, 200
    if request.method == "POST":
        if not user.is_board_staff:
            raise PermissionDenied(_("Only Board staff waive an overdue report's hold on new applications."))
        posted = ReportWaiveForm(request.POST, auto_id="id_%s_posted")
        if posted.is_valid():
            report = selectors.overdue_report_get(user=user, pk=posted.cleaned_data["report"])
            try:
                overdue.report_overdue_waive(actor=user, report=report, reason=posted.cleaned_data["reason"])
            except ValidationError as error:
                errors_to_form(posted, error)
            else:
                messages.success(request, _("License %(number)s, operation of %(date)s: the organization may "
                                            "apply again while the report is overdue.") % {
                    "number": report.license.number, "date": report.event_date.isoformat()})
                return redirect("portal:report_overdue_list")
        status = 400
    today = timezone.localdate()
    rows = []
    for index, report in enumerate(selectors.overdue_report_list(user=user)):
        form = None
        if user.is_board_staff and report.waived_at is None:
            mine = posted is not None and posted.data.get("report") == str(report.pk)
            form = posted if mine else ReportWaiveForm(initial={"report": report.pk}, auto_id=f"id_%s_{index}")
        rows.append((report, overdue.days_overdue(report, today=today), form))
    if posted is not None and not any(form is posted for _report, _days, form in rows):
        # The report left the list meanwhile (filed, or waived by someone else): say why on top of the page.
        for errors in posted.errors.values():
            for message in errors:
                messages.error(request, message)
    return render(request, "licensing/reports/overdue_list.html", {"rows": rows}, status=status)


# --- Exports: the download page and the files ---


EXPORT_LABELS = [
    (exports.REPORTS, gettext_lazy("Reports: one row per report version, with its totals and deadlines")),
    (exports.LINES, gettext_lazy("Lines: every row of the submitted reports")),
    (exports.FINDINGS, gettext_lazy("Findings: the compliance findings kept at submission")),
]


def _export_scope(request):
    organizations = selectors.export_organizations(user=request.user)
    if not request.user.is_board and not organizations.exists():
        raise PermissionDenied(_("Only the Board and the people who file an organization's reports export them."))
    return organizations


def _export_filter(request, organizations) -> ReportExportFilter:
    found = ReportExportFilter(request.GET, queryset=selectors.report_list(user=request.user))
    choices = [("", _("All organizations"))] + [(o.pk, o.name) for o in organizations]
    found.form.fields["organization"].widget = forms.Select(choices=choices)
    return found


def _export_page(request, found: ReportExportFilter, status: int = 200):
    links = [(dataset, label, [(file_format, reverse("portal:report_export", args=[dataset, file_format]))
                               for file_format in exports.CONTENT_TYPES])
             for dataset, label in EXPORT_LABELS]
    return render(request, "licensing/reports/exports.html", {"filter": found, "links": links}, status=status)


@login_required
def report_exports(request):
    organizations = _export_scope(request)
    found = _export_filter(request, organizations)
    found.form.is_valid()  # shows a bad filter at once
    return _export_page(request, found)


@login_required
def report_export(request, dataset: str, file_format: str):
    if dataset not in exports.DATASETS or file_format not in exports.CONTENT_TYPES:
        raise Http404("No such export.")
    organizations = _export_scope(request)
    found = _export_filter(request, organizations)
    if not found.is_valid():
        return _export_page(request, found, status=400)
    body = exports.export_file(dataset=dataset, file_format=file_format, reports=found.qs)
    response = HttpResponse(body, content_type=exports.CONTENT_TYPES[file_format])
    filename = exports.export_filename(dataset=dataset, file_format=file_format,
                                       year=found.form.cleaned_data.get("year"))
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# --- The vendor cross-check ---


@login_required
def vendor_cross_check_page(request):
    if not request.user.is_board:
        raise PermissionDenied(_("Only the Board reads the vendor cross-check."))
    form = VendorCrossCheckForm(request.GET or None)
    rows, status = [], 200
    if form.is_bound and not form.is_valid():
        status = 400
    else:
        data = form.cleaned_data if form.is_bound else {}
        rows = vendor_cross_check(user=request.user, year=data.get("year"), flagged_only=data.get("flagged", False))
    return render(request, "licensing/reports/vendor_cross_check.html",
                  {"form": form, "rows": rows, "gap": gap_figures()}, status=status)
