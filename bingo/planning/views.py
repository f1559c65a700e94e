"""Portal pages of operation planning: the list, the create form, the plan of one operation (its
games in order, the findings with their citations, the workers on duty and the halls), the
program sheet PDF, the worker posting, and the custom pattern editor.

Everyone who works the organization's bingo, and the Board, may read; only planners get forms,
and a write by anyone else is refused (404 outside the scope, 403 inside). Writes answer htmx
with the plan section re-rendered, and a plain browser with a redirect."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from bingo.models import Game, GameType, Operation, WorkerDuty
from bingo.patterns import services as pattern_services
from bingo.patterns.selectors import pattern_list, pattern_list_for_organization
from bingo.planning import multihall, program_sheet, services
from bingo.planning import selectors as planning
from bingo.planning.checks import operation_check
from bingo.planning.forms import (
    AnnuityForm,
    CustomPatternForm,
    GameForm,
    HallForm,
    MultiHallAgreementForm,
    OperationForm,
    WorkerForm,
)
from bingo.selectors import PLANNER_ROLES, organization_ids
from core.forms import errors_to_form, run_service
from licensing.models import Organization


def _plan_context(request, operation: Operation, **forms) -> dict:
    can_plan = planning.can_plan(user=request.user, operation=operation)
    return {
        "operation": operation,
        "license": operation.license,
        "can_plan": can_plan,
        "findings": operation_check(operation),
        "games": _games(operation),
        "workers": operation.workers.order_by("duty", "name"),
        "halls": operation.halls.select_related("premises").order_by("-is_drawing_location", "name"),
        "game_form": forms.get("game_form") or _game_form(request, operation),
        "worker_form": forms.get("worker_form") or WorkerForm(prefix="worker", on=operation.date),
        "hall_form": forms.get("hall_form") or HallForm(prefix="hall"),
        "plan_error": forms.get("plan_error"),
    }


def _games(operation: Operation) -> list[Game]:
    language = get_language()
    games = list(operation.games.select_related("pattern").order_by("number"))
    for game in games:
        game.pattern_name = game.pattern.name_for(language)  # English or Spanish, as the planner reads
    return games


def _plan_response(request, operation: Operation, *, failed: bool = False, **forms):
    context = _plan_context(request, operation, **forms)
    if request.htmx:
        # htmx swaps only 2xx answers, and the section itself shows the errors.
        return render(request, "bingo/planning/_plan.html", context)
    if not failed:
        return redirect("bingo:operation_detail", pk=operation.pk)
    return render(request, "bingo/planning/operation_detail.html", context, status=400)


@login_required
@require_GET
def operation_list(request):
    operations = planning.operation_list(user=request.user).order_by("-date", "-starts_at")
    return render(request, "bingo/planning/operation_list.html", {
        "operations": operations, "can_create": planning.plannable_licenses(user=request.user).exists()})


@login_required
@require_http_methods(["GET", "POST"])
def operation_create(request):
    licenses = planning.plannable_licenses(user=request.user)
    premises = planning.plannable_premises(licenses=licenses)
    form = OperationForm(request.POST or None, licenses=licenses, premises=premises)
    if request.method == "POST" and form.is_valid():
        try:
            operation = services.operation_create(actor=request.user, **form.cleaned_data)
        except ValidationError as exc:
            errors_to_form(form, exc)
        else:
            messages.success(request, _("The operation is planned. Add its games and workers."))
            return redirect("bingo:operation_detail", pk=operation.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "bingo/planning/operation_form.html", {"form": form, "licenses": licenses},
                  status=status)


@login_required
@require_GET
def operation_detail(request, pk: int):
    operation = planning.operation_get(user=request.user, pk=pk)
    return render(request, "bingo/planning/operation_detail.html", _plan_context(request, operation))


@login_required
@require_http_methods(["GET", "POST"])
def operation_edit(request, pk: int):
    operation = planning.operation_get_for_planning(user=request.user, pk=pk)
    premises = planning.plannable_premises(licenses=[operation.license])
    form = OperationForm(request.POST or None, instance=Operation.objects.get(pk=pk), premises=premises)
    if request.method == "POST" and form.is_valid():
        try:
            services.operation_update(actor=request.user, operation=operation, **form.cleaned_data)
        except ValidationError as exc:
            errors_to_form(form, exc)
        else:
            messages.success(request, _("The operation is saved."))
            return redirect("bingo:operation_detail", pk=operation.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "bingo/planning/operation_form.html", {"form": form, "operation": operation},
                  status=status)


def _game_form(request, operation: Operation, data=None, **kwargs) -> GameForm:
    patterns = pattern_list_for_organization(
        user=request.user, organization_id=operation.license.organization_id)
    return GameForm(data, patterns=patterns, prefix="game", **kwargs)


@login_required
@require_POST
def game_add(request, pk: int):
    operation = planning.operation_get_for_planning(user=request.user, pk=pk)
    form = _game_form(request, operation, request.POST)
    if form.is_valid():
        try:
            services.game_add(actor=request.user, operation=operation, **form.cleaned_data)
        except ValidationError as exc:
            errors_to_form(form, exc)
        else:
            return _plan_response(request, operation)
    return _plan_response(request, operation, failed=True, game_form=form)


@login_required
@require_http_methods(["GET", "POST"])
def game_edit(request, pk: int, game_pk: int):
    operation = planning.operation_get_for_planning(user=request.user, pk=pk)
    game = get_object_or_404(Game, operation=operation, pk=game_pk)
    initial = {"game_type": game.game_type, "pattern": game.pattern, "card_price": game.card_price,
               "prize": game.prize}
    form = _game_form(request, operation, request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.game_update(actor=request.user, game=game, **form.cleaned_data)
        except ValidationError as exc:
            errors_to_form(form, exc)
        else:
            return redirect("bingo:operation_detail", pk=operation.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "bingo/planning/game_edit.html", {
        "operation": operation, "game": game, "form": form, "annuity_form": _annuity_form(game)}, status=status)


def _annuity_form(game: Game, data=None) -> AnnuityForm | None:
    if game.game_type != GameType.MULTI_HALL:
        return None
    return AnnuityForm(data, prefix="annuity", on=game.operation.date, initial={
        "years": game.annuity_years, "amount": game.annuity_amount, "insurer": game.annuity_insurer,
        "insurer_dc_licensed": game.annuity_insurer_dc_licensed})


@login_required
@require_POST
def game_annuity(request, pk: int, game_pk: int):
    """Plan a multi-hall prize's annuity (30 DCMR 1408.6-1408.8)."""
    operation = planning.operation_get_for_planning(user=request.user, pk=pk)
    game = get_object_or_404(Game, operation=operation, pk=game_pk)
    form = _annuity_form(game, request.POST)
    if form is not None and form.is_valid():
        try:
            multihall.game_annuity_set(actor=request.user, game=game, **form.cleaned_data)
        except ValidationError as exc:
            errors_to_form(form, exc)
        else:
            messages.success(request, _("The annuity is planned."))
            return redirect("bingo:game_edit", pk=operation.pk, game_pk=game.pk)
    return render(request, "bingo/planning/game_edit.html", {
        "operation": operation, "game": game, "form": _game_form(request, operation, None, initial={
            "game_type": game.game_type, "pattern": game.pattern, "card_price": game.card_price,
            "prize": game.prize}), "annuity_form": form}, status=400)


@login_required
@require_POST
def game_move(request, pk: int, game_pk: int):
    operation = planning.operation_get_for_planning(user=request.user, pk=pk)
    order = list(operation.games.order_by("number").values_list("pk", flat=True))
    game = get_object_or_404(Game, operation=operation, pk=game_pk)
    index = order.index(game.pk)
    other = index - 1 if request.POST.get("direction") == "up" else index + 1
    if 0 <= other < len(order):
        order[index], order[other] = order[other], order[index]
        try:
            services.game_reorder(actor=request.user, operation=operation, order=order)
        except ValidationError as exc:
            return _plan_response(request, operation, failed=True, plan_error=" ".join(exc.messages))
    return _plan_response(request, operation)


@login_required
@require_POST
def game_remove(request, pk: int, game_pk: int):
    operation = planning.operation_get_for_planning(user=request.user, pk=pk)
    game = get_object_or_404(Game, operation=operation, pk=game_pk)
    try:
        services.game_remove(actor=request.user, game=game)
    except ValidationError as exc:
        return _plan_response(request, operation, failed=True, plan_error=" ".join(exc.messages))
    return _plan_response(request, operation)


@login_required
@require_POST
def worker_add(request, pk: int):
    operation = planning.operation_get_for_planning(user=request.user, pk=pk)
    form = WorkerForm(request.POST, prefix="worker", on=operation.date)
    if form.is_valid():
        try:
            services.worker_add(actor=request.user, operation=operation, **form.cleaned_data)
        except ValidationError as exc:
            errors_to_form(form, exc)
        else:
            return _plan_response(request, operation)
    return _plan_response(request, operation, failed=True, worker_form=form)


@login_required
@require_POST
def worker_remove(request, pk: int, worker_pk: int):
    operation = planning.operation_get_for_planning(user=request.user, pk=pk)
    worker = get_object_or_404(WorkerDuty, operation=operation, pk=worker_pk)
    try:
        services.worker_remove(actor=request.user, worker=worker)
    except ValidationError as exc:
        return _plan_response(request, operation, failed=True, plan_error=" ".join(exc.messages))
    return _plan_response(request, operation)


@login_required
@require_POST
def hall_add(request, pk: int):
    operation = planning.operation_get_for_planning(user=request.user, pk=pk)
    form = HallForm(request.POST, prefix="hall")
    if form.is_valid():
        try:
            services.hall_add(actor=request.user, operation=operation, **form.cleaned_data)
        except ValidationError as exc:
            errors_to_form(form, exc)
        else:
            return _plan_response(request, operation)
    return _plan_response(request, operation, failed=True, hall_form=form)


def _pdf_response(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    response["Cache-Control"] = "private, no-store"
    return response


@login_required
@require_GET
def program_sheet_pdf(request, pk: int):
    operation = planning.operation_get(user=request.user, pk=pk)
    return _pdf_response(program_sheet.program_sheet_pdf(operation), f"program-sheet-{operation.pk}.pdf")


@login_required
@require_GET
def worker_posting(request, pk: int):
    operation = planning.operation_get(user=request.user, pk=pk)
    return render(request, "bingo/planning/worker_posting.html", program_sheet.worker_posting_context(operation))


@login_required
@require_GET
def worker_posting_pdf(request, pk: int):
    operation = planning.operation_get(user=request.user, pk=pk)
    return _pdf_response(program_sheet.worker_posting_pdf(operation), f"workers-{operation.pk}.pdf")


@login_required
@require_http_methods(["GET", "POST"])
def pattern_editor(request):
    organizations = planning.pattern_organizations(user=request.user)
    form = CustomPatternForm(request.POST or None, organizations=organizations)
    if request.method == "POST" and form.is_valid():
        try:
            pattern = pattern_services.pattern_create(actor=request.user, **form.cleaned_data)
        except ValidationError as exc:
            errors_to_form(form, exc)
        else:
            messages.success(request, _("Pattern “%(name)s” saved.") % {
                "name": pattern.name_for(request.LANGUAGE_CODE)})
            return redirect("bingo:pattern_editor")
    custom = pattern_list(user=request.user).filter(organization__in=organizations)
    status = 400 if request.method == "POST" else 200
    return render(request, "bingo/planning/pattern_editor.html", {
        "form": form, "can_create": organizations.exists(), "custom_patterns": custom, "rows": range(5),
        "columns": range(5)}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def multihall_agreements(request):
    """The multi-hall service agreements (30 DCMR 1401.7-1401.11): planners record them, the Board's staff approve."""
    organizations = Organization.objects.filter(pk__in=organization_ids(user=request.user, roles=PLANNER_ROLES))
    form = MultiHallAgreementForm(request.POST or None, organizations=organizations)
    status = 200
    if request.method == "POST":
        if not organizations.exists():
            raise PermissionDenied(_("Only an organization's officers or members in charge record agreements."))
        if form.is_valid():
            try:
                multihall.agreement_record(actor=request.user, **form.cleaned_data)
            except ValidationError as exc:
                errors_to_form(form, exc)
            else:
                messages.success(request, _("The agreement is recorded; it counts once the Agency approves it."))
                return redirect("bingo:multihall_agreements")
        status = 400
    agreements = (planning.agreement_list(user=request.user).select_related("organization")
                  .order_by("organization__name", "-signed_on"))
    return render(request, "bingo/planning/multihall_agreements.html", {
        "agreements": agreements, "form": form if organizations.exists() else None,
        "can_approve": getattr(request.user, "is_board_staff", False)}, status=status)


@login_required
@require_POST
def multihall_agreement_approve(request, pk: int):
    agreement = get_object_or_404(planning.agreement_list(user=request.user), pk=pk)
    run_service(request, lambda: multihall.agreement_approve(actor=request.user, agreement=agreement),
                _("The agreement is approved (30 DCMR 1401.8)."))
    return redirect("bingo:multihall_agreements")
