"""The shared machinery of tournament services: lock the row, rebuild the engine from the
event log, validate a new event on the rebuilt engine, append it hash-chained, and broadcast
the new state to the live screens once the transaction commits."""

from __future__ import annotations

import datetime as dt
import logging
import re

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.chain import head_of
from core.findings import Finding, RuleViolation
from core.money import money_by_language
from licensing.audit.tasks import anchors_after_commit
from licensing.models import AnchorReason
from montecarlo.holdem import HandError
from montecarlo.holdem.tournament import Tournament as Engine
from montecarlo.holdem.tournament import TournamentError, level_from_dict
from montecarlo.models import Tournament, TournamentEvent, TournamentStatus
from montecarlo.tournaments import events

logger = logging.getLogger(__name__)

# The events the engine replays; the others (clock, publication) are the Django layer's own.
ENGINE_KINDS = frozenset({"register", "seat", "hand_start", "action", "showdown", "misdeal",
                          "chip_correction", "move", "stop"})


def lock(tournament: Tournament) -> Tournament:
    # The row lock serializes appends: seq and prev_hash are read and written under it.
    return Tournament.objects.select_for_update(of=("self",)).select_related("license__organization").get(
        pk=tournament.pk)


class TournamentStateError(Exception):
    """The stored tournament does not replay: its configuration or one of its events is refused by
    the engine. Nothing can be shown or changed until the record is repaired; views answer a clear
    error (montecarlo/tournaments/middleware.py), never a 500."""

    def __init__(self, tournament: Tournament, seq: int | None, problem: Exception):
        self.tournament_id, self.seq, self.problem = tournament.pk, seq, problem
        where = _("its event %(seq)s") % {"seq": seq} if seq is not None else _("its configuration")
        self.message = _("The record of tournament %(id)s cannot be replayed: %(where)s is refused (%(problem)s). "
                         "Nothing can be shown or changed until it is repaired; the error is logged.") % {
            "id": tournament.pk, "where": where, "problem": problem}
        super().__init__(self.message)


def load_engine(tournament: Tournament) -> Engine:
    """The tournament's state: its configuration and its events replayed, nothing else.
    Raises TournamentStateError, logged at ERROR, naming the event the engine refuses."""
    seq = None
    try:
        engine = Engine.replay(tournament.engine_config(), [])
        for event_seq, kind, payload in tournament.events.order_by("seq").values_list("seq", "kind", "payload"):
            seq = event_seq
            if kind in ENGINE_KINDS:
                engine.apply(payload)
    except Exception as exc:  # any refusal by the pure engine of what is stored: the log does not replay
        error = TournamentStateError(tournament, seq, exc)
        logger.error("tournament %s does not replay at event %s", tournament.pk, seq, exc_info=True)
        raise error from exc
    return engine


# The engine's messages open with the field at fault ("mucked: seat 3 ...", "shown[2]: ...").
_FIELD = re.compile(r"^([a-z_]+)(?:\[[^\]]*\])?: ")


def engine_finding(exc: Exception, field: str | None = None) -> RuleViolation:
    """The engine's refusal as a finding: its rule, and the field its message names (else `field`)."""
    rule = getattr(exc, "rule", "") or "30 DCMR 1604.3"
    named = _FIELD.match(getattr(exc, "what", "") or "")
    return RuleViolation(Finding(rule, str(exc), field=named.group(1) if named else field))


def apply_checked(engine: Engine, event: dict, *, field: str | None = None) -> None:
    """Apply the event to the rebuilt engine; an illegal one raises before anything is written."""
    try:
        engine.apply(event)
    except (TournamentError, HandError, ValueError, KeyError, TypeError) as exc:
        # TournamentError and HandError carry their rule; a malformed event is refused the same way.
        raise engine_finding(exc, field) from exc




def append(*, actor, tournament: Tournament, kind: str, payload: dict,
           engine: Engine | None = None, audit: dict | None = None) -> TournamentEvent:
    event = TournamentEvent(tournament=tournament, kind=kind, payload=payload, actor=actor)
    event.link(head_of(tournament.events))
    event.save()
    tournament.head_seq, tournament.head_hash = event.seq, event.hash
    fields = ["head_seq", "head_hash"]
    finished_before = tournament.status in (TournamentStatus.FINISHED, TournamentStatus.PUBLISHED)
    if engine is not None and tournament.status != TournamentStatus.PUBLISHED:
        tournament.status = engine.status
        fields.append("status")
    if tournament.status in ENDED and tournament.clock_running:
        # The tournament has ended (one player left, or stopped at its time, 1603.25): so has its clock, which
        # stands where it was and shows the result from now on.
        tournament.clock_elapsed = clock_elapsed(tournament, event.created_at)
        tournament.clock_running = False
        fields += ["clock_elapsed", "clock_running"]
    tournament.save(update_fields=fields)
    if kind == "publish" or (not finished_before and tournament.status == TournamentStatus.FINISHED):
        # A tournament that has finished, or published its results, is anchored once this commits.
        anchors_after_commit(reason=AnchorReason.CLOSE)
    events.tournament_event_logged(actor=actor, tournament=tournament, event=event, audit=audit)
    return event


# --- the clock ---


def clock_elapsed(tournament: Tournament, now: dt.datetime | None = None) -> float:
    elapsed = tournament.clock_elapsed
    if tournament.clock_running and tournament.clock_started_at:
        elapsed += max(0.0, ((now or timezone.now()) - tournament.clock_started_at).total_seconds())
    return elapsed


def clock_position(tournament: Tournament, now: dt.datetime | None = None) -> tuple[int, int]:
    """(level index, seconds left in it). Past the last level the last one goes on."""
    elapsed = clock_elapsed(tournament, now)
    end = 0.0
    for index, level in enumerate(tournament.levels):
        end += int(level.get("minutes", 0)) * 60
        if elapsed < end:
            return index, int(end - elapsed + 0.999)
    return max(len(tournament.levels) - 1, 0), 0


ENDED = (TournamentStatus.FINISHED, TournamentStatus.PUBLISHED)


def clock_result(tournament: Tournament, engine: Engine) -> list[dict]:
    """The finishing order once the tournament has ended (30 DCMR 1603.25), first place first; empty before."""
    if tournament.status not in ENDED or engine.status != "finished":
        return []
    return [{"place": row["place"], "name": row["name"]} for row in engine.results() if row["place"]]


def clock_state(tournament: Tournament, engine: Engine, now: dt.datetime | None = None) -> dict:
    """Everything the public clock screen shows, JSON-able; the screen counts down from it."""
    index, seconds_left = clock_position(tournament, now)
    levels = tournament.levels

    def level(i):
        if i >= len(levels):
            return None
        parsed = level_from_dict(levels[i])
        return {"number": i + 1, "small_blind": parsed.small_blind, "big_blind": parsed.big_blind,
                "ante": parsed.ante, "minutes": parsed.minutes, "is_break": parsed.is_break}

    return {
        "name": tournament.name,
        "status": tournament.status,
        "finished": tournament.status in ENDED,
        "result": clock_result(tournament, engine),
        "started": tournament.clock_started_at is not None,
        "running": tournament.clock_running and tournament.status not in ENDED,
        "elapsed": clock_elapsed(tournament, now),
        "levels": [level(i) for i in range(len(levels))],
        "level": level(index),
        "next_level": level(index + 1),
        "seconds_left": seconds_left,
        "players_left": engine.players_left(),
        "entries": len(engine.players),
        "average_stack": engine.average_stack() if engine.players_left() else 0,
        "prizes": [{"place": i + 1, "prize": str(prize), "prize_text": money_by_language(prize)}
                   for i, prize in enumerate(tournament.prizes)],
    }


def clock_group(tournament: Tournament) -> str:
    return f"montecarlo.clock.{tournament.public_key}"


def tournament_group(tournament: Tournament) -> str:
    return f"montecarlo.tournament.{tournament.pk}"


def broadcast(tournament: Tournament, engine: Engine) -> None:
    """After commit, push the clock state to the public screens and a refresh hint to staff pages."""
    state = clock_state(tournament, engine)
    head = tournament.head_seq

    def send():
        # The event is committed: a screen outage is logged, never raised; screens resync on reconnect.
        try:
            layer = get_channel_layer()
            if layer is None:
                return
            async_to_sync(layer.group_send)(clock_group(tournament), {"type": "clock.state", "state": state})
            async_to_sync(layer.group_send)(tournament_group(tournament), {"type": "tournament.changed", "seq": head})
        except Exception:
            logger.exception("tournament broadcast failed for tournament %s", tournament.pk)

    transaction.on_commit(send)
