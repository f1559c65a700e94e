"""Results (page and PDF), the hand record for disputes (30 DCMR 1604.3(dd)) and the public
clock screen."""

import json

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import render

from montecarlo import selectors
from montecarlo.models import TournamentStatus
from montecarlo.results_pdf import results_pdf
from montecarlo.services_state import clock_state, load_engine


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
