"""The portal's report pages: the list of an organization's reports (and the Board's), opening one, the report
page (figures, findings before submitting, corrections of recorded figures, versions and what changed), a
section's form, submitting, and opening a correction; and the public "when is it due" helper (the deadlines of
one event, answered in place by htmx and as a full page without JavaScript; the fee calculator page carries it
too)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from core.forms import errors_to_form
from licensing.models import Report, ReportStatus
from licensing.reports import event_end, not_held, services
from licensing.reports.checks import report_findings
from licensing.reports.content import schema
from licensing.reports.content.totals import totals
from licensing.reports.deadlines import deadlines
from licensing.reports.filing import forms as report_forms
from licensing.reports.filing.pdf import report_pdf
from licensing.reports.filing.selectors import (
    PAGE_SIZE,
    can_file,
    licenses_to_report,
    report_changes,
    report_corrections,
    report_current_list,
    report_get,
    report_versions,
)


@login_required
@require_http_methods(["GET", "POST"])
def report_list_page(request):
    user = request.user
    licenses = licenses_to_report(user=user)
    form = report_forms.ReportOpenForm(request.POST or None, licenses=licenses)
    not_held_form = report_forms.NotHeldForm(None, licenses=licenses, prefix="not_held")
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                report = services.report_create(actor=user, license=form.cleaned_data["license"],
                                                event_date=form.cleaned_data["event_date"])
            except ValidationError as error:
                errors_to_form(form, error)
            else:
                messages.success(request, _("The report is open as a draft: fill in each part, then submit it."))
                return redirect("portal:report_detail", pk=report.pk)
        status = 400
    return _list_page(request, user, licenses, form, not_held_form, status)


def _list_page(request, user, licenses, form, not_held_form, status):
    page = Paginator(report_current_list(user=user).order_by("-event_date", "-pk"), PAGE_SIZE).get_page(
        request.GET.get("page"))
    return render(request, "licensing/reports/filing/report_list.html", {
        "page": page, "form": form if licenses.exists() else None,
        "not_held_form": not_held_form if licenses.exists() else None}, status=status)


@login_required
@require_POST
def report_not_held(request):
    """Mark a scheduled event as not held (30 DCMR 1413.1): from the list (any day) or a draft's page."""
    user = request.user
    licenses = licenses_to_report(user=user)
    form = report_forms.NotHeldForm(request.POST, licenses=licenses, prefix="not_held")
    if form.is_valid():
        try:
            report = not_held.report_not_held_mark(actor=user, license=form.cleaned_data["license"],
                                                   event_date=form.cleaned_data["event_date"],
                                                   reason=form.cleaned_data["reason"])
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            messages.success(request, _("Marked as not held: no financial report is due for it (30 DCMR 1413.1)."))
            return redirect("portal:report_detail", pk=report.pk)
    return _list_page(request, user, licenses, report_forms.ReportOpenForm(None, licenses=licenses), form, 400)


@login_required
@require_POST
def report_held(request, pk: int):
    """The event was held after all: its not-held mark is withdrawn and its draft is back."""
    report = _filing_report(request, pk)
    try:
        not_held.report_not_held_withdraw(actor=request.user, report=report)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("The mark is withdrawn: the report is a draft again and due as before."))
    return redirect(_detail_url(report))


def _shown(field: schema.Field, value):
    """A choice as its label ("Special", "Cash"), anything else as stored."""
    if field.type == schema.CHOICE and value:
        return dict(field.choices).get(value, value)
    if field.type == schema.BOOL and value is not None:
        return _("Yes") if value else _("No")
    return value


def _section_view(kind: str, section: schema.Section, values) -> dict:
    if section.many:
        rows = [[(f, _shown(f, row.get(f.name))) for f in section.fields] for row in values]
        return {"section": section, "rows": rows}
    return {"section": section, "values": [(f, _shown(f, values.get(f.name))) for f in section.fields]}


@login_required
def report_detail(request, pk: int):
    user = request.user
    report = report_get(user=user, pk=pk)
    filing = can_file(user=user, report=report)
    draft = report.status == ReportStatus.DRAFT
    corrections = report_corrections(report)
    findings = report_findings(report) if draft else report.findings
    problems = services.submission_problems(report) if draft else []
    context = {
        "report": report, "can_file": filing, "draft": draft,
        "sections": [_section_view(report.kind, s, report.data.get(s.name)) for s in schema.sections(report.kind)],
        "totals": totals(report.kind, report.data),
        "findings": findings, "problems": problems, "corrections": corrections,
        "corrections_form": report_forms.CorrectionsForm(changes=corrections) if draft and filing and corrections
        else None,
        "submit_form": report_forms.SubmitForm() if draft and filing else None,
        "correct_form": report_forms.ReasonForm() if filing and report.status == ReportStatus.SUBMITTED
        and not has_correction(report) else None,
        "versions": report_versions(report), "changes": report_changes(report),
        # 30 DCMR 1413.1: a first draft with nothing recorded may be an event that was not held.
        "may_mark_not_held": draft and filing and report.version == 1 and not report.recorded,
        "ends_at": event_end.event_ends_at(report),
        "not_over": event_end.refusal(report) if draft else [],
    }
    return render(request, "licensing/reports/filing/report_detail.html", context)


def has_correction(report) -> bool:
    return Report.objects.filter(previous=report).exists()


def _filing_report(request, pk: int):
    """The report the user reads (else 404), refused unless they file for its organization (403)."""
    report = report_get(user=request.user, pk=pk)
    if not can_file(user=request.user, report=report):
        raise PermissionDenied(services.FILING_ONLY)
    return report


def _place_errors(error: ValidationError, section: schema.Section, form) -> None:
    """A service error keyed by its document path ("games.2.prize") on the formset row or form field."""
    pairs = error.error_dict.items() if hasattr(error, "error_dict") else [(None, error.error_list)]
    for path, errors in pairs:
        parts = (path or "").split(".")
        if section.many and len(parts) == 3 and parts[1].isdigit() and int(parts[1]) <= len(form.forms):
            row = form.forms[int(parts[1]) - 1]
            row.add_error(parts[2] if parts[2] in row.fields else None, errors)
        elif not section.many and len(parts) == 2 and parts[1] in form.fields:
            form.add_error(parts[1], errors)
        elif section.many:
            form._non_form_errors = form.non_form_errors() + [str(e) for e in errors]
        else:
            form.add_error(None, errors)


@login_required
@require_http_methods(["GET", "POST"])
def report_section_edit(request, pk: int, section: str):
    user = request.user
    report = _filing_report(request, pk)
    try:
        found = schema.section(report.kind, section)
    except KeyError:
        raise Http404("No such part of the report.") from None
    if report.status != ReportStatus.DRAFT:
        messages.error(request, _("A submitted report is frozen; open a correction to change it (30 DCMR 1410)."))
        return redirect("portal:report_detail", pk=report.pk)
    values = report.data.get(found.name)
    if found.many:
        formset_class = report_forms.section_formset_class(report.kind, found.name)
        initial = [report_forms.section_initial(found, row) for row in values]
        form = formset_class(request.POST or None, initial=initial, prefix=found.name)
    else:
        form_class = report_forms.section_form_class(report.kind, found.name)
        form = form_class(request.POST or None, initial=report_forms.section_initial(found, values),
                          prefix=found.name)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            data = {**report.data, found.name: form.rows() if found.many else form.document()}
            try:
                services.report_save(actor=user, report=report, data=data)
            except ValidationError as error:
                _place_errors(error, found, form)
            else:
                messages.success(request, _("%(part)s saved.") % {"part": found.label})
                return redirect(f"{_detail_url(report)}#section-{found.name}")
        status = 400
    return render(request, "licensing/reports/filing/report_section.html", {
        "report": report, "section": found, "form": form, "many": found.many}, status=status)


def _detail_url(report) -> str:
    return reverse("portal:report_detail", args=[report.pk])


@login_required
@require_POST
def report_corrections_save(request, pk: int):
    user = request.user
    report = _filing_report(request, pk)
    form = report_forms.CorrectionsForm(request.POST, changes=report_corrections(report))
    if form.is_valid():
        data = {**report.data, "corrections": {**report.data.get("corrections", {}), **form.reasons()}}
        try:
            services.report_save(actor=user, report=report, data=data)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, _("The reasons for the corrections are saved."))
    else:
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
    return redirect(f"{_detail_url(report)}#corrections")


@login_required
@require_POST
def report_submit(request, pk: int):
    user = request.user
    report = _filing_report(request, pk)
    form = report_forms.SubmitForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Tick the attestation to submit the report."))
        return redirect(_detail_url(report))
    try:
        services.report_submit(actor=user, report=report)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("The report is submitted. The Board can read it now."))
    return redirect(_detail_url(report))


@login_required
@require_POST
def report_correct(request, pk: int):
    user = request.user
    report = _filing_report(request, pk)
    form = report_forms.ReasonForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the reason for the correction."))
        return redirect(_detail_url(report))
    try:
        correction = services.report_correct(actor=user, report=report, reason=form.cleaned_data["reason"])
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect(_detail_url(report))
    messages.success(request, _("A correction is open as version %(version)s: change what was wrong, then submit it.")
                     % {"version": correction.version})
    return redirect("portal:report_detail", pk=correction.pk)


@login_required
def report_pdf_download(request, pk: int):
    """The report as a PDF, for its organization's officers and the Board."""
    report = report_get(user=request.user, pk=pk)
    response = HttpResponse(report_pdf(report), content_type="application/pdf")
    name = f"report-{report.license.number}-{report.event_date.isoformat()}-v{report.version}.pdf"
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


# --- The public "when is it due" helper ---

PARTIAL = "licensing/reports/filing/_deadline_form.html"  # the form and its answer, so errors show inline


@vary_on_headers("HX-Request")
def deadline_helper(request):
    form = report_forms.DeadlinesForm(request.GET) if "license_type" in request.GET else report_forms.DeadlinesForm()
    found = deadlines(**form.cleaned_data) if form.is_bound and form.is_valid() else None
    context = {"deadline_form": form, "deadlines": found}
    if request.htmx and not request.htmx.history_restore_request:
        return render(request, PARTIAL, context)
    return render(request, "licensing/reports/filing/deadlines.html", context)
