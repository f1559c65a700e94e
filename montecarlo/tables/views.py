"""The dealer's screen, one per table, on a tablet beside the real cards (players never touch a
device, 30 DCMR 1603.31): who is to act and what they may do with the amounts, one tap per
action, the cards shown at showdown; the engine awards the pots."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.numbers import ascii_int
from montecarlo import selectors
from montecarlo.tournaments import services
from montecarlo.tournaments.state import clock_state, load_engine
from montecarlo.tournaments.views import run_service

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def _table_or_404(engine, table: int):
    if table not in engine.tables:
        raise Http404
    return engine.table_view(table)


@login_required
def table_dealer(request, pk: int, table: int):
    tournament = selectors.tournament_get(user=request.user, pk=pk)
    engine = load_engine(tournament)
    view = _table_or_404(engine, table)
    context = {
        "tournament": tournament,
        "table": view,
        "table_no": table,
        "clock": clock_state(tournament, engine),
        "can_deal": selectors.can_deal(user=request.user, tournament=tournament),
        "board_slots": ["flop 1", "flop 2", "flop 3", "turn", "river"],
        "cards": [rank + suit for rank in RANKS for suit in SUITS],
        "other_tables": [n for n, t in sorted(engine.tables.items()) if not t.broken and n != table],
    }
    return render(request, "montecarlo/tournaments/dealer.html", context)


@login_required
@require_POST
def table_command(request, pk: int, table: int, command: str):
    tournament = selectors.tournament_get(user=request.user, pk=pk)
    actor, post = request.user, request.POST
    if command == "start":
        run_service(request, lambda: services.hand_start(actor=actor, tournament=tournament, table=table))
    elif command == "action":
        to = post.get("to") or None
        try:
            seat, to = ascii_int(post.get("seat", "")), ascii_int(to) if to is not None else None
        except ValueError:
            messages.error(request, _("Enter the amount as a whole number of chips."))
        else:
            run_service(request, lambda: services.action_record(
                actor=actor, tournament=tournament, table=table, seat=seat, action=post.get("action", ""), to=to))
    elif command == "showdown":
        board = [post.get(f"board{i}", "") for i in range(5)]
        seats = post.getlist("seat")
        # Each seat shows its cards or mucks (1604.3(t)(2)); the engine refuses a muck by a hand that
        # must show.
        mucked = [seat for seat in seats if post.get(f"choice_{seat}") == "muck"]
        shown = {seat: [post.get(f"card_{seat}_0", ""), post.get(f"card_{seat}_1", "")]
                 for seat in seats if seat not in mucked}
        try:
            mucked = [ascii_int(seat) for seat in mucked]
        except ValueError:
            messages.error(request, _("mucked: seats are whole numbers."))
        else:
            run_service(request, lambda: services.showdown_record(
                actor=actor, tournament=tournament, table=table, board=board, shown=shown, mucked=mucked),
                _("Pots awarded."))
    elif command == "misdeal":
        run_service(request, lambda: services.misdeal_record(actor=actor, tournament=tournament, table=table),
                    _("Misdeal recorded: re-deal with the same forced bets."))
    else:
        raise Http404
    return redirect("montecarlo:table_dealer", pk=tournament.pk, table=table)
