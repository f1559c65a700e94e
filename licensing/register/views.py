"""The Rules and fees pages: the Board's numbers in force with their citations and scheduled changes, the changes
waiting for a second person (approve, refuse, withdraw), one key's history, and a proposed change with its preview
(live by htmx, and on a confirm step without JavaScript); the same list read-only for the public.

Who sees what comes from the register's selectors (may_propose, may_approve); every write is a service of
licensing.register.services, which checks the four eyes again and audits it."""

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from core.forms import errors_to_form
from licensing.models.register import BoardNumber
from licensing.register import selectors, services
from licensing.register.catalog import entry
from licensing.register.forms import ApproveForm, ProposalForm, RefuseForm
from licensing.register.kinds import parse, shown

PREVIEW_PARTIAL = "licensing/register/_preview.html"


def _require(allowed: bool) -> None:
    if not allowed:
        raise PermissionDenied


@dataclass
class Waiting:
    """A change waiting for a second person, as the page shows it to the reader."""

    number: BoardNumber
    label: str
    shown: str
    preview: str
    approve_form: ApproveForm | None
    refuse_form: RefuseForm | None
    may_withdraw: bool


def _shown_value(number: BoardNumber) -> str:
    known = entry(number.key)
    try:
        return shown(known.kind, parse(known.kind, number.value)) if known else number.value
    except ValueError:
        return number.value


def _waiting(request, bound: dict | None = None) -> list[Waiting]:
    """The waiting changes with the forms the reader may use (a bound form with its errors for the one just
    refused); nobody gets Approve on their own proposal (four eyes)."""
    user, bound = request.user, bound or {}
    may_decide = selectors.may_approve(user)
    rows = []
    for number in selectors.proposals(user):
        known = entry(number.key)
        own = number.proposed_by_id == user.pk
        found = selectors.preview_or_none(key=number.key, value=number.value,
                                          effective_from=number.effective_from)
        rows.append(Waiting(
            number=number, label=known.describe() if known else number.key, shown=_shown_value(number),
            preview=found.sentence if found else "",
            approve_form=(bound.get((number.pk, "approve")) or ApproveForm()) if may_decide and not own else None,
            refuse_form=(bound.get((number.pk, "refuse")) or RefuseForm()) if may_decide and not own else None,
            may_withdraw=(own and selectors.may_propose(user)) or user.is_board_admin))
    return rows


def _board_context(request, bound: dict | None = None) -> dict:
    return {"sections": selectors.sections(), "waiting": _waiting(request, bound), "board_view": True,
            "may_propose": selectors.may_propose(request.user), "today": timezone.localdate()}


@login_required
@require_GET
def rules_page(request):
    _require(selectors.may_approve(request.user))
    return render(request, "licensing/register/rules.html", _board_context(request))


@require_GET
def public_rules(request):
    """The numbers in force today with their citations, for everyone (the same list, without the Board's tools)."""
    context = {"sections": selectors.sections(), "waiting": [], "board_view": False, "may_propose": False,
               "today": timezone.localdate()}
    return render(request, "licensing/register/rules.html", context)


@login_required
@require_GET
def rule_history(request, key: str):
    _require(selectors.may_approve(request.user))
    known = entry(key)
    if known is None:
        raise Http404(_("No number of the register has that key."))
    rows = [(number, _shown_value(number)) for number in selectors.history(key)]
    return render(request, "licensing/register/history.html", {
        "entry": known, "label": known.describe(), "rows": rows, "may_propose": selectors.may_propose(request.user)})


def _decide(request, pk: int, form_class, kind: str, act, done: str):
    """Check the form and call the service; a refusal shows the page again with the error on the form (400)."""
    _require(selectors.may_approve(request.user))  # whoever may propose may approve too (another's change)
    number = selectors.number_for(request.user, pk)
    if number is None:
        raise Http404(_("No change of the register has that number."))
    form = form_class(request.POST) if form_class else None
    if form is None or form.is_valid():
        try:
            act(number, form.cleaned_data if form else {})
        except ValidationError as error:
            if form is None:
                for message in error.messages:
                    messages.error(request, message)
                return redirect("portal:rules")
            errors_to_form(form, error)
        else:
            messages.success(request, done)
            return redirect("portal:rules")
    context = _board_context(request, bound={(number.pk, kind): form})
    if not any(row.number.pk == number.pk for row in context["waiting"]):
        # The change was decided meanwhile (it left the list): say why at the top.
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect("portal:rules")
    return render(request, "licensing/register/rules.html", context, status=400)


@login_required
@require_POST
def proposal_approve(request, pk: int):
    return _decide(request, pk, ApproveForm, "approve",
                   lambda number, data: services.number_approve(actor=request.user, number=number, note=data["note"]),
                   _("The change is approved: it takes effect on its day."))


@login_required
@require_POST
def proposal_refuse(request, pk: int):
    return _decide(request, pk, RefuseForm, "refuse",
                   lambda number, data: services.number_refuse(actor=request.user, number=number, note=data["note"]),
                   _("The change is refused; the person who proposed it sees why."))


@login_required
@require_POST
def proposal_withdraw(request, pk: int):
    return _decide(request, pk, None, "withdraw",
                   lambda number, data: services.number_withdraw(actor=request.user, number=number),
                   _("The change is withdrawn."))


def _initial(request) -> dict:
    """A proposal opened from a line ("change"): its key, and the citation of the row in force."""
    key = request.GET.get("key", "")
    if entry(key) is None:
        return {}
    row = selectors.in_force_row(key)
    return {"key": key, "citation": row.citation if row else entry(key).citation}


def _checked(form: ProposalForm):
    """The form's data and its preview, once the form and the register's rules accept it (else None, None and the
    errors on the form's fields)."""
    if not form.is_valid():
        return None, None
    data = form.cleaned_data
    problems = selectors.proposal_problems(**data)
    if problems:
        errors_to_form(form, ValidationError(problems))
        return None, None
    return data, selectors.preview_or_none(key=data["key"], value=data["value"],
                                           effective_from=data["effective_from"])


@login_required
@require_http_methods(["GET", "POST"])
def rule_propose(request):
    """GET: the form (pre-filled from ?key=). POST: the confirm step with the preview; POST with `confirm`: sent."""
    _require(selectors.may_propose(request.user))
    if request.method == "GET":
        form = ProposalForm(initial=_initial(request))
        return render(request, "licensing/register/propose.html", {"form": form})
    form = ProposalForm(request.POST)
    data, found = _checked(form)
    if data is None:
        return render(request, "licensing/register/propose.html", {"form": form}, status=400)
    if "confirm" not in request.POST:
        return render(request, "licensing/register/propose.html",
                      {"form": form, "confirming": True, "preview": found, "label": entry(data["key"]).describe()})
    try:
        number = services.number_propose(actor=request.user, **data)
    except ValidationError as error:
        errors_to_form(form, error)
        return render(request, "licensing/register/propose.html", {"form": form}, status=400)
    messages.success(request, _("Your change to %(what)s is proposed; it waits for a second person's approval.")
                     % {"what": entry(number.key).describe()})
    return redirect("portal:rules")


@login_required
@vary_on_headers("HX-Request")
@require_http_methods(["GET", "POST"])
def rule_preview(request):
    """The live preview of the form as it is filled in (htmx): what the change would do, or what is wrong."""
    _require(selectors.may_propose(request.user))
    form = ProposalForm(request.POST if request.method == "POST" else request.GET)
    data, found = _checked(form) if form.is_bound else (None, None)
    return render(request, PREVIEW_PARTIAL, {"form": form, "preview": found, "checked": data is not None})
