"""Live bingo services: every call, undo, claim and result appends one hash-chained
GameEvent (and an audit event) inside a transaction that locks the game row, so two
callers cannot take the same seq or fork the chain."""

from __future__ import annotations

import secrets
from decimal import Decimal

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from bingo import broadcast, winner_search
from bingo.engine import Card, ball_label, check_claim, split_prize
from bingo.engine import Pattern as EnginePattern
from bingo.engine import patterns as engine_patterns
from bingo.models import EventKind, Game, GameEvent, GameStatus, game_terms
from bingo.selectors import CALLER_ROLES, CHECKER_ROLES, has_role
from bingo.state import GameState, game_state
from core.chain import Head
from licensing.audit.tasks import anchors_after_commit
from licensing.events import audit_event_record
from licensing.findings import Finding, RuleViolation
from licensing.models import AnchorReason
from licensing.models.choices import LicenseStatus, LicenseType

HIGHEST_BALL = 75


def _require_role(actor, game: Game, roles) -> None:
    if not has_role(user=actor, organization_id=game.operation.license.organization_id, roles=roles):
        raise PermissionDenied(_("Only the organization's callers or officers may run this game."))


def _lock(game: Game) -> Game:
    # The row lock serializes appends: seq and prev_hash are read and written under it.
    return Game.objects.select_for_update(of=("self",)).select_related("operation__license").get(pk=game.pk)


def _require_live(game: Game) -> None:
    if game.status != GameStatus.LIVE:
        raise ValidationError(_("Game %(number)s is not live.") % {"number": game.number}, code="not_live")


AUDIT_TYPES = {EventKind.START: "bingo.game_start"}


def _append(*, actor, game: Game, state: GameState, kind: str, payload: dict) -> GameEvent:
    event = GameEvent(game=game, kind=kind, payload=payload, actor=actor)
    event.link(Head(state.last_seq, state.last_hash))
    event.save()
    # The head lets bingo_verify_log see a removed LAST event, which the chain alone cannot.
    game.head_seq, game.head_hash = event.seq, event.hash
    Game.objects.filter(pk=game.pk).update(head_seq=event.seq, head_hash=event.hash)
    audit_event_record(
        event_type=AUDIT_TYPES.get(kind, f"bingo.{kind}"), actor=actor,
        organization=game.operation.license.organization, target=game, payload={"seq": event.seq, **payload},
    )
    # Flashboards hear of the event only once it is committed: a rolled-back call never shows.
    broadcast.after_commit(game)
    return event


def _operation_ready_findings(game: Game) -> list[Finding]:
    """Planning's readiness checks (e.g. a checker on duty, 30 DCMR 1401.3), when planning is installed."""
    try:
        from bingo.services_planning import operation_ready
    except ImportError:  # planning not deployed: nothing more to check
        return []
    return [f for f in operation_ready(game.operation) if getattr(f, "blocking", True)]


@transaction.atomic
def game_start(*, actor, game: Game) -> Game:
    game = _lock(game)
    _require_role(actor, game, CALLER_ROLES)
    license = game.operation.license
    if license.license_type != LicenseType.BINGO or license.status != LicenseStatus.ACTIVE:
        message = _("Bingo is played only under an active bingo license (30 DCMR 1200.1).")
        raise RuleViolation(Finding("30 DCMR 1200.1", str(message), field="license"))
    if game.status != GameStatus.PLANNED:
        raise ValidationError(_("Only a planned game can start."), code="not_planned")
    findings = _operation_ready_findings(game)
    if findings:
        raise RuleViolation(findings)
    # One game at a time on the board (30 DCMR 1405.10: the board belongs to the game being played).
    if Game.objects.filter(operation=game.operation, status=GameStatus.LIVE).exclude(pk=game.pk).exists():
        raise ValidationError(_("Close the game in play before starting another."), code="game_in_play")
    # 30 DCMR 1405.8 / 1405.10: a new game starts with all 75 balls and an empty board. The start
    # event fixes what the game is played for: the game row cannot change it afterwards unseen.
    game.status = GameStatus.LIVE
    game.save(update_fields=["status"])
    _append(actor=actor, game=game, state=game_state(game), kind=EventKind.START, payload=game_terms(game))
    return game


@transaction.atomic
def ball_draw(*, actor, game: Game, rng=None) -> GameEvent:
    """A system draw: the engine's Drawer rebuilt from the events picks among the balls left."""
    game = _lock(game)
    _require_role(actor, game, CALLER_ROLES)
    _require_live(game)
    state = game_state(game)
    if len(state.calls) >= HIGHEST_BALL:
        raise ValidationError(_("All 75 balls have been called."), code="receptacle_empty")
    number = state.drawer(rng if rng is not None else secrets.SystemRandom()).draw()
    return _append(actor=actor, game=game, state=state, kind=EventKind.CALL,
                   payload={"number": number, "source": "system", "floor": _floor(game, state, number)})


def _floor(game: Game, state: GameState, number: int) -> dict:
    """The electronic winner search on this call, kept with the call in the record."""
    return winner_search.floor(game, [*state.calls, number]).as_dict()


@transaction.atomic
def ball_record(*, actor, game: Game, number: int) -> GameEvent:
    """The caller keys in a ball drawn from the physical blower."""
    game = _lock(game)
    _require_role(actor, game, CALLER_ROLES)
    _require_live(game)
    state = game_state(game)
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= HIGHEST_BALL:
        raise RuleViolation(Finding("30 DCMR 1405.7", str(_("A ball is numbered 1 to 75 (30 DCMR 1405.7).")),
                                    field="number"))
    if number in state.calls:
        raise RuleViolation(Finding(
            "30 DCMR 1405.14",
            str(_("%(ball)s was already called; a drawn ball never returns to the receptacle (30 DCMR 1405.14).")
                % {"ball": ball_label(number)}),
            field="number"))
    return _append(actor=actor, game=game, state=state, kind=EventKind.CALL,
                   payload={"number": number, "source": "recorded", "floor": _floor(game, state, number)})


@transaction.atomic
def call_undo(*, actor, game: Game, reason: str) -> GameEvent:
    """Correct a keying mistake. The undo is itself an event, so the record shows it."""
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Give the reason for taking back the call.")}, code="required")
    game = _lock(game)
    _require_role(actor, game, CALLER_ROLES)
    _require_live(game)
    state = game_state(game)
    if not state.calls:
        raise ValidationError(_("No number has been called."), code="no_call")
    return _append(actor=actor, game=game, state=state, kind=EventKind.UNDO,
                   payload={"number": state.last_call, "reason": reason})


def _engine_pattern(game: Game, pattern_name: str | None) -> EnginePattern:
    if pattern_name:
        try:
            return engine_patterns.get(pattern_name)
        except KeyError:
            raise ValidationError({"pattern_name": _("Unknown pattern.")}, code="unknown_pattern") from None
    p = game.pattern
    return EnginePattern.from_masks(p.slug, p.name_en, p.name_es, p.masks)


@transaction.atomic
def claim_verify(*, actor, game: Game, card: Card, pattern_name: str | None = None) -> GameEvent:
    """Check a claim on the calls so far (30 DCMR 1406.1): valid only on the number just called."""
    game = _lock(game)
    _require_role(actor, game, CHECKER_ROLES)
    _require_live(game)
    state = game_state(game)
    pattern = _engine_pattern(game, pattern_name)
    result = check_claim(card, state.calls, pattern)
    return _append(actor=actor, game=game, state=state, kind=EventKind.CLAIM, payload={
        "face": list(card.squares), "pattern": pattern.name, "last_call": state.last_call,
        "valid": result.valid, "complete": result.complete, "reason": result.reason,
        "rule": result.citation, "completed_on": result.completed_on, "call_count": len(state.calls),
    })


@transaction.atomic
def claim_face(*, actor, game: Game, face_number, series_code: str | None = None) -> GameEvent:
    """A checker reads out the face number of a claimed card (30 DCMR 1401.4, 1406.1): the face
    is looked up among the faces sold for this game and checked against the calls. Valid only
    when the bingo was made on the number just called; a complete face whose bingo came
    earlier is a missed bingo, and lost (30 DCMR 1405.16). The claim is recorded either way."""
    from bingo.sales import find_sold_face

    if isinstance(face_number, str) and face_number.strip().isdigit() and face_number.isascii():
        face_number = int(face_number.strip())  # "١٢" is isdigit() too: digits 0-9 only
    if isinstance(face_number, bool) or not isinstance(face_number, int) or face_number < 1:
        raise ValidationError({"face_number": _("Enter the face number printed on the card.")}, code="invalid")
    game = _lock(game)
    _require_role(actor, game, CHECKER_ROLES)
    _require_live(game)
    # 30 DCMR 1404.1(h): only a face sold for this game can win it (raises with the citation).
    card, series = find_sold_face(game=game, face_number=face_number, series_code=series_code or None)
    state = game_state(game)
    pattern = winner_search.engine_pattern(game)
    result = check_claim(card, state.calls, pattern)
    coverage = card.coverage(state.calls)
    return _append(actor=actor, game=game, state=state, kind=EventKind.CLAIM, payload={
        "face_number": face_number, "series": series.code, "series_id": series.pk,
        "face": list(card.squares), "marked": [sq for sq in range(25) if coverage >> sq & 1],
        "pattern": pattern.name, "last_call": state.last_call, "call_count": len(state.calls),
        "valid": result.valid, "complete": result.complete, "missed": result.complete and not result.valid,
        "reason": result.reason, "rule": result.citation, "completed_on": result.completed_on,
        "winning_mask": result.winning_mask,
    })


@transaction.atomic
def game_close(*, actor, game: Game, winners: int | None = None) -> GameEvent:
    """End the game and pay it (30 DCMR 1406.3). By default the winners are the valid claims
    on the number just called; several split the prize equally, each share rounded up to the
    next dollar, for Class D the next cent (30 DCMR 1406.2). `winners` (a count) overrides
    the claims, for a game whose claims were checked on paper."""
    if winners is not None and (isinstance(winners, bool) or not isinstance(winners, int) or winners < 0):
        raise ValidationError({"winners": _("The number of winners is a whole number, 0 or more.")}, code="invalid")
    game = _lock(game)
    _require_role(actor, game, CALLER_ROLES)
    _require_live(game)
    state = game_state(game)
    claims = state.winning_claims()
    count = len(claims) if winners is None else winners
    shares = split_prize(game.prize, count, game.license_class) if count else []
    paid = [
        {"face_number": claim.get("face_number"), "series": claim.get("series"), "amount": str(share)}
        for claim, share in zip(claims, shares, strict=False)
    ] if winners is None else []
    event = _append(actor=actor, game=game, state=state, kind=EventKind.CLOSE, payload={
        "winners": count, "shares": [str(s) for s in shares], "paid": paid,
        "winning_call": state.last_call if count else None,
        "total_paid": str(sum(shares, Decimal("0.00"))), "calls": len(state.calls),
    })
    game.status = GameStatus.CLOSED
    game.save(update_fields=["status"])
    # The closed game's log (and every other log that grew) is anchored once this commits.
    anchors_after_commit(reason=AnchorReason.CLOSE)
    return event
