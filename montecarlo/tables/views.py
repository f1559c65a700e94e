"""The dealer's screens, one per table, on a tablet beside the real cards and dice. A Hold'em table (players
never touch a device, 30 DCMR 1603.31): who is to act and what they may do with the amounts, one tap per
action, the cards shown at showdown; the engine awards the pots. A table game of a Monte Carlo Night: open a
round, take bets by participant number or scanned chip receipt, enter the outcome with pickers (or let the
engine draw at a training night), void a spin, a throw or a round with a reason; the engine settles and every
payout lands on the participants' ledgers."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django.views.decorators.http import require_POST

from core.forms import run_service
from core.numbers import ascii_int
from montecarlo.catalog.variants import pays_text
from montecarlo.nights import selectors as night_selectors
from montecarlo.tables import forms as table_forms
from montecarlo.tables import services as table_services
from montecarlo.tables import state as game_state
from montecarlo.tournaments import selectors as tournament_selectors
from montecarlo.tournaments import services
from montecarlo.tournaments.state import clock_state, load_engine

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def _table_or_404(engine, table: int):
    if table not in engine.tables:
        raise Http404
    return engine.table_view(table)


@login_required
def table_dealer(request, pk: int, table: int):
    tournament = tournament_selectors.tournament_get(user=request.user, pk=pk)
    engine = load_engine(tournament)
    view = _table_or_404(engine, table)
    context = {
        "tournament": tournament,
        "table": view,
        "table_no": table,
        "clock": clock_state(tournament, engine),
        "can_deal": tournament_selectors.can_deal(user=request.user, tournament=tournament),
        "board_slots": ["flop 1", "flop 2", "flop 3", "turn", "river"],
        "cards": [rank + suit for rank in RANKS for suit in SUITS],
        "other_tables": [n for n, t in sorted(engine.tables.items()) if not t.broken and n != table],
    }
    return render(request, "montecarlo/tournaments/dealer.html", context)


@login_required
@require_POST
def table_command(request, pk: int, table: int, command: str):
    tournament = tournament_selectors.tournament_get(user=request.user, pk=pk)
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
            messages.error(request, _("The seats that mucked are whole numbers."))
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


# --- table games of a Monte Carlo Night: the dealer's screen, one per table ---

GAME_TEMPLATES = {"caribbean-poker": "caribbean", "punto-banca": "baccarat", "wheel": "wheel",
                  "banca-francesa": "dice", "craps": "dice"}
# Why a spin or a throw is void, as the dealer taps it, in this order (003 s. 24, 003 s. 25, 30 DCMR 1604.1(a));
# which of them a game takes is its engine's VOID_WHYS.
VOID_LABELS = {
    "short_spin": _l("Under four full turns"), "on_peg": _l("Stopped on a peg"),
    "obstructed": _l("Obstructed"), "no_side_boards": _l("Missed the side boards"),
    "left_table": _l("A die left the table"), "touched_object": _l("A die hit an object"),
    "not_all_in_cup": _l("Not all dice in the cup"), "stuck_in_cup": _l("A die stayed in the cup"),
}


def game_table_context(request, night, table) -> dict:
    engine, moved = game_state.replay_postings(table)
    view = engine.view()
    kinds = [{"kind": kind.kind, "label": _(kind.label), "pays": pays_text(kind), "unit": kind.unit,
              "numbers": kind.numbers, "limits": engine.limits(kind)} for kind in engine.bet_kinds()]
    # The bets a dealer takes now: what the game says it takes (craps), never Caribbean poker's raise, which only
    # a decision places.
    may_bet = view.get("may_bet")
    buttons = [kind for kind in kinds if kind["kind"] != "bet" and (may_bet is None or kind["kind"] in may_bet)]
    numbers = {bet["participant"] for bet in view["bets"]}
    holdings = {p.number: p for p in night.participants.filter(number__in=numbers)}
    labels = {kind["kind"]: kind["label"] for kind in kinds}
    bets = [{**bet, "holder": holdings.get(bet["participant"]), "label": labels.get(bet["kind"], bet["kind"])}
            for bet in view["bets"]]
    settled = game_state.last_settlement(table, moved)
    names = {p.number: p for p in night.participants.filter(number__in={row["participant"] for row in settled})}
    results = [{**row, "holder": names.get(row["participant"]), "label": labels.get(row["kind"], row["kind"])}
               for row in settled]
    chips = [engine.min_bet * factor for factor in (1, 2, 5, 10, 25) if engine.min_bet * factor <= engine.max_bet]
    return {
        "night": night, "table": table, "view": view, "kinds": kinds, "bet_buttons": buttons, "bets": bets,
        "chip_buttons": chips, "results": results,
        "game": GAME_TEMPLATES[table.game.code],
        "can_deal": night_selectors.can_deal(user=request.user, night=night),
        "can_direct": night_selectors.can_direct(user=request.user, night=night),
        "cards": [rank + suit for suit in SUITS for rank in RANKS[::-1]],
        "dice_faces": range(1, 7),
        "dice_slots": range(3 if table.game.code == "banca-francesa" else 2),
        "void_whys": [(why, label) for why, label in VOID_LABELS.items() if why in engine.VOID_WHYS],
        "place_numbers": (4, 5, 6, 8, 9, 10), "line_kinds": ("pass", "dont_pass", "come", "dont_come"),
        "other_tables": night.tables.filter(game=table.game, status="open").exclude(pk=table.pk).order_by("number"),
        "live_url": f"/ws/montecarlo/nights/{night.pk}/",
    }


@login_required
def game_table(request, pk: int, number: int):
    night = night_selectors.night_get(user=request.user, pk=pk)
    table = night_selectors.table_get(user=request.user, night=night, number=number)
    return render(request, "montecarlo/tables/table.html", game_table_context(request, night, table))


def _reason(post) -> str:
    return " ".join((post.get("reason") or "").split())


@login_required
@require_POST
def game_table_command(request, pk: int, number: int, command: str):
    night = night_selectors.night_get(user=request.user, pk=pk)
    table = night_selectors.table_get(user=request.user, night=night, number=number)
    actor, post = request.user, request.POST

    def play(event_of):
        return lambda: table_services.table_play(actor=actor, table=table, event=event_of())

    commands = {
        "open": (play(lambda: {"type": "open"}), _("Round open: take the bets.")),
        "bet": (play(lambda: table_forms.bet_event(night, post)), _("Bet taken.")),
        "decision": (play(lambda: table_forms.decision_event(night, post)), _("Decision recorded.")),
        "remove": (play(lambda: {"type": "remove", "bet": post.get("bet", "")}), _("Bet taken down and returned.")),
        "outcome": (play(lambda: table_forms.outcome_event(table.game.code, post)),
                    _("Settled: every payout is on the participants' ledgers.")),
        "void-outcome": (play(lambda: {"type": "void_outcome", "why": post.get("why", ""), "reason": _reason(post)}),
                         _("Void: nothing settled, the bets stand. Spin or throw again.")),
        "void-hand": (play(lambda: {"type": "void_hand", "participant": table_forms.participant_number(
            night, post.get("participant", "")), "reason": _reason(post)}), _("The hand is void; its bets returned.")),
        "void-round": (play(lambda: {"type": "void_round", "reason": _reason(post)}),
                       _("The round is void; every bet returned.")),
        "draw": (lambda: table_services.outcome_draw(actor=actor, table=table), _("Drawn and settled (training).")),
        "close": (lambda: table_services.table_close(actor=actor, table=table, reason=_reason(post)),
                  _("Table closed.")),
        "transfer": (lambda: table_services.bets_transfer(
            actor=actor, table=table, to_table=night_selectors.table_get(
                user=actor, night=night, number=table_forms.whole(post, "to_table")), reason=_reason(post)),
                     _("The bets moved.")),
    }
    if command not in commands:
        raise Http404
    call, done = commands[command]
    run_service(request, call, done)
    return redirect("montecarlo:game_table", pk=night.pk, number=table.number)


@login_required
@require_POST
def game_table_create(request, pk: int):
    night = night_selectors.night_get(user=request.user, pk=pk)
    post, created = request.POST, []
    game = post.get("game", "")

    def create():
        settings = table_forms.settings_from_post(game, post)
        limits = {name: table_forms.whole(post, name) for name in ("min_bet", "max_bet")}
        created.append(table_services.table_create(actor=request.user, night=night, game=game,
                                                   name=post.get("name", ""), settings=settings, **limits))

    if run_service(request, create) and created:
        messages.success(request, _("Table %(number)s is set up.") % {"number": created[0].number})
        return redirect("montecarlo:game_table", pk=night.pk, number=created[0].number)
    return redirect("montecarlo:night_detail", pk=night.pk)
