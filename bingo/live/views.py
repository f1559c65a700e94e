"""The caller's console and the public flashboard (issue 4).

The console is for the organization's callers (draw, record, undo, close) and checkers (claims,
30 DCMR 1401.4): another organization's game is a 404, someone without the role a 403. Every
action posts to a service and answers the console's panels (htmx) or redirects back."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from bingo.engine import ball_label
from bingo.live import broadcast, report_handover, selectors, services
from bingo.live.forms import ClaimForm, RecordForm, UndoForm, VoidForm
from bingo.live.kit import KIT_KIND
from bingo.live.state import game_state
from bingo.models import GameEvent, GameStatus, Hall
from bingo.planning.selectors import operation_get
from bingo.selectors import CALLER_ROLES, CHECKER_ROLES
from core.forms import errors_to_form
from licensing.hall.selectors import received_heads
from licensing.hall.shown import heads_shown
from licensing.selectors import has_role

FLASHBOARDS_BEHIND = gettext_lazy(
    "Recorded. The hall's flashboards cannot be reached at the moment: they will catch up by themselves, with "
    "this and every later call, as soon as they are connected again. Do not enter it again.")


def _game_for(request, pk: int, roles=CHECKER_ROLES):
    game = selectors.game_get(user=request.user, pk=pk)  # another organization's game: 404
    if not has_role(user=request.user, organization_id=game.operation.license.organization_id, roles=roles):
        raise PermissionDenied(_("Only the organization's callers and checkers use the console."))
    return game


def _board(calls: list[int]) -> list[dict]:
    called = set(calls)
    return [{"letter": letter, "numbers": [{"n": n, "called": n in called} for n in range(c * 15 + 1, c * 15 + 16)]}
            for c, letter in enumerate("BINGO")]


def _face_rows(claim: dict) -> list[list[dict]]:
    marked, squares = set(claim.get("marked", [])), claim.get("face") or [0] * 25
    winning = claim.get("winning_mask") or 0
    return [[{"n": squares[r * 5 + c], "marked": (r * 5 + c) in marked, "winning": bool(winning >> (r * 5 + c) & 1)}
             for c in range(5)] for r in range(5)]


def _context(request, game, **extra) -> dict:
    state = game_state(game)
    pattern = game.pattern
    can_call = has_role(user=request.user, organization_id=game.operation.license.organization_id,
                        roles=CALLER_ROLES)
    claims = [{**claim, "rows": _face_rows(claim)} for claim in reversed(state.claims)]
    context = {
        "game": game, "state": state, "board": _board(state.calls), "can_call": can_call,
        "last_label": ball_label(state.last_call) if state.last_call else "",
        "pattern_name": pattern.name_for(get_language()),
        "pattern_grid": broadcast._grid(pattern.masks[0]) if pattern.masks else None,
        "floor": state.floor, "claims": claims, "winning_claims": state.winning_claims(),
        "halls": Hall.objects.filter(operation_id=game.operation_id),
        "shown_halls": broadcast.halls_for(game), "is_live": game.status == GameStatus.LIVE,
        "record_form": RecordForm(), "undo_form": UndoForm(), "claim_form": ClaimForm(), "void_form": VoidForm(),
        "training": game.operation.is_training,
        # A valid claim on the last call holds the calls until the close (30 DCMR 1405.16, 1406.3).
        "calls_held": bool(state.winning_claims()),
        "can_undo": bool(state.calls) and state.last_source != "system",  # 30 DCMR 1405.14
    }
    context.update(extra)
    return context


def _panel(request, game, *, status=200, **extra):
    """The board panel for htmx, the whole console otherwise."""
    # htmx swaps only 2xx answers: a refused action comes back as the panel showing why.
    if request.htmx:
        return render(request, "bingo/live/_console_panel.html", _context(request, game, **extra))
    return render(request, "bingo/live/console.html", _context(request, game, **extra), status=status)


@login_required
@require_GET
def console(request, pk: int):
    return render(request, "bingo/live/console.html", _context(request, _game_for(request, pk)))


@login_required
@require_GET
def console_panel(request, pk: int):
    return render(request, "bingo/live/_console_panel.html", _context(request, _game_for(request, pk)))


def _act(request, pk: int, action, *, form=None, form_name=None):
    game = _game_for(request, pk)
    if form is not None and not form.is_valid():
        return _panel(request, game, status=400, **{form_name: form})
    try:
        with broadcast.watched() as delivery:
            done = action(game)
    except ValidationError as error:
        if form is None:
            return _panel(request, game, status=400, action_errors=error.messages)
        errors_to_form(form, error)
        return _panel(request, game, status=400, **{form_name: form})
    game.refresh_from_db()
    # A face checked again on the same call: the console shows the claim already heard, not a new one.
    repeated = done.seq if getattr(done, "repeated", False) else None
    # Recorded, but the flashboards did not hear of it (Redis down or restarting): said plainly, the action
    # stands and is not to be repeated; the screens catch up by themselves (bingo.live.hub).
    behind = FLASHBOARDS_BEHIND if delivery.failed else None
    if not request.htmx:
        if repeated:
            return _panel(request, game, repeated_seq=repeated, flashboards_behind=behind)
        if behind:
            messages.warning(request, behind)
        return redirect("bingo:console", pk=game.pk)
    return _panel(request, game, repeated_seq=repeated, flashboards_behind=behind)


@login_required
@require_POST
def console_start(request, pk: int):
    return _act(request, pk, lambda game: services.game_start(actor=request.user, game=game))


@login_required
@require_POST
def console_draw(request, pk: int):
    return _act(request, pk, lambda game: services.ball_draw(actor=request.user, game=game))


@login_required
@require_POST
def console_record(request, pk: int):
    form = RecordForm(request.POST)
    return _act(request, pk, lambda game: services.ball_record(actor=request.user, game=game,
                                                               number=form.cleaned_data["number"]),
                form=form, form_name="record_form")


@login_required
@require_POST
def console_undo(request, pk: int):
    form = UndoForm(request.POST)
    return _act(request, pk, lambda game: services.call_undo(actor=request.user, game=game,
                                                             reason=form.cleaned_data["reason"]),
                form=form, form_name="undo_form")


@login_required
@require_POST
def console_close(request, pk: int):
    return _act(request, pk, lambda game: services.game_close(actor=request.user, game=game))


@login_required
@require_POST
def console_void(request, pk: int, seq: int):
    form = VoidForm(request.POST)
    return _act(request, pk, lambda game: services.claim_void(actor=request.user, game=game, claim_seq=seq,
                                                              reason=form.cleaned_data["reason"]),
                form=form, form_name="void_form")


@login_required
def game_claims(request, pk: int):
    """GET: the claims heard so far; POST: a claim by face number, checked at once."""
    if request.method != "POST":
        game = _game_for(request, pk)
        return render(request, "bingo/live/_claims.html", _context(request, game))
    form = ClaimForm(request.POST)
    return _act(request, pk, lambda game: services.claim_face(
        actor=request.user, game=game, face_number=form.cleaned_data["face_number"],
        series_code=form.cleaned_data["series_code"] or None), form=form, form_name="claim_form")


@login_required
@require_POST
def operation_report_send(request, pk: int):
    """The planner's "Send to the financial report" on the operation's page (bingo.live.report_handover)."""
    operation = operation_get(user=request.user, pk=pk)  # another organization's operation: 404
    try:
        report = report_handover.operation_report_send(actor=request.user, operation=operation)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, _(
            "The operation's record is in the financial report of %(date)s (version %(version)s, %(status)s): "
            "confirm or correct each figure there, giving the reason for any correction.") % {
            "date": report.event_date.isoformat(), "version": report.version,
            "status": report.get_status_display().lower()})
    return redirect("bingo:operation_detail", pk=operation.pk)


@require_GET
def flashboard(request, key: str):
    """Public: a hall's flashboard, reached by the hall's unguessable key (30 DCMR 1405.9-1405.11)."""
    hall = selectors.hall_by_key(key=key)
    state = broadcast.flashboard_state(hall)
    return render(request, "bingo/live/flashboard.html", {
        "hall": hall, "state": state, "training": hall.operation.is_training, "board": _board(state["calls"]),
        "game": state["game"], "pattern_name": _pattern_name(state), "ws_path": f"/ws/bingo/flashboard/{hall.key}/",
        "hall_mode": settings.HALL,  # a hall's server shows the heads its device signs at each close
    })


def hall_results(request, key: str):
    """Public: the results of the closed games a hall showed, each with the head of its log; and, for an operation
run offline in hall mode, the heads of the logs the Board received from the hall device."""
    hall = selectors.hall_by_key(key=key)
    language = get_language() or ""
    rows = [{**row, "pattern_name": row["game"].pattern.name_for(language),
             "winning_label": ball_label(row["result"]["winning_call"]) if row["result"].get("winning_call") else ""}
            for row in selectors.hall_results(hall=hall)]
    # At the hall, each closed game's head as its device signed it (text and QR code); nothing on the Board's server.
    heads = heads_shown((GameEvent, str(row["game"].pk), _("Game %(number)s") % {"number": row["game"].number})
                        for row in rows)
    return render(request, "bingo/live/results.html", {
        "hall": hall, "rows": rows, "heads": heads, "training": hall.operation.is_training,
        "hall_heads": received_heads(kind=KIT_KIND.name, event_id=hall.operation_id)})


def _pattern_name(state: dict) -> str:
    game = state.get("game")
    if not game:
        return ""
    pattern = game["pattern"]
    return pattern["name_es"] if (get_language() or "").startswith("es") else pattern["name_en"]

