"""The guided application: start, then one page per step, each saved as a draft, then review and submit."""

import re
from dataclasses import asdict

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django_htmx.http import HttpResponseClientRedirect

from core.findings import RuleViolation
from core.forms import errors_to_form
from licensing.applications import forms, services
from licensing.applications.checks import application_findings, quote_for
from licensing.applications.fixes import with_fix_urls
from licensing.applications.selectors import application_get
from licensing.applications.steps import ON_PREMISES, STEP_TITLES, steps_for
from licensing.applications.summary import application_summary, summary_pdf
from licensing.models import CorrectionStatus, LicenseeKind
from licensing.models.choices import ApplicationKind, DocumentKind, LicenseType
from licensing.organizations.documents import document_upload
from licensing.organizations.eligibility import senior_group_checked
from licensing.organizations.selectors import organization_get_for_filing, records_organization_get
from licensing.premises.services import PremisesOnRecord
from licensing.review.views import application_status_context


def _step_url(application, step):
    return reverse("portal:application_step", args=[application.pk, step])


def _next(application, step):
    steps = steps_for(application)
    return _step_url(application, steps[steps.index(step) + 1])


def _vendor_page(application):
    """A vendor's application has its own guided form in the vendors app (named here, never imported)."""
    return redirect("vendors:application_detail", pk=application.pk)


@login_required
def application_start(request, organization_pk: int):
    # Its game roles file nothing: the form is theirs no more than the applications it starts (404).
    organization = records_organization_get(user=request.user, pk=organization_pk)
    if organization.kind == LicenseeKind.VENDOR and hasattr(organization, "vendor"):
        return redirect("vendors:vendor_detail", pk=organization.vendor.pk)
    # The home's "start the renewal" and "start the amendment" links fill in the license concerned.
    initial = {name: request.GET[name] for name in ("kind", "base_license", "license_type", "license_class")
               if name in request.GET}
    form = forms.StartForm(request.POST or None, organization=organization, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            application = services.application_create(actor=request.user, organization=organization,
                                                      **form.cleaned_data)
        except PermissionDenied:
            raise Http404
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            messages.success(request, _("Draft saved. Fill in each step; you can come back at any time."))
            return redirect(_step_url(application, "details"))
    return render(request, "licensing/applications/start.html", {
        "form": form, "organization": organization, "senior_group": senior_group_checked(organization)})


def _render_step(request, application, step, context):
    template = "licensing/applications/_step.html" if request.htmx else "licensing/applications/step.html"
    return render(request, template, {
        "application": application, "step": step, "steps": [(s, STEP_TITLES[s]) for s in steps_for(application)],
        "editable": application.status in services.EDITABLE_STATUSES, **context,
    })


def _save(request, application, step, fields, error_form):
    try:
        services.application_update(actor=request.user, application=application,
                                    step=steps_for(application).index(step) + 1, **fields)
    except ValidationError as error:
        if error_form is None:
            raise
        errors_to_form(error_form, error)
        return None
    return redirect(_next(application, step))


def _premises_form(data, application):
    premises = application.premises
    return forms.PremisesForm(data, prefix="p", initial={
        "premises_name": premises.name if premises else "",
        "certificate_of_occupancy": premises.certificate_of_occupancy if premises else "",
        "premises_street_address": premises.street_address if premises else "",
        "premises_postal_code": premises.postal_code if premises else ""})


def _premises_set(request, application, form):
    """Name the premises typed on the details step. Returns None when done, else the form to show again: with
    the refusal, or with the hall on record at that address and the choice of what to do about it."""
    cleaned = form.cleaned_data
    try:
        services.application_premises_set(
            actor=request.user, application=application, name=cleaned["premises_name"],
            street_address=cleaned["premises_street_address"], postal_code=cleaned["premises_postal_code"],
            certificate_of_occupancy=cleaned["certificate_of_occupancy"], resolution=cleaned["resolution"] or None)
    except PremisesOnRecord as on_record:
        form = forms.PremisesForm(request.POST, prefix="p", on_record=on_record.premises)
        form.is_valid()
        errors_to_form(form, _premises_errors(on_record))
        return form
    except ValidationError as error:
        errors_to_form(form, _premises_errors(error))
        return form
    return None


def _premises_errors(error: ValidationError) -> ValidationError:
    """The service names the premises' fields; the form prefixes them with premises_."""
    if not hasattr(error, "error_dict"):
        return error
    renamed = {"name": "premises_name", "street_address": "premises_street_address",
               "postal_code": "premises_postal_code"}
    return ValidationError({renamed.get(field, field): errors for field, errors in error.error_dict.items()})


def _details(request, application):
    data = request.POST if request.method == "POST" else None
    premises_form = _premises_form(data, application) if application.license_type in ON_PREMISES else None
    detail_class = {LicenseType.RAFFLE: forms.RaffleForm, LicenseType.MONTECARLO: forms.MonteCarloForm,
                    LicenseType.MULTIHALL: forms.MultiHallForm}.get(application.license_type)
    detail_form = detail_class(data, instance=application) if detail_class else None
    amendment_form = forms.AmendmentForm(data, instance=application, prefix="a") \
        if application.kind == ApplicationKind.AMENDMENT else None
    all_forms = [f for f in (premises_form, detail_form, amendment_form) if f is not None]
    if request.method == "POST" and all(f.is_valid() for f in all_forms):
        fields = {}
        for form in (detail_form, amendment_form):
            if form is not None:
                fields.update(form.cleaned_data)
        refused = _premises_set(request, application, premises_form) if premises_form is not None else None
        if refused is None:
            error_form = next((f for f in (detail_form, amendment_form) if f is not None), None)
            response = _save(request, application, "details", fields, error_form or premises_form)
            if response:
                return response
        else:
            all_forms[0] = premises_form = refused
    return {"forms": all_forms, "corrections": application.premises_corrections.filter(
        status=CorrectionStatus.PENDING).select_related("premises")}


MAX_BLANK_ROWS = 50


def _row_count(raw, *, default: int) -> int:
    """How many blank schedule rows to show, from the address or a button: 1 to 50, else the default."""
    if isinstance(raw, str) and raw.isascii() and raw.isdigit() and int(raw) > 0:
        return min(int(raw), MAX_BLANK_ROWS)
    return default


OCCASION_ERROR = re.compile(r"occasions\[(?P<index>[0-9]+)\]\.(?P<field>\w+)")


def _occasion_errors(formset, kept, error: ValidationError) -> None:
    """The service names "occasions[i].field": the error goes on that row's field, else above the table."""
    pairs = error.message_dict.items() if hasattr(error, "error_dict") else [(None, error.messages)]
    for key, messages_ in pairs:
        match = OCCASION_ERROR.fullmatch(key or "")
        form = kept[int(match["index"])] if match and int(match["index"]) < len(kept) else None
        if form is not None and match["field"] in form.fields:
            for message in messages_:
                form.add_error(match["field"], message)
        else:
            formset.non_form_errors().extend(messages_)


def _schedule(request, application):
    initial = [{"date": o.date, "starts_at": o.starts_at, "ends_at": o.ends_at} for o in application.occasions.all()]
    if request.method == "POST":
        formset = forms.occasion_formset()(request.POST, prefix="o")
        if formset.is_valid():
            kept = [f for f in formset.forms
                    if f.cleaned_data and not f.cleaned_data.get("DELETE") and f.cleaned_data.get("date")]
            try:
                services.application_occasions_set(actor=request.user, application=application,
                                                   occasions=[f.cleaned_data for f in kept])
            except ValidationError as error:
                _occasion_errors(formset, kept, error)
            else:
                if "add_rows" in request.POST:
                    rows_wanted = _row_count(request.POST["add_rows"], default=1)
                    return redirect(_step_url(application, "schedule") + f"?blank={rows_wanted}")
                return _save(request, application, "schedule", {}, None) or redirect(_next(application, "schedule"))
    else:
        blank = _row_count(request.GET.get("blank"), default=3 if not initial else 1)
        formset = forms.occasion_formset(blank_rows=blank)(initial=initial, prefix="o")
    return {"formset": formset}


def _model_step(form_class, step):
    def handler(request, application):
        form = form_class(request.POST if request.method == "POST" else None, instance=application)
        if request.method == "POST" and form.is_valid():
            response = _save(request, application, step, form.cleaned_data, form)
            if response:
                return response
        return {"forms": [form]}
    return handler


def _lease_documents(application):
    return application.organization.documents.filter(kind=DocumentKind.LEASE).filter(
        Q(application=application) | Q(application__isnull=True)).order_by("-uploaded_at")


def _lease(request, application):
    """The lease's terms and the copy of the lease itself, on one step (30 DCMR 1400.4)."""
    posted = request.method == "POST"
    form = forms.LeaseForm(request.POST if posted else None, instance=application)
    upload = forms.LeaseDocumentForm(request.POST if posted else None, request.FILES if posted else None,
                                     prefix="lease_doc")
    if posted and form.is_valid() and upload.is_valid():
        lease_file = upload.cleaned_data.get("file")
        if lease_file:
            organization = organization_get_for_filing(user=request.user, pk=application.organization_id)
            try:
                document_upload(actor=request.user, organization=organization, kind=DocumentKind.LEASE,
                                uploaded_file=lease_file, application=application)
            except ValidationError as error:
                errors_to_form(upload, error)
        if not upload.errors:
            response = _save(request, application, "lease", form.cleaned_data, form)
            if response:
                return response
    return {"forms": [form], "lease_upload": upload, "lease_documents": _lease_documents(application)}


def _review(request, application):
    findings = application_findings(application)  # read-only: submission keeps them
    try:
        quote = asdict(quote_for(application))
    except ValidationError:
        quote = None
    if request.method == "POST":
        try:
            services.application_submit(application=application, actor=request.user)
        except RuleViolation:
            messages.error(request, _("The application cannot be submitted yet: fix the blocking findings below."))
        else:
            messages.success(request, _("Submitted. Board staff will review it; you will hear from us by email."))
            url = reverse("portal:application_detail", args=[application.pk])
            # The overview is outside the boosted wizard: have htmx load it as a whole page.
            return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    # Each blocking finding links to the page where it is fixed (a step, the organization's documents...).
    return {"blocking": with_fix_urls(application, [f for f in findings if f.blocking]),
            "warnings": [f for f in findings if not f.blocking],
            "quote": quote, "summary": application_summary(application)}


STEP_HANDLERS = {
    "details": _details,
    "schedule": _schedule,
    "lease": _lease,
    "purpose": _model_step(forms.PurposeForm, "purpose"),
    "review": _review,
}


@login_required
def application_step(request, pk: int, step: str):
    application = application_get(user=request.user, pk=pk)
    if application.license_type == LicenseType.VENDOR:
        return _vendor_page(application)
    if step not in steps_for(application):
        raise Http404
    if request.method == "POST" and application.status not in services.EDITABLE_STATUSES:
        raise PermissionDenied
    try:
        result = STEP_HANDLERS[step](request, application)
    except PermissionDenied:
        raise Http404  # game roles and the Board see the draft but cannot write it
    if not isinstance(result, dict):
        return result
    return _render_step(request, application, step, result)


@login_required
@require_GET
def application_summary_download(request, pk: int):
    """Every answer as a printable PDF: for the organization's people and the Board, like the application."""
    application = application_get(user=request.user, pk=pk)
    if application.license_type == LicenseType.VENDOR:
        return _vendor_page(application)
    response = HttpResponse(summary_pdf(application), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="application-{application.pk}-summary.pdf"'
    response["Cache-Control"] = "private, no-store"
    return response


@login_required
def application_detail(request, pk: int):
    application = application_get(user=request.user, pk=pk)
    if application.license_type == LicenseType.VENDOR:
        return _vendor_page(application)
    return render(request, "licensing/applications/detail.html", {
        **application_status_context(application, user=request.user),
        "steps": [(s, STEP_TITLES[s]) for s in steps_for(application)],
        "editable": application.status in services.EDITABLE_STATUSES,
    })
