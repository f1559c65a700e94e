"""The public page of a raffle drawing (no sign-in) and the published drawing's download; the officers' portal
page of a raffle license's drawing: schedule it, close sales, enter the witness value (raffle-drawing/2), draw (the
Board reads it)."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods

from core.forms import errors_to_form
from licensing.models import DrawingFormat, DrawingStatus
from licensing.models.organizations import FILING_ROLES
from licensing.reports.drawings.forms import (
    DrawingDrawForm,
    DrawingSalesCloseForm,
    DrawingScheduleForm,
    DrawingWitnessForm,
)
from licensing.reports.drawings.selectors import (
    drawing_of_license,
    drawing_public,
    drawing_public_get,
    drawing_published,
    raffle_license_for_page_get,
)
from licensing.reports.drawings.services import (
    drawing_draw,
    drawing_sales_close,
    drawing_schedule,
    drawing_witness,
    in_charge_choices,
    printer_documents_missing,
)
from licensing.selectors import has_role

VERIFY_COMMAND = "python -m licensing.reports.drawings.engine verify {file}"


def _file_name(drawing) -> str:
    return f"raffle-drawing-{drawing.license.number}-{drawing.pk}.json"


@require_GET
def drawing_public_page(request, pk: int):
    drawing = drawing_public_get(pk=pk)
    return render(request, "licensing/reports/drawings/drawing_public.html", {
        "drawing": drawing, "public": drawing_public(drawing),
        "verify_command": VERIFY_COMMAND.format(file=_file_name(drawing))})


@require_GET
def drawing_published_download(request, pk: int):
    drawing = drawing_public_get(pk=pk)
    published = drawing_published(drawing)
    if published is None:
        return HttpResponse(status=404)
    response = HttpResponse(json.dumps(published) + "\n", content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{_file_name(drawing)}"'
    return response


# The form each step of the drawing takes, by the drawing's status (None: not scheduled yet); a raffle-drawing/2
# drawing takes the witness value between the close of sales and the draw.
STEPS = {None: "schedule", DrawingStatus.SCHEDULED: "close_sales", DrawingStatus.SALES_CLOSED: "draw",
         DrawingStatus.WITNESSED: "draw"}
DONE = {
    "schedule": _("The drawing is scheduled and its commitment is published."),
    "close_sales": _("Ticket sales are closed and the hash of the eligible tickets is published."),
    "witness": _("The witness value is entered: the winners are drawn with it and the committed seed."),
    "draw": _("The winners are drawn and the seed is published."),
}


def _step_of(drawing) -> str | None:
    if drawing and drawing.format == DrawingFormat.WITNESSED and drawing.status == DrawingStatus.SALES_CLOSED:
        return "witness"
    return STEPS.get(drawing.status if drawing else None)


def _form_for(step: str, license, data=None):
    if step == "schedule":
        return DrawingScheduleForm(data)
    if step == "close_sales":
        application = license.application
        return DrawingSalesCloseForm(data, first=application.first_ticket_number,
                                     last=application.last_ticket_number)
    if step == "witness":
        return DrawingWitnessForm(data)
    return DrawingDrawForm(data, in_charge=in_charge_choices(license))


def _act(step: str, *, actor, license, drawing, data: dict):
    if step == "schedule":
        return drawing_schedule(actor=actor, license=license, prizes=data["prizes"], format=data["format"])
    if step == "close_sales":
        return drawing_sales_close(actor=actor, drawing=drawing, sold=data["sold"], returned=data["returned"],
                                   buyers_age_declared=data["buyers_age_declared"])
    if step == "witness":
        return drawing_witness(actor=actor, drawing=drawing, witness=data["witness"], witness_name=data["witness_name"])
    return drawing_draw(actor=actor, drawing=drawing, in_charge=data["in_charge"])


@login_required
@require_http_methods(["GET", "POST"])
def license_drawing(request, pk: int):
    user = request.user
    license = raffle_license_for_page_get(user=user, pk=pk)
    can_act = has_role(user=user, organization_id=license.organization_id, roles=FILING_ROLES)
    drawing = drawing_of_license(user=user, license=license)
    step = _step_of(drawing)
    form = _form_for(step, license) if can_act and step else None
    status = 200

    if request.method == "POST":
        if not can_act:
            raise PermissionDenied(_("Only the officers of the licensed organization may conduct its raffle drawing "
                                     "(30 DCMR 1202.2)."))
        if request.POST.get("action") != step:
            # A stale page (another officer took the step meanwhile): show the drawing as it is now.
            messages.error(request, _("The drawing has moved on since this page was loaded: check it and try again."))
            status = 400
        else:
            form = _form_for(step, license, request.POST)
            if form.is_valid():
                try:
                    _act(step, actor=user, license=license, drawing=drawing, data=form.cleaned_data)
                except ValidationError as error:
                    errors_to_form(form, error)
                else:
                    messages.success(request, DONE[step])
                    return redirect("portal:license_drawing", pk=license.pk)
            status = 400

    context = {
        "license": license,
        "application": license.application,
        "drawing": drawing,
        "public": drawing_public(drawing) if drawing else None,
        "can_act": can_act,
        "step": step,
        "form": form,
        # What stops the next step, with the page where it is fixed (1502.5, 1502.6 documents; 1301.5 people).
        "missing_documents": printer_documents_missing(license) if can_act and step in ("schedule", "close_sales")
        else [],
        "no_one_in_charge": can_act and step == "draw" and not in_charge_choices(license),
    }
    return render(request, "licensing/reports/drawings/license_drawing.html", context, status=status)
