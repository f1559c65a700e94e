"""Tournament services. For the director: plan, register, draw seats, run the clock, approve moves,
correct chips, stop and publish. At the table: start a hand at the clock's level, record each action,
enter the cards shown at showdown (the engine awards the pots), and record a misdeal; dealers of the
organization and its directors may deal (30 DCMR 1603.24). Keyword-only, one transaction each; every
change to play is an engine event validated on the replayed state before it is appended."""

from __future__ import annotations

import datetime as dt
import re
import secrets
from decimal import Decimal
from types import SimpleNamespace

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.findings import Finding, RuleViolation
from core.money import parse_money
from licensing.licenses.limits import holdem_prize_cap
from licensing.register.values import value
from montecarlo.holdem.tournament import TEMPLATES, draw_seats, level_from_dict, level_to_dict
from montecarlo.holdem.tournament import Tournament as Engine
from montecarlo.models import CONFIG_EVENT, Tournament, TournamentEvent, TournamentStatus, tournament_terms
from montecarlo.selectors import DEALER_ROLES, has_role, require_director
from montecarlo.tournaments import events
from montecarlo.tournaments.payouts import tournament_payouts_open
from montecarlo.tournaments.report_handover import tournament_prizes_handover
from montecarlo.tournaments.rules import (
    HOURS_RULE,
    day_prize_findings,
    live_findings,
    night_findings,
    player_findings,
    tournament_findings,
)
from montecarlo.tournaments.state import (
    append,
    apply_checked,
    broadcast,
    clock_position,
    engine_finding,
    load_engine,
    lock,
)


def template_levels(name: str) -> list[dict]:
    return [level_to_dict(level) for level in TEMPLATES[name]]


@transaction.atomic
def tournament_create(*, actor, license, name: str, date: dt.date, starts_at: dt.time, ends_at: dt.time,
                      entry_fee: Decimal, starting_chips: int, max_per_table: int = 7,
                      finish_method: str = "last_player", stop_at: dt.time | None = None,
                      levels: list[dict] | None = None, template: str | None = None,
                      prizes: list | None = None, training: bool = False, night=None) -> Tournament:
    require_director(actor, license, _("Only the organization's tournament directors or officers may plan "
                                       "tournaments."))
    if levels is None:
        if template not in TEMPLATES:
            raise RuleViolation(Finding("30 DCMR 1604.4", _("levels: choose a blind structure template or "
                                                            "give the levels."), field="levels"))
        levels = template_levels(template)
    prizes = [str(prize) for prize in (prizes or [])]
    findings = tournament_findings(
        license=license, date=date, starts_at=starts_at, ends_at=ends_at, max_per_table=max_per_table,
        finish_method=finish_method, stop_at=stop_at, prizes=prizes, levels=levels,
        starting_chips=starting_chips, entry_fee=entry_fee, training=bool(training),
    )
    findings += night_findings(night=night, license=license, date=date, starts_at=starts_at, ends_at=ends_at,
                               training=bool(training))
    if findings:
        raise RuleViolation(findings)
    tournament = Tournament(
        license=license, name=name.strip(), date=date, starts_at=starts_at, ends_at=ends_at,
        entry_fee=parse_money(entry_fee, field="entry_fee", max_digits=8),
        starting_chips=int(starting_chips), max_per_table=int(max_per_table),
        finish_method=finish_method, stop_at=stop_at if finish_method == "time" else None, levels=levels,
        prizes=[str(parse_money(prize, field="prizes", max_digits=8)) for prize in prizes], created_by=actor,
        training=bool(training), night=night,
        # The Board's figures in force on the tournament's date, kept with it: the engine plays by them, and a later
        # change of the register does not reach a tournament already planned (30 DCMR 1603.26, 1603.23).
        prize_cap=holdem_prize_cap(date), seats_limit=value("holdem.players_per_table", date),
    )
    try:  # the engine must accept the configuration as well, before anything is written
        Engine.replay(tournament.engine_config(), [])
    except ValueError as exc:
        raise engine_finding(exc) from exc
    tournament.save()
    events.tournament_created(actor=actor, license=license, tournament=tournament, date=date)
    # The log opens with what the tournament is played for: its row cannot change it unseen.
    append(actor=actor, tournament=tournament, kind=CONFIG_EVENT, payload=tournament_terms(tournament))
    return tournament


BOARD_PLAYER_ID = re.compile(r"^[A-Za-z0-9-]{1,40}$")


@transaction.atomic
def player_register(*, actor, tournament: Tournament, name: str, date_of_birth: dt.date | None,
                    board_player_id: str = "") -> str:
    """Register one entry; returns the engine's player id. The log's register event keeps who the
    player is (name, date of birth, the Board's player id if any): one entry per person, no rebuys
    (1603.30, checked by the engine), 18 or older on the tournament's date (1702.1)."""
    tournament = lock(tournament)
    require_director(actor, tournament.license)
    name = " ".join((name or "").split())
    if not name or len(name) > 100:
        raise ValidationError({"name": _("Give the player's name (at most 100 characters).")})
    if not isinstance(date_of_birth, dt.date) or isinstance(date_of_birth, dt.datetime):
        raise RuleViolation(Finding("30 DCMR 1702.1", _(
            "date_of_birth: give the player's date of birth; no one under %(age)s may play (30 DCMR 1702.1).") % {
            "age": value("player.minimum_age", tournament.date)}, field="date_of_birth"))
    findings = player_findings(date_of_birth=date_of_birth, on=tournament.date)
    if findings:
        raise RuleViolation(findings)
    board_player_id = (board_player_id or "").strip().upper()
    if board_player_id and not BOARD_PLAYER_ID.match(board_player_id):
        raise ValidationError({"board_player_id": _(
            "The Board's player id is at most 40 letters, digits and hyphens.")})
    engine = load_engine(tournament)
    player_id = f"p{len(engine.players) + 1}"
    event = {"type": "register", "player": player_id, "name": name, "date_of_birth": date_of_birth.isoformat()}
    if board_player_id:
        event["board_player_id"] = board_player_id
    apply_checked(engine, event, field="name")
    # A date of birth is personal data: the audit trail says one was recorded, not what it is.
    audit = {**event, "date_of_birth": "recorded"}
    append(actor=actor, tournament=tournament, kind="register", payload=event, engine=engine, audit=audit)
    broadcast(tournament, engine)
    return player_id


@transaction.atomic
def seats_draw(*, actor, tournament: Tournament, tables: int | None = None, rng=None) -> dict:
    """The random seat draw (secrets.SystemRandom unless a test injects one), stored as an event
    so every replay seats the same way; it starts the tournament."""
    tournament = lock(tournament)
    require_director(actor, tournament.license)
    engine = load_engine(tournament)
    if len(engine.players) < 2:
        raise ValidationError(_("Register at least two players before the seat draw."), code="too_few")
    try:
        drawn = draw_seats(list(engine.players), tables=tables, max_per_table=tournament.max_per_table,
                           seats_limit=tournament.seats_limit, rng=rng or secrets.SystemRandom())
    except ValueError as exc:
        raise RuleViolation(Finding(getattr(exc, "rule", "30 DCMR 1603.23"), str(exc), field="tables")) from exc
    event = {"type": "seat", "assignments": {player: list(seat) for player, seat in drawn.items()}}
    apply_checked(engine, event, field="tables")
    append(actor=actor, tournament=tournament, kind="seat", payload=event, engine=engine)
    broadcast(tournament, engine)
    return event["assignments"]


@transaction.atomic
def clock_control(*, actor, tournament: Tournament, op: str, now: dt.datetime | None = None) -> Tournament:
    """Start, pause or resume the blind clock (levels of 1604.3(c) house rules)."""
    tournament = lock(tournament)
    require_director(actor, tournament.license)
    now = now or timezone.now()
    if tournament.status != TournamentStatus.RUNNING:
        raise ValidationError(_("The clock runs only while the tournament is running."), code="not_running")
    if op in ("start", "resume"):
        # Starting or resuming the clock starts play: only under a license in force, within the
        # licensed hours (30 DCMR 1603.19, 1200.1).
        findings = live_findings(tournament, action=f"clock_{op}", now=now)
        if findings:
            raise RuleViolation(findings)
    if op == "start" and tournament.clock_started_at is None:
        tournament.clock_running, tournament.clock_started_at = True, now
    elif op == "pause" and tournament.clock_running:
        tournament.clock_elapsed += max(0.0, (now - tournament.clock_started_at).total_seconds())
        tournament.clock_running = False
    elif op == "resume" and tournament.clock_started_at is not None and not tournament.clock_running:
        tournament.clock_running, tournament.clock_started_at = True, now
    else:
        raise ValidationError(_("The clock cannot %(op)s now.") % {"op": op}, code="clock_state")
    tournament.save(update_fields=["clock_running", "clock_started_at", "clock_elapsed"])
    level, seconds_left = clock_position(tournament, now)
    append(actor=actor, tournament=tournament, kind=f"clock_{op}",
           payload={"elapsed": tournament.clock_elapsed, "level": level, "seconds_left": seconds_left})
    broadcast(tournament, load_engine(tournament))
    return tournament


@transaction.atomic
def chip_correction(*, actor, tournament: Tournament, from_player: str, to_player: str, chips: int,
                    reason: str) -> None:
    """Put right a miscount at one table between hands: `chips` move from one player to another there,
    so the chips in play stay the entries' (1603.20) and none are bought (1603.30); the engine refuses
    anything else. The reason is kept in the log and the audit."""
    tournament = lock(tournament)
    require_director(actor, tournament.license)
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Give the reason for the chip correction.")})
    engine = load_engine(tournament)
    for field, player in (("from_player", from_player), ("to_player", to_player)):
        if player not in engine.players:
            raise ValidationError({field: _("No such player in this tournament.")})
    before = {from_player: engine.players[from_player].chips, to_player: engine.players[to_player].chips}
    event = {"type": "chip_correction", "from_player": from_player, "to_player": to_player, "chips": chips,
             "reason": reason}
    apply_checked(engine, event, field="chips")
    append(actor=actor, tournament=tournament, kind="chip_correction", payload=event, engine=engine,
           audit={**event, "chips_before": before})
    broadcast(tournament, engine)


@transaction.atomic
def move_approve(*, actor, tournament: Tournament, player: str, table: int, seat: int) -> None:
    """Carry out one balancing move the engine proposes (no table more than one player away
    from another; a broken table's players go where the others have room)."""
    tournament = lock(tournament)
    require_director(actor, tournament.license)
    engine = load_engine(tournament)
    proposed = {(m["player"], int(m["to_table"]), int(m["to_seat"])) for m in engine.balancing_moves()}
    if (player, int(table), int(seat)) not in proposed:
        raise ValidationError(_("That move is not one of the balancing moves proposed now."), code="not_proposed")
    event = {"type": "move", "player": player, "table": int(table), "seat": int(seat)}
    apply_checked(engine, event, field="seat")
    append(actor=actor, tournament=tournament, kind="move", payload=event, engine=engine)
    broadcast(tournament, engine)


@transaction.atomic
def tournament_stop(*, actor, tournament: Tournament, now: dt.datetime | None = None) -> None:
    """Stop at the set time and rank the live players by chips (30 DCMR 1603.25(b))."""
    tournament = lock(tournament)
    require_director(actor, tournament.license)
    if tournament.finish_method != "time":
        raise RuleViolation(Finding("30 DCMR 1603.25(a)", _(
            "finish_method: this tournament is played down to one player; it cannot be stopped "
            "(30 DCMR 1603.25(a))."), field="finish_method"))
    now = timezone.localtime(now or timezone.now())
    stop_at = timezone.make_aware(dt.datetime.combine(tournament.date, tournament.stop_at))
    if now < stop_at:
        raise RuleViolation(Finding("30 DCMR 1603.25(b)", _(
            "stop_at: the tournament stops at the time set by house rules, %(time)s, not before "
            "(30 DCMR 1603.25(b)).") % {"time": tournament.stop_at.strftime("%H:%M")}, field="stop_at"))
    engine = load_engine(tournament)
    event = {"type": "stop"}
    apply_checked(engine, event)
    if tournament.clock_running:
        tournament.clock_elapsed += max(0.0, (now - tournament.clock_started_at).total_seconds())
        tournament.clock_running = False
        tournament.save(update_fields=["clock_running", "clock_elapsed"])
    append(actor=actor, tournament=tournament, kind="stop", payload=event, engine=engine)
    broadcast(tournament, engine)


def _people(tournament_ids) -> dict[tuple[int, str], SimpleNamespace]:
    """Who each player was, from the register events of these tournaments: (tournament, player) -> person."""
    people = {}
    for tournament_id, payload in TournamentEvent.objects.filter(
            tournament_id__in=tournament_ids, kind="register").values_list("tournament_id", "payload"):
        people[tournament_id, payload.get("player")] = SimpleNamespace(
            name=payload.get("name", ""), date_of_birth=payload.get("date_of_birth"),
            board_player_id=payload.get("board_player_id"))
    return people


def prizes_won_today(tournament: Tournament) -> list[tuple[SimpleNamespace, Decimal]]:
    """Every prize published on the tournament's date by any other tournament, of any organization,
    with the person who won it (30 DCMR 1603.26 caps a person's prizes per day, not an organization's)."""
    others = list(Tournament.objects.filter(date=tournament.date, status=TournamentStatus.PUBLISHED, training=False)
                  .exclude(pk=tournament.pk).values_list("pk", "results"))
    people = _people([pk for pk, _results in others])
    won = []
    for pk, results in others:
        for row in results:
            person = people.get((pk, row.get("player"))) or SimpleNamespace(
                name=row.get("name", ""), date_of_birth=None, board_player_id=None)
            won.append((person, Decimal(str(row.get("prize") or "0"))))
    return won


def _lock_day(date: dt.date) -> None:
    """Publications of one day wait for each other, so two organizations cannot both pass the day's
    cap at once (PostgreSQL; SQLite serializes every write anyway)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [1603, date.toordinal()])


@transaction.atomic
def results_publish(*, actor, tournament: Tournament) -> Tournament:
    tournament = lock(tournament)
    require_director(actor, tournament.license)
    engine = load_engine(tournament)
    if tournament.status == TournamentStatus.PUBLISHED:
        raise ValidationError(_("The results are already published."), code="published")
    if tournament.training:
        raise RuleViolation(Finding(HOURS_RULE, _(
            "status: a training tournament reports nothing and wins nothing; its results are not published "
            "(30 DCMR 1603.19)."), field="status"))
    if engine.status != "finished":
        raise RuleViolation(Finding("30 DCMR 1603.25", _(
            "status: results are published once the finishing order is known (30 DCMR 1603.25)."),
            field="status"))
    results = [{"place": row["place"], "player": row["player"], "name": row["name"],
                "prize": str(Decimal(str(row.get("prize") or "0")).quantize(Decimal("0.01")))}
               for row in engine.results()]
    _lock_day(tournament.date)
    findings = day_prize_findings(prizes=[(engine.players[row["player"]], Decimal(row["prize"])) for row in results],
                                  earlier=prizes_won_today(tournament), on=tournament.date)
    if findings:
        raise RuleViolation(findings)
    tournament.results, tournament.published_at = results, timezone.now()
    tournament.status = TournamentStatus.PUBLISHED
    tournament.save(update_fields=["results", "published_at", "status"])
    append(actor=actor, tournament=tournament, kind="publish", payload={"results": results})
    tournament_payouts_open(tournament)  # each place's prize due at the payout desk
    # The prizes go to the night's financial report (with those of the night's other tournaments).
    tournament_prizes_handover(tournament)
    broadcast(tournament, engine)
    return tournament


# --- at the table: the dealer's services ---


ACTIONS = ("fold", "check", "call", "bet", "raise", "allin")


def require_dealer(actor, tournament: Tournament) -> None:
    if not has_role(user=actor, organization_id=tournament.license.organization_id, roles=DEALER_ROLES):
        # 30 DCMR 1603.24: all cards are dealt by a worker of the Monte Carlo Night.
        raise PermissionDenied(_("Cards are dealt by a worker of the Monte Carlo Night: only the organization's "
                                 "dealers or tournament directors may deal (30 DCMR 1603.24)."))


def _record(actor, tournament: Tournament, event: dict, field: str | None = None) -> dict:
    engine = load_engine(tournament)
    apply_checked(engine, event, field=field)
    append(actor=actor, tournament=tournament, kind=event["type"], payload=event, engine=engine)
    broadcast(tournament, engine)
    return engine.table_view(event["table"]) if "table" in event else {}


@transaction.atomic
def hand_start(*, actor, tournament: Tournament, table: int, now: dt.datetime | None = None) -> dict:
    """Deal a new hand at the level the clock shows now, under a license in force and within the
    licensed hours (1603.19, 1200.1; a training tournament is bound by the license only); the engine
    eliminates who cannot post (1604.3(aa)) and moves the button (1604.3(d))."""
    tournament = lock(tournament)
    require_dealer(actor, tournament)
    findings = live_findings(tournament, action="hand_start", now=now)
    if findings:
        raise RuleViolation(findings)
    if tournament.clock_started_at is None or not tournament.clock_running:
        raise ValidationError(_("Start or resume the clock before dealing."), code="clock_stopped")
    level, _seconds = clock_position(tournament, now)
    if level_from_dict(tournament.levels[level]).is_break:
        raise RuleViolation(Finding("30 DCMR 1604.4", _(
            "level: the clock is on a break under the posted house rules; deal after the break "
            "(30 DCMR 1604.4)."), field="level"))
    return _record(actor, tournament, {"type": "hand_start", "table": int(table), "level": level}, "table")


@transaction.atomic
def action_record(*, actor, tournament: Tournament, table: int, seat: int, action: str,
                  to: int | None = None) -> dict:
    tournament = lock(tournament)
    require_dealer(actor, tournament)
    if action not in ACTIONS:
        raise ValidationError({"action": _("Unknown action %(action)s.") % {"action": action}})
    if action in ("bet", "raise") and to is None:
        raise ValidationError({"to": _("A bet or raise needs the amount it makes the seat's total.")})
    event = {"type": "action", "table": int(table), "seat": int(seat), "action": action,
             "to": int(to) if action in ("bet", "raise") else None}
    return _record(actor, tournament, event, "action")


def _card(text: str) -> str:
    text = (text or "").strip()
    return text[:-1].upper() + text[-1:].lower() if len(text) == 2 else text


@transaction.atomic
def showdown_record(*, actor, tournament: Tournament, table: int, board: list[str],
                    shown: dict[str, list[str]], mucked: list[int] = ()) -> dict:
    """The cards of the hands shown and the seats that mucked (1604.3(t)(2): the hand that made the
    last bet or raise shows, every hand if nobody bet; a mucked hand is not entered). The engine
    rebuilds the deal and awards every pot to the best hand shown (1604.3(u)-(z))."""
    tournament = lock(tournament)
    require_dealer(actor, tournament)
    event = {"type": "showdown", "table": int(table), "board": [_card(card) for card in board],
             "shown": {str(seat): [_card(card) for card in cards] for seat, cards in shown.items()},
             "mucked": sorted(int(seat) for seat in mucked)}
    return _record(actor, tournament, event, "shown")


@transaction.atomic
def misdeal_record(*, actor, tournament: Tournament, table: int) -> dict:
    """A misdeal before the first bet re-deals with the same forced bets (1604.3(bb), (cc))."""
    tournament = lock(tournament)
    require_dealer(actor, tournament)
    return _record(actor, tournament, {"type": "misdeal", "table": int(table)}, "table")
