"""Board staff's page for 30 DCMR 1206.4(d): the vendor's owners and officers who are DC officials or employees,
and for each a decision whether there is a conflict of interest, with its reason. The vendor is scoped by
vendors.selectors (anyone outside the Board and the vendor gets a 404); deciding is Board staff's alone."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from core.forms import errors_to_form
from vendors.owners.forms import NO, YES, ConflictDecisionForm
from vendors.owners.services import owner_conflict_decide
from vendors.selectors import vendor_get

STAFF_ONLY = gettext_lazy("Only Board staff decide a conflict of interest (30 DCMR 1206.4(d)).")


def _staff_vendor(request, pk: int):
    vendor = vendor_get(user=request.user, pk=pk)
    if not request.user.is_board_staff:
        raise PermissionDenied(STAFF_ONLY)
    return vendor


def _officials(vendor):
    return list(vendor.owners.filter(is_current=True, dc_official=True).select_related("conflict_decided_by")
                .order_by("full_name", "pk"))


def _form(owner, data=None) -> ConflictDecisionForm:
    initial = {}
    if owner.conflict_found is not None:
        initial = {"conflict": YES if owner.conflict_found else NO, "reason": owner.conflict_reason}
    return ConflictDecisionForm(data, prefix=f"owner-{owner.pk}", initial=initial)


def _page(request, vendor, *, bound=None, status=200):
    rows = [{"owner": owner, "form": bound if bound is not None and bound.prefix == f"owner-{owner.pk}"
             else _form(owner)} for owner in _officials(vendor)]
    # A refusal for a person not on the page (no DC official at all) is shown on top of it.
    shown = bound is None or any(row["form"] is bound for row in rows)
    errors = [] if shown else [error for field_errors in bound.errors.values() for error in field_errors]
    return render(request, "vendors/owners/conflicts.html", {"vendor": vendor, "rows": rows, "errors": errors},
                  status=status)


@login_required
@require_http_methods(["GET"])
def owner_conflicts(request, pk: int):
    return _page(request, _staff_vendor(request, pk))


@login_required
@require_POST
def owner_conflict_decide_page(request, pk: int, owner_pk: int):
    vendor = _staff_vendor(request, pk)
    owner = get_object_or_404(vendor.owners.filter(is_current=True), pk=owner_pk)
    form = _form(owner, request.POST)
    if form.is_valid():
        try:
            owner_conflict_decide(actor=request.user, owner=owner, conflict=form.cleaned_data["conflict"],
                                  reason=form.cleaned_data["reason"])
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            messages.success(request, _("The decision on %(name)s is recorded (30 DCMR 1206.4(d)).")
                             % {"name": owner.full_name})
            return redirect("vendors:owner_conflicts", pk=vendor.pk)
    return _page(request, vendor, bound=form, status=400)
