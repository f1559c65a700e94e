"""The director's screens: the tournament list, planning, and the director page where players
are registered, seats drawn, the clock run, moves approved, chips corrected, the tournament
stopped and the results published. Every change goes through the services; forms post (htmx
boosts them) and come back to the page with a message naming the rule that was broken. Then the
results (page and PDF), the hand record for disputes (30 DCMR 1604.3(dd)) and the public clock screen."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.forms import cleaned, errors_to_form, run_service
from core.numbers import ascii_int
from core.public_url import public_url
from montecarlo.models import TournamentStatus
from montecarlo.selectors import director_licenses
from montecarlo.tournaments import selectors, services
from montecarlo.tournaments.forms import ChipCorrectionForm, RegisterForm, TournamentForm
from montecarlo.tournaments.pdf import results_pdf
from montecarlo.tournaments.state import clock_state, load_engine


@login_required
def tournament_list(request):
    tournaments = selectors.tournament_list(user=request.user)
    can_plan = director_licenses(user=request.user).exists()
    return render(request, "montecarlo/tournaments/list.html", {"tournaments": tournaments, "can_plan": can_plan})


@login_required
def tournament_create(request):
    licenses = director_licenses(user=request.user)
    if not licenses.exists():
        raise Http404
    form = TournamentForm(request.POST or None, licenses=licenses)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        try:
            tournament = services.tournament_create(actor=request.user, **data)
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            messages.success(request, _("The tournament is planned. Register the players."))
            return redirect("montecarlo:tournament_detail", pk=tournament.pk)
    return render(request, "montecarlo/tournaments/create.html", {"form": form},
                  status=400 if form.errors else 200)


def director_context(request, tournament) -> dict:
    engine = load_engine(tournament)
    players = sorted(engine.players.values(), key=lambda p: (p.place or 0, p.table or 0, p.seat or 0, p.name))
    live = [(p.id, _("%(name)s (table %(table)s, %(chips)s chips)") % {"name": p.name, "table": p.table,
                                                                      "chips": p.chips})
            for p in players if p.place is None]
    tables = [engine.table_view(number) for number, table in sorted(engine.tables.items()) if not table.broken]
    return {
        "tournament": tournament,
        "engine": engine,
        "players": players,
        "tables": tables,
        "moves": [{**move, "name": engine.players[move["player"]].name} for move in
                  (engine.balancing_moves() if engine.status == "running" else [])],
        "standings": engine.standings(),
        "clock": clock_state(tournament, engine),
        "register_form": RegisterForm(on=tournament.date),
        "chip_form": ChipCorrectionForm(players=live),
        "can_direct": selectors.can_direct(user=request.user, tournament=tournament),
        "can_deal": selectors.can_deal(user=request.user, tournament=tournament),
        "hands": engine.hands,
        "clock_url": public_url(reverse("montecarlo:clock_screen", args=[tournament.public_key])),
    }


@login_required
def tournament_detail(request, pk: int):
    tournament = selectors.tournament_get(user=request.user, pk=pk)
    return render(request, "montecarlo/tournaments/detail.html", director_context(request, tournament))


def _post_int(request, name: str) -> int | None:
    try:
        return ascii_int(request.POST.get(name, ""))
    except ValueError:
        return None


def _register(request, tournament) -> None:
    form = RegisterForm(request.POST, on=tournament.date)
    services.player_register(actor=request.user, tournament=tournament, **cleaned(form))


def _chip_correction(request, tournament) -> None:
    # The players are checked by the service against the tournament (a stale page names an old one).
    named = [(p, p) for p in request.POST.getlist("from_player") + request.POST.getlist("to_player")]
    services.chip_correction(actor=request.user, tournament=tournament,
                             **cleaned(ChipCorrectionForm(request.POST, players=named)))


@login_required
@require_POST
def tournament_command(request, pk: int, command: str):
    tournament = selectors.tournament_get(user=request.user, pk=pk)
    actor, post = request.user, request.POST
    commands = {
        "register": (lambda: _register(request, tournament), _("Player registered.")),
        "draw": (lambda: services.seats_draw(actor=actor, tournament=tournament),
                 _("Seats drawn. The tournament is running.")),
        "clock-start": (lambda: services.clock_control(actor=actor, tournament=tournament, op="start"),
                        _("Clock started.")),
        "clock-pause": (lambda: services.clock_control(actor=actor, tournament=tournament, op="pause"),
                        _("Clock paused.")),
        "clock-resume": (lambda: services.clock_control(actor=actor, tournament=tournament, op="resume"),
                         _("Clock resumed.")),
        "move": (lambda: services.move_approve(
            actor=actor, tournament=tournament, player=post.get("player", ""),
            table=_post_int(request, "table") or 0, seat=_post_int(request, "seat") or 0), _("Move done.")),
        "chips": (lambda: _chip_correction(request, tournament), _("Chips moved; the correction is recorded.")),
        "misdeal": (lambda: services.misdeal_record(actor=actor, tournament=tournament,
                                                    table=_post_int(request, "table") or 0),
                    _("Misdeal recorded: re-deal with the same forced bets.")),
        "stop": (lambda: services.tournament_stop(actor=actor, tournament=tournament),
                 _("The tournament is stopped; players are ranked by chips.")),
        "publish": (lambda: services.results_publish(actor=actor, tournament=tournament),
                    _("Results published.")),
    }
    if command not in commands:
        raise Http404
    call, done = commands[command]
    run_service(request, call, done)
    target = post.get("next", "")
    # Only back to one of this app's own pages, never elsewhere.
    if not target.startswith(reverse("montecarlo:tournament_detail", args=[tournament.pk])):
        target = reverse("montecarlo:tournament_detail", args=[tournament.pk])
    return redirect(target)


# --- results, hands and the public clock ---


@login_required
def results_page(request, pk: int):
    tournament = selectors.tournament_get(user=request.user, pk=pk)
    engine = load_engine(tournament)
    published = tournament.status == TournamentStatus.PUBLISHED
    rows = tournament.results if published else engine.standings()
    return render(request, "montecarlo/tournaments/results.html",
                  {"tournament": tournament, "rows": rows, "published": published})


@login_required
def results_pdf_download(request, pk: int):
    tournament = selectors.tournament_get(user=request.user, pk=pk)
    if tournament.status != TournamentStatus.PUBLISHED:
        raise Http404
    response = HttpResponse(results_pdf(tournament), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="tournament-{tournament.pk}-results.pdf"'
    return response


def hand_or_404(engine, number: int) -> dict:
    """Hands are numbered 1.. in the order they were completed across the tournament."""
    if not 1 <= number <= len(engine.hands):
        raise Http404
    return engine.hands[number - 1]


@login_required
def hand_list(request, pk: int):
    tournament = selectors.tournament_get(user=request.user, pk=pk)
    engine = load_engine(tournament)
    return render(request, "montecarlo/tournaments/hands.html", {"tournament": tournament, "hands": engine.hands})


@login_required
def hand_replay(request, pk: int, number: int):
    """A completed hand for a dispute (1604.3(dd)), as the tournament's replay awarded it (the mucks
    included), with the seats numbered as at the table; the hand history below is the export."""
    tournament = selectors.tournament_get(user=request.user, pk=pk)
    hand = hand_or_404(load_engine(tournament), number)
    history, result, seat_nos = hand["history"], hand["result"], hand["seats"]
    mucked = set(hand.get("mucked", []))
    names = [seat["name"] for seat in history["seats"]]
    seats = [{"seat": seat_nos[i], "name": seat["name"], "stack": seat["stack"], "end": result["stacks"][i],
              "net": result["net"][i], "shown": result["shown"].get(str(i)), "mucked": i in mucked,
              "button": i == history["button"]}
             for i, seat in enumerate(history["seats"])]
    actions = [{**action, "seat": seat_nos[action["seat"]], "name": names[action["seat"]]}
               for action in history["actions"]]
    pots = [{"amount": pot["amount"],
             "winners": [{"seat": seat_nos[i], "name": names[i]} for i in pot["winners"]]} for pot in result["pots"]]
    return render(request, "montecarlo/tournaments/hand_replay.html", {
        "tournament": tournament, "number": number, "hand": hand, "history": history, "result": result,
        "seats": seats, "actions": actions, "pots": pots, "history_json": json.dumps(history, indent=2)})


@login_required
def hand_export(request, pk: int, number: int):
    tournament = selectors.tournament_get(user=request.user, pk=pk)
    hand = hand_or_404(load_engine(tournament), number)
    response = JsonResponse(hand["history"], json_dumps_params={"indent": 2})
    response["Content-Disposition"] = f'attachment; filename="tournament-{tournament.pk}-hand-{number}.json"'
    return response


def public_results(request, key: str):
    """Public: the published results, reached by the tournament's key, with the head of its log."""
    tournament = selectors.tournament_by_key(key=key)
    if tournament.status != TournamentStatus.PUBLISHED:
        raise Http404
    return render(request, "montecarlo/tournaments/public_results.html",
                  {"tournament": tournament, "rows": tournament.results})


def clock_screen(request, key: str):
    """Public: the clock on the wall, reached by the tournament's key; live over a websocket."""
    tournament = selectors.tournament_by_key(key=key)
    state = clock_state(tournament, load_engine(tournament))
    return render(request, "montecarlo/tournaments/clock.html",
                  {"tournament": tournament, "state": state, "state_json": state})
