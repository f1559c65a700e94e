"""A vendor's portal pages: registration, and the guided vendor license application (30 DCMR 1207.2): one page
per step, each saved at once (the draft remembers the furthest step reached, Application.step), then review and
submit through licensing's submission. The Board reads every step; only the vendor's representatives write."""

import copy
import re
from dataclasses import asdict

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.messages import get_messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from core.findings import RuleViolation
from core.forms import errors_to_form
from licensing.applications.checks import application_findings, quote_for
from licensing.applications.services import EDITABLE_STATUSES, application_submit, application_update
from licensing.review.views import application_status_context
from vendors import selectors
from vendors.applications import services
from vendors.applications.forms import (
    AmendmentForm,
    GrossReceiptsForm,
    OwnSuppliesForm,
    StartForm,
    SupplierForm,
    VendorDetailsForm,
)
from vendors.owners import services as owner_services
from vendors.owners.forms import ClearanceForm, OwnerForm
from vendors.price_lists import services as price_list_services
from vendors.price_lists.forms import CertifyForm, item_formset
from vendors.price_lists.selectors import price_list_for_application

STEP_TITLES = {
    "business": gettext_lazy("Business details"),
    "owners": gettext_lazy("Owners and officers"),
    "suppliers": gettext_lazy("Suppliers"),
    "gross_receipts": gettext_lazy("Gross receipts"),
    "price_list": gettext_lazy("Price list"),
    "review": gettext_lazy("Review and submit"),
}
STEPS = list(STEP_TITLES)
MAX_BLANK_ROWS = 50


def _step_url(application, step: str) -> str:
    return reverse("vendors:application_step", args=[application.pk, step])


def _next_url(application, step: str) -> str:
    return _step_url(application, STEPS[STEPS.index(step) + 1])


def _pk(raw) -> int:
    """An id posted by a button: digits 0-9, else no such record."""
    if isinstance(raw, str) and raw.isascii() and raw.isdigit():
        return int(raw)
    raise Http404


def _row_count(raw, *, default: int) -> int:
    if isinstance(raw, str) and raw.isascii() and raw.isdigit() and int(raw) > 0:
        return min(int(raw), MAX_BLANK_ROWS)
    return default


def _errors_to_forms(forms: list, error: ValidationError) -> None:
    """Each error on the form that has its field, else on top of the first form."""
    pairs = error.error_dict.items() if hasattr(error, "error_dict") else [(None, error.error_list)]
    for field, errors in pairs:
        form = next((f for f in forms if field in f.fields), forms[0])
        form.add_error(field if field in form.fields else None, errors)


# --- Registration ---

@login_required
@require_http_methods(["GET", "POST"])
def vendor_register(request):
    form = VendorDetailsForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                vendor = services.vendor_register(actor=request.user, **form.cleaned_data)
            except ValidationError as exc:
                errors_to_form(form, exc)
            else:
                messages.success(request, _("%(name)s is registered, and you are its representative. Start its "
                                            "vendor license application below.") % {"name": vendor.organization.name})
                return redirect("vendors:vendor_detail", pk=vendor.pk)
        status = 400
    return render(request, "vendors/applications/register.html", {"form": form}, status=status)


# --- Starting an application ---

@login_required
@require_POST
def application_start(request, pk: int):
    vendor = selectors.vendor_get_for_filing(user=request.user, pk=pk)
    form = StartForm(request.POST, licenses=selectors.vendor_license_list(user=request.user, vendor=vendor))
    if form.is_valid():
        try:
            application = services.vendor_application_create(actor=request.user, vendor=vendor,
                                                             **form.cleaned_data)
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        else:
            messages.success(request, _("Draft saved. Fill in each step; you can come back at any time."))
            return redirect(_step_url(application, "business"))
    else:
        for field, errors in form.errors.items():
            for message in errors:
                messages.error(request, f"{form.fields[field].label}: {message}" if field in form.fields else message)
    return redirect("vendors:vendor_detail", pk=vendor.pk)


# --- The guided form ---

def _save_step(request, application, step: str, **fields):
    """Record the step reached (and any application fields) and go on to the next step."""
    application_update(actor=request.user, application=application, step=STEPS.index(step) + 1, **fields)
    return redirect(_next_url(application, step))


def _business(request, vendor, application):
    data = request.POST if request.method == "POST" else None
    forms = [VendorDetailsForm(data, instance=copy.deepcopy(vendor))]
    if application.kind == "amendment":
        forms.append(AmendmentForm(data, instance=copy.deepcopy(application), prefix="a"))
    if request.method == "POST" and all(form.is_valid() for form in forms):
        amendment = forms[1].cleaned_data if len(forms) > 1 else {}
        try:
            with transaction.atomic():  # the business's details and the draft's step, or neither
                services.vendor_profile_update(actor=request.user, vendor=vendor, **forms[0].cleaned_data)
                return _save_step(request, application, "business", **amendment)
        except ValidationError as exc:
            _errors_to_forms(forms, exc)
    return {"forms": forms}


def _owners(request, vendor, application):
    action = request.POST.get("action") if request.method == "POST" else None
    editing = None
    if request.method == "GET" and request.GET.get("edit"):
        editing = selectors.owner_get(vendor=vendor, pk=_pk(request.GET["edit"]))
    owner_form = OwnerForm(instance=editing, prefix="owner")
    clearance_forms = {}
    if action in ("add", "update"):
        editing = selectors.owner_get(vendor=vendor, pk=_pk(request.POST.get("owner"))) if action == "update" else None
        owner_form = OwnerForm(request.POST, instance=copy.deepcopy(editing), prefix="owner")
        if owner_form.is_valid():
            try:
                if editing is None:
                    owner = owner_services.owner_add(actor=request.user, vendor=vendor, **owner_form.cleaned_data)
                else:
                    owner = owner_services.owner_update(actor=request.user, owner=editing, **owner_form.cleaned_data)
            except ValidationError as exc:
                errors_to_form(owner_form, exc)
            else:
                messages.success(request, _("%(name)s is saved.") % {"name": owner.full_name})
                return redirect(_step_url(application, "owners"))
    elif action == "end":
        owner = owner_services.owner_end(actor=request.user,
                                         owner=selectors.owner_get(vendor=vendor, pk=_pk(request.POST.get("owner"))))
        messages.success(request, _("%(name)s is no longer listed; the record is kept.") % {"name": owner.full_name})
        return redirect(_step_url(application, "owners"))
    elif action == "clearance":
        owner = selectors.owner_get(vendor=vendor, pk=_pk(request.POST.get("owner")))
        form = ClearanceForm(request.POST, request.FILES, prefix=f"c{owner.pk}",
                             jurisdictions=selectors.owner_clearances_needed(owner))
        if form.is_valid():
            try:
                owner_services.owner_police_clearance_upload(
                    actor=request.user, owner=owner, uploaded_file=form.cleaned_data["file"],
                    jurisdiction=form.cleaned_data["jurisdiction"])
            except ValidationError as exc:
                errors_to_form(form, exc)
            else:
                messages.success(request, _("The police clearance report of %(name)s is attached.")
                                 % {"name": owner.full_name})
                return redirect(_step_url(application, "owners"))
        clearance_forms[owner.pk] = form
    elif request.method == "POST":
        return _save_step(request, application, "owners")
    owners = list(selectors.owner_list(vendor=vendor))
    return {
        "owner_rows": [(owner, clearance_forms.get(owner.pk) or _clearance_form(owner), _clearances(owner))
                       for owner in owners],
        "former_owners": selectors.owner_list(vendor=vendor, current=False),
        "owner_form": owner_form, "editing": editing,
        "share_total": sum(owner.share for owner in owners),
    }


CLEARANCE_LABELS = {
    "dc": gettext_lazy("District of Columbia"),
    "residence": gettext_lazy("Jurisdiction of residence"),
    "business": gettext_lazy("Jurisdiction of the business"),
}


def _clearances(owner) -> list[tuple[str, object]]:
    """(label, document or None) of each report 1207.2(l) asks of the person; none for an employee."""
    field = owner_services.CLEARANCE_FIELDS
    return [(CLEARANCE_LABELS[which], getattr(owner, field[which]))
            for which in selectors.owner_clearances_needed(owner)]


def _clearance_form(owner) -> ClearanceForm:
    needed = selectors.owner_clearances_needed(owner)
    missing = [which for which in needed if getattr(owner, owner_services.CLEARANCE_FIELDS[which]) is None]
    return ClearanceForm(prefix=f"c{owner.pk}", initial={"jurisdiction": (missing or needed or ["dc"])[0]},
                         jurisdictions=needed)


def _suppliers(request, vendor, application):
    action = request.POST.get("action") if request.method == "POST" else None
    supplier_form = SupplierForm(prefix="s")
    own_form = OwnSuppliesForm(initial={"makes_own_supplies": vendor.makes_own_supplies})
    if action == "add":
        supplier_form = SupplierForm(request.POST, prefix="s")
        if supplier_form.is_valid():
            try:
                supplier = services.supplier_add(actor=request.user, vendor=vendor, **supplier_form.cleaned_data)
            except ValidationError as exc:
                errors_to_form(supplier_form, exc)
            else:
                messages.success(request, _("%(name)s is added.") % {"name": supplier.name})
                return redirect(_step_url(application, "suppliers"))
    elif action == "end":
        supplier = services.supplier_end(
            actor=request.user, supplier=selectors.supplier_get(vendor=vendor, pk=_pk(request.POST.get("supplier"))))
        messages.success(request, _("%(name)s is no longer listed; the record is kept.") % {"name": supplier.name})
        return redirect(_step_url(application, "suppliers"))
    elif request.method == "POST":
        own_form = OwnSuppliesForm(request.POST)
        if own_form.is_valid():
            try:
                with transaction.atomic():
                    services.vendor_profile_update(actor=request.user, vendor=vendor, **own_form.cleaned_data)
                    return _save_step(request, application, "suppliers")
            except ValidationError as exc:
                errors_to_form(own_form, exc)
    return {"suppliers": selectors.supplier_list(vendor=vendor),
            "former_suppliers": selectors.supplier_list(vendor=vendor, current=False),
            "supplier_form": supplier_form, "own_form": own_form}


def _gross_receipts(request, vendor, application):
    form = GrossReceiptsForm(request.POST if request.method == "POST" else None, instance=copy.deepcopy(application))
    if request.method == "POST" and form.is_valid():
        try:
            return _save_step(request, application, "gross_receipts", **form.cleaned_data)
        except ValidationError as exc:
            errors_to_form(form, exc)
    return {"forms": [form]}


ITEM_ERROR = re.compile(r"items\[(?P<index>[0-9]+)\]\.(?P<field>\w+)")


def _item_errors(formset, certify_form, kept, error: ValidationError) -> None:
    """The service names "items[i].field": the error goes on that row's field, else above the table."""
    pairs = error.message_dict.items() if hasattr(error, "error_dict") else [(None, error.messages)]
    for key, messages_ in pairs:
        match = ITEM_ERROR.fullmatch(key or "")
        form = kept[int(match["index"])] if match and int(match["index"]) < len(kept) else None
        if form is not None and match["field"] in form.fields:
            for message in messages_:
                form.add_error(match["field"], message)
        elif key == "price_list_certified":
            for message in messages_:
                certify_form.add_error("certify", message)
        else:
            formset.non_form_errors().extend(messages_)


def _price_list(request, vendor, application):
    price_list = price_list_for_application(application)
    items = list(price_list.items.all()) if price_list else []
    fields = price_list_services.ITEM_FIELDS
    if request.method == "POST":
        formset = item_formset()(request.POST, prefix="i")
        certify_form = CertifyForm(request.POST, prefix="c")
        if formset.is_valid() and certify_form.is_valid():
            kept = [form for form in formset.forms if form.cleaned_data and form.has_item()]
            try:
                with transaction.atomic():  # the items and their certification, or neither
                    price_list_services.price_list_items_set(
                        actor=request.user, application=application,
                        items=[{name: form.cleaned_data.get(name) for name in fields} for form in kept])
                    if certify_form.cleaned_data["certify"]:
                        price_list_services.price_list_certify(actor=request.user, application=application)
                    if "add_rows" in request.POST:
                        messages.success(request, _("The price list is saved."))
                        rows = _row_count(request.POST["add_rows"], default=1)
                        return redirect(_step_url(application, "price_list") + f"?blank={rows}")
                    return _save_step(request, application, "price_list")
            except ValidationError as exc:
                _item_errors(formset, certify_form, kept, exc)
    else:
        initial = [{name: getattr(item, name) for name in fields} for item in items]
        blank = _row_count(request.GET.get("blank"), default=1 if initial else 3)
        formset = item_formset(blank_rows=blank)(initial=initial, prefix="i")
        certify_form = CertifyForm(prefix="c")
    return {"formset": formset, "certify_form": certify_form, "price_list": price_list}


# Where a finding is fixed: the step holding the field it names (vendors/applications/rules.py, checks.py).
FINDING_STEPS = {
    **dict.fromkeys(("name", "address", "business_type", "established_on", "established_at", "years_in_business",
                     "organized_in_dc", "dc_business_license", "resident_agent_name"), "business"),
    "people": "owners", "suppliers": "suppliers", "prior_year_gross_receipts": "gross_receipts",
    "gross_sales": "gross_receipts", **dict.fromkeys(("catalogue", "price_list_certified", "prices"), "price_list"),
}


def _review(request, vendor, application):
    findings = application_findings(application)  # read-only: submission keeps them
    try:
        quote = asdict(quote_for(application))
    except ValidationError:
        quote = None
    if request.method == "POST":
        try:
            application_submit(application=application, actor=request.user)
        except RuleViolation:
            messages.error(request, _("The application cannot be submitted yet: fix the blocking findings below."))
        else:
            messages.success(request, _("Submitted. Board staff will review it; you will hear from us by email."))
            url = reverse("vendors:application_detail", args=[application.pk])
            return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
        findings = application_findings(application)
    return {"blocking": [(f, FINDING_STEPS.get(f.field)) for f in findings if f.blocking],
            "warnings": [(f, FINDING_STEPS.get(f.field)) for f in findings if not f.blocking], "quote": quote}


STEP_HANDLERS = {
    "business": _business,
    "owners": _owners,
    "suppliers": _suppliers,
    "gross_receipts": _gross_receipts,
    "price_list": _price_list,
    "review": _review,
}


@login_required
@require_http_methods(["GET", "POST"])
def application_step(request, pk: int, step: str):
    vendor, application = selectors.vendor_application_find(user=request.user, pk=pk)
    if step not in STEP_HANDLERS:
        raise Http404
    can_file = selectors.represents(user=request.user, vendor=vendor)
    editable = can_file and application.status in EDITABLE_STATUSES
    if request.method == "POST" and not editable:
        raise PermissionDenied  # the Board reads the draft; a filed application no longer changes
    result = STEP_HANDLERS[step](request, vendor, application)
    if not isinstance(result, dict):
        return result
    status = 400 if request.method == "POST" and not request.htmx else 200  # htmx swaps only 2xx answers
    template = "vendors/applications/_step.html" if request.htmx else "vendors/applications/step.html"
    return render(request, template, {
        "vendor": vendor, "application": application, "step": step, "editable": editable,
        "steps": [(key, STEP_TITLES[key]) for key in STEPS], **result,
        # Shown inside the wizard, not by the base layout: htmx swaps only the wizard, and a message above it
        # would stay on screen, out of date, through every later step.
        "wizard_messages": get_messages(request), "messages": (),
    }, status=status)


@login_required
def application_detail(request, pk: int):
    vendor, application = selectors.vendor_application_find(user=request.user, pk=pk)
    return render(request, "vendors/applications/detail.html", {
        **application_status_context(application, user=request.user), "vendor": vendor,
        "price_list": price_list_for_application(application),
        "steps": [(key, STEP_TITLES[key]) for key in STEPS],
        "editable": selectors.represents(user=request.user, vendor=vendor)
        and application.status in EDITABLE_STATUSES,
    })
