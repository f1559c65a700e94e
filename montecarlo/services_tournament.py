"""Tournament services for the director: plan, register, draw seats, run the clock, approve
moves, correct chips, stop and publish. Keyword-only, one transaction each; every change to
play is an engine event validated on the replayed state before it is appended."""

from __future__ import annotations

import datetime as dt
import secrets
from decimal import Decimal

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from licensing.events import audit_event_record
from licensing.findings import Finding, RuleViolation
from montecarlo.holdem.tournament import TEMPLATES, draw_seats, level_to_dict
from montecarlo.holdem.tournament import Tournament as Engine
from montecarlo.models import CONFIG_EVENT, Tournament, TournamentStatus, tournament_terms
from montecarlo.rules import PRIZE_CAP, tournament_findings
from montecarlo.selectors import DIRECTOR_ROLES, has_role
from montecarlo.services_state import (
    append,
    apply_checked,
    broadcast,
    clock_position,
    engine_finding,
    load_engine,
    lock,
)


def require_director(actor, tournament: Tournament) -> None:
    if not has_role(user=actor, organization_id=tournament.license.organization_id, roles=DIRECTOR_ROLES):
        raise PermissionDenied(_("Only the organization's tournament directors or officers may do this."))


def template_levels(name: str) -> list[dict]:
    return [level_to_dict(level) for level in TEMPLATES[name]]


@transaction.atomic
def tournament_create(*, actor, license, name: str, date: dt.date, starts_at: dt.time, ends_at: dt.time,
                      entry_fee: Decimal, starting_chips: int, max_per_table: int = 7,
                      finish_method: str = "last_player", stop_at: dt.time | None = None,
                      levels: list[dict] | None = None, template: str | None = None,
                      prizes: list | None = None) -> Tournament:
    if not has_role(user=actor, organization_id=license.organization_id, roles=DIRECTOR_ROLES):
        raise PermissionDenied(_("Only the organization's tournament directors or officers may plan tournaments."))
    if levels is None:
        if template not in TEMPLATES:
            raise RuleViolation(Finding("30 DCMR 1604.4", _("levels: choose a blind structure template or "
                                                            "give the levels."), field="levels"))
        levels = template_levels(template)
    prizes = [str(prize) for prize in (prizes or [])]
    findings = tournament_findings(
        license=license, date=date, starts_at=starts_at, ends_at=ends_at, max_per_table=max_per_table,
        finish_method=finish_method, stop_at=stop_at, prizes=prizes, levels=levels,
        starting_chips=starting_chips, entry_fee=entry_fee,
    )
    if findings:
        raise RuleViolation(findings)
    tournament = Tournament(
        license=license, name=name.strip(), date=date, starts_at=starts_at, ends_at=ends_at,
        entry_fee=Decimal(str(entry_fee)), starting_chips=int(starting_chips), max_per_table=int(max_per_table),
        finish_method=finish_method, stop_at=stop_at if finish_method == "time" else None, levels=levels,
        prizes=[str(Decimal(prize).quantize(Decimal("0.01"))) for prize in prizes], created_by=actor,
    )
    try:  # the engine must accept the configuration as well, before anything is written
        Engine.replay(tournament.engine_config(), [])
    except ValueError as exc:
        raise engine_finding(exc) from exc
    tournament.save()
    audit_event_record(event_type="montecarlo.tournament.create", actor=actor,
                       organization=license.organization, target=tournament,
                       payload={"name": tournament.name, "date": date.isoformat(), "license": license.number})
    # The log opens with what the tournament is played for: its row cannot change it unseen.
    append(actor=actor, tournament=tournament, kind=CONFIG_EVENT, payload=tournament_terms(tournament))
    return tournament


@transaction.atomic
def player_register(*, actor, tournament: Tournament, name: str) -> str:
    """Register one entry; returns the engine's player id. One entry per person: no rebuys (1603.30)."""
    tournament = lock(tournament)
    require_director(actor, tournament)
    name = (name or "").strip()
    if not name or len(name) > 100:
        raise ValidationError({"name": _("Give the player's name (at most 100 characters).")})
    engine = load_engine(tournament)
    if any(player.name.casefold() == name.casefold() for player in engine.players.values()):
        raise RuleViolation(Finding("30 DCMR 1603.30", _(
            "name: %(name)s is already entered; one entry per player, no rebuys (30 DCMR 1603.30).")
            % {"name": name}, field="name"))
    player_id = f"p{len(engine.players) + 1}"
    event = {"type": "register", "player": player_id, "name": name}
    apply_checked(engine, event, field="name")
    append(actor=actor, tournament=tournament, kind="register", payload=event, engine=engine)
    broadcast(tournament, engine)
    return player_id


@transaction.atomic
def seats_draw(*, actor, tournament: Tournament, tables: int | None = None, rng=None) -> dict:
    """The random seat draw (secrets.SystemRandom unless a test injects one), stored as an event
    so every replay seats the same way; it starts the tournament."""
    tournament = lock(tournament)
    require_director(actor, tournament)
    engine = load_engine(tournament)
    if len(engine.players) < 2:
        raise ValidationError(_("Register at least two players before the seat draw."), code="too_few")
    try:
        drawn = draw_seats(list(engine.players), tables=tables, max_per_table=tournament.max_per_table,
                           rng=rng or secrets.SystemRandom())
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
    require_director(actor, tournament)
    now = now or timezone.now()
    if tournament.status != TournamentStatus.RUNNING:
        raise ValidationError(_("The clock runs only while the tournament is running."), code="not_running")
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
def chip_correction(*, actor, tournament: Tournament, player: str, chips: int, reason: str) -> None:
    """Correct a player's chip count between hands; the reason is kept in the log and the audit."""
    tournament = lock(tournament)
    require_director(actor, tournament)
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Give the reason for the chip correction.")})
    engine = load_engine(tournament)
    if player not in engine.players:
        raise ValidationError({"player": _("No such player in this tournament.")})
    before = engine.players[player].chips
    event = {"type": "chip_correction", "player": player, "chips": int(chips), "reason": reason}
    apply_checked(engine, event, field="chips")
    append(actor=actor, tournament=tournament, kind="chip_correction", payload=event, engine=engine,
           audit={**event, "chips_before": before})
    broadcast(tournament, engine)


@transaction.atomic
def move_approve(*, actor, tournament: Tournament, player: str, table: int, seat: int) -> None:
    """Carry out one balancing move the engine proposes (no table more than one player away
    from another; a broken table's players go where the others have room)."""
    tournament = lock(tournament)
    require_director(actor, tournament)
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
    require_director(actor, tournament)
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


def day_prize_findings(tournament: Tournament, results: list[dict]) -> list[Finding]:
    """30 DCMR 1603.26: at most $500 per player per day, across the organization's tournaments."""
    others = Tournament.objects.filter(
        license__organization_id=tournament.license.organization_id, date=tournament.date,
        status=TournamentStatus.PUBLISHED,
    ).exclude(pk=tournament.pk)
    earlier: dict[str, Decimal] = {}
    for other_results in others.values_list("results", flat=True):
        for row in other_results:
            key = row["name"].strip().casefold()
            earlier[key] = earlier.get(key, Decimal("0")) + Decimal(str(row.get("prize") or "0"))
    findings = []
    for row in results:
        prize = Decimal(str(row.get("prize") or "0"))
        total = earlier.get(row["name"].strip().casefold(), Decimal("0")) + prize
        if prize > 0 and total > PRIZE_CAP:
            findings.append(Finding("30 DCMR 1603.26", _(
                "prizes: %(name)s would win $%(total)s today across this organization's tournaments; "
                "a player may win at most $500 per day (30 DCMR 1603.26).") % {"name": row["name"], "total": total},
                field="prizes"))
    return findings


@transaction.atomic
def results_publish(*, actor, tournament: Tournament) -> Tournament:
    tournament = lock(tournament)
    require_director(actor, tournament)
    engine = load_engine(tournament)
    if tournament.status == TournamentStatus.PUBLISHED:
        raise ValidationError(_("The results are already published."), code="published")
    if engine.status != "finished":
        raise RuleViolation(Finding("30 DCMR 1603.25", _(
            "status: results are published once the finishing order is known (30 DCMR 1603.25)."),
            field="status"))
    results = [{"place": row["place"], "player": row["player"], "name": row["name"],
                "prize": str(Decimal(str(row.get("prize") or "0")).quantize(Decimal("0.01")))}
               for row in engine.results()]
    findings = day_prize_findings(tournament, results)
    if findings:
        raise RuleViolation(findings)
    tournament.results, tournament.published_at = results, timezone.now()
    tournament.status = TournamentStatus.PUBLISHED
    tournament.save(update_fields=["results", "published_at", "status"])
    append(actor=actor, tournament=tournament, kind="publish", payload={"results": results})
    broadcast(tournament, engine)
    return tournament
