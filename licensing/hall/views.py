"""Hall mode's portal pages: the kits an organization prepared and the events it may prepare one for, preparing one
(the Board signs it at once), a kit's page and its download (the JSON file the hall device loads), uploading what
the hall sent back and the Board's verdict on it; the Board's list of refused bundles. And the one public page: the
check of a signed head the hall's QR code points at (no sign-in)."""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.forms import errors_to_form
from licensing.hall import selectors, services
from licensing.hall.forms import BundleForm, HeadCheckForm, KitForm
from licensing.hall.kinds import kit_kind
from licensing.hall.rules import verdict_message


@login_required
@require_GET
def kit_list(request):
    return render(request, "licensing/hall/kits.html", {
        "kits": selectors.kit_list(user=request.user)[:100],
        "events": selectors.preparable_events(user=request.user),
        "refused": selectors.refused_bundles(user=request.user)[:50],
    })


@login_required
@require_http_methods(["GET", "POST"])
def kit_new(request, kind: str, pk: int):
    event = kit_kind(kind).event(user=request.user, pk=pk)
    form = KitForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            kit = services.kit_prepare(actor=request.user, event=event,
                                       device_public_key=form.cleaned_data["device_public_key"])
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            return redirect("portal:hall_kit", kit_id=kit.kit_id)
    return render(request, "licensing/hall/kit_new.html", {"event": event, "form": form},
                  status=400 if form.errors else 200)


@login_required
@require_GET
def kit_detail(request, kit_id):
    kit = selectors.kit_get(user=request.user, kit_id=kit_id)
    return _kit_page(request, kit, BundleForm())


def _kit_page(request, kit, form, status: int = 200):
    return render(request, "licensing/hall/kit.html", {"kit": kit, "plan": kit.document.get("plan", {}),
                                                      "bundles": kit.bundles.select_related("received_by"),
                                                      "form": form}, status=status)


@login_required
@require_POST
def bundle_upload(request, kit_id):
    kit = selectors.kit_get(user=request.user, kit_id=kit_id)
    form = BundleForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            received, _new = services.bundle_receive(actor=request.user, kit=kit, bundle=form.cleaned_data["bundle"])
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            return redirect("portal:hall_bundle", pk=received.pk)
    return _kit_page(request, kit, form, status=400)


@login_required
@require_GET
def bundle_detail(request, pk: int):
    return render(request, "licensing/hall/bundle.html", {"bundle": selectors.bundle_get(user=request.user, pk=pk)})


@login_required
@require_GET
def kit_download(request, kit_id):
    kit = selectors.kit_get(user=request.user, kit_id=kit_id)
    response = HttpResponse(json.dumps(kit.document, indent=2, ensure_ascii=False, sort_keys=True) + "\n",
                            content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="hall-kit-{kit.event_date.isoformat()}-{kit.kit_id}.json"'
    return response


@require_GET
def head_check(request, kit_id):
    """Public: does the Board hold exactly the records a head signed in the hall names? Only the verdict and the
    event's title and date; a query it cannot read is a 400 naming each parameter."""
    kit = selectors.kit_public_get(kit_id=kit_id)
    form = HeadCheckForm(request.GET)
    if not form.is_valid():
        return render(request, "licensing/hall/check.html", {"kit": kit, "form": form}, status=400)
    verdict = selectors.head_check(kit=kit, **form.cleaned_data)
    return render(request, "licensing/hall/check.html", {
        "kit": kit, "form": form, "head": form.cleaned_data, "verdict": verdict, "message": verdict_message(verdict)})
