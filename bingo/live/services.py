"""Live bingo services: every call, undo, claim and result appends one hash-chained
GameEvent (and an audit event) inside a transaction that locks the game row, so two
callers cannot take the same seq or fork the chain."""

from __future__ import annotations

import secrets

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from bingo.cards.sales import find_sold_face
from bingo.engine import Card, ball_label, check_claim
from bingo.engine import Pattern as EnginePattern
from bingo.engine import patterns as engine_patterns
from bingo.live import broadcast, events, rules, training, winner_search
from bingo.live.kit import KIT_KIND
from bingo.live.live_play import require_live_play
from bingo.live.payout import game_payout
from bingo.live.payouts import game_payouts_sync
from bingo.live.state import GameState, game_state
from bingo.models import CardSale, EventKind, Game, GameEvent, GameStatus, game_terms
from bingo.planning.checks import operation_ready
from bingo.selectors import CALLER_ROLES, CHECKER_ROLES
from core.chain import Head
from core.findings import Finding, RuleViolation
from licensing.audit.tasks import anchors_after_commit
from licensing.hall.closing import heads_sign_at_close
from licensing.models import AnchorReason
from licensing.models.choices import LicenseType
from licensing.selectors import has_role

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


def _append(*, actor, game: Game, state: GameState, kind: str, payload: dict) -> GameEvent:
    event = GameEvent(game=game, kind=kind, payload=payload, actor=actor)
    event.link(Head(state.last_seq, state.last_hash))
    event.save()
    # The head lets `verify_logs --operation` see a removed LAST event, which the chain alone cannot.
    game.head_seq, game.head_hash = event.seq, event.hash
    Game.objects.filter(pk=game.pk).update(head_seq=event.seq, head_hash=event.hash)
    events.game_event_logged(actor=actor, game=game, event=event)
    # Flashboards hear of the event only once it is committed: a rolled-back call never shows.
    broadcast.after_commit(game)
    return event


def _payouts_sync(*, actor, game: Game) -> None:
    """The winners as the log now stands, at the payout desk (bingo.live.payouts), in the event's transaction."""
    game_payouts_sync(game=game, state=game_state(game), actor=actor)


def _operation_ready_findings(game: Game) -> list[Finding]:
    """Planning's readiness checks (e.g. a checker on duty, 30 DCMR 1401.3)."""
    return [f for f in operation_ready(game.operation) if getattr(f, "blocking", True)]


@transaction.atomic
def game_start(*, actor, game: Game) -> Game:
    game = _lock(game)
    _require_role(actor, game, CALLER_ROLES)
    if game.operation.license.license_type != LicenseType.BINGO:
        message = _("Bingo is played only under an active bingo license (30 DCMR 1200.1).")
        raise RuleViolation(Finding("30 DCMR 1200.1", str(message), field="license"))
    # The license in force today and the licensed hours, now (30 DCMR 1200.1, 1202.2(m)).
    require_live_play(game, action=str(_("Start game %(number)s") % {"number": game.number}))
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
    state = _state_for_a_call(game, action=str(_("Draw a ball in game %(number)s") % {"number": game.number}))
    if len(state.calls) >= HIGHEST_BALL:
        raise ValidationError(_("All 75 balls have been called."), code="receptacle_empty")
    number = state.drawer(rng if rng is not None else secrets.SystemRandom()).draw()
    return _append(actor=actor, game=game, state=state, kind=EventKind.CALL,
                   payload={"number": number, "source": "system", "floor": _floor(game, state, number)})


def _state_for_a_call(game: Game, *, action: str) -> GameState:
    """The state before a call, once the call may be made: licensed play now, and no winner waiting."""
    require_live_play(game, action=action)
    state = game_state(game)
    winners = [_face_label(claim) for claim in state.winning_claims()]
    findings = rules.winners_hold_the_calls(action=action, winners=winners,
                                            last_label=ball_label(state.last_call) if state.last_call else "")
    if findings:
        raise RuleViolation(findings)
    return state


def _face_label(claim: dict) -> str:
    if claim.get("face_number") is None:
        return str(_("a card checked by its numbers"))
    return str(_("face %(face)s of series %(series)s") % {"face": claim["face_number"], "series": claim["series"]})


def _floor(game: Game, state: GameState, number: int) -> dict:
    """The electronic winner search on this call, kept with the call in the record."""
    return winner_search.floor(game, [*state.calls, number]).as_dict()


@transaction.atomic
def ball_record(*, actor, game: Game, number: int) -> GameEvent:
    """The caller keys in a ball drawn from the physical blower."""
    game = _lock(game)
    _require_role(actor, game, CALLER_ROLES)
    _require_live(game)
    state = _state_for_a_call(game, action=str(_("Record a ball in game %(number)s") % {"number": game.number}))
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
    """Correct a keying mistake: the last ball recorded from the blower was not the ball drawn. The
    undo is itself an event, so the record shows it; a claim heard on that call becomes void. A ball
    the system drew is never taken back (30 DCMR 1405.14: a drawn ball stays drawn)."""
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Give the reason for taking back the call.")}, code="required")
    game = _lock(game)
    _require_role(actor, game, CALLER_ROLES)
    _require_live(game)
    state = game_state(game)
    if not state.calls:
        raise ValidationError(_("No number has been called."), code="no_call")
    findings = rules.undo_only_recorded(source=state.last_source, last_label=ball_label(state.last_call))
    if findings:
        raise RuleViolation(findings)
    event = _append(actor=actor, game=game, state=state, kind=EventKind.UNDO,
                    payload={"number": state.last_call, "reason": reason})
    _payouts_sync(actor=actor, game=game)  # a claim heard on that call no longer wins
    return event


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
    event = _append(actor=actor, game=game, state=state, kind=EventKind.CLAIM, payload={
        "face": list(card.squares), "pattern": pattern.name, "last_call": state.last_call,
        "valid": result.valid, "complete": result.complete, "reason": result.reason,
        "rule": result.citation, "completed_on": result.completed_on, "call_count": len(state.calls),
    })
    if result.valid:
        _payouts_sync(actor=actor, game=game)
    return event


@transaction.atomic
def claim_face(*, actor, game: Game, face_number, series_code: str | None = None) -> GameEvent:
    """A checker reads out the face number of a claimed card (30 DCMR 1401.4, 1406.1): the face
    is looked up among the faces sold for this game and checked against the calls. Valid only
    when the bingo was made on the number just called; a complete face whose bingo came
    earlier is a missed bingo, and lost (30 DCMR 1405.16). The claim is recorded either way,
    with the sale the face came from (its buyer shares the prize once, 30 DCMR 1406.2).

    The same face checked again on the same call is not a second claim: the claim already heard
    is returned (its event, marked `repeated`) and nothing is written."""
    if isinstance(face_number, str) and face_number.strip().isdigit() and face_number.isascii():
        face_number = int(face_number.strip())  # "١٢" is isdigit() too: digits 0-9 only
    if isinstance(face_number, bool) or not isinstance(face_number, int) or face_number < 1:
        raise ValidationError({"face_number": _("Enter the face number printed on the card.")}, code="invalid")
    game = _lock(game)
    _require_role(actor, game, CHECKER_ROLES)
    _require_live(game)
    if game.operation.is_training:  # nothing is sold in training: any printed face may be checked
        card, series = training.training_face(game=game, face_number=face_number, series_code=series_code or None)
    else:
        # 30 DCMR 1404.1(h): only a face sold for this game can win it (raises with the citation).
        card, series = find_sold_face(game=game, face_number=face_number, series_code=series_code or None)
    state = game_state(game)
    heard = state.standing_claim(series=series.code, face_number=face_number)
    if heard is not None:
        event = GameEvent.objects.get(game=game, seq=heard["seq"])
        event.repeated = True
        return event
    pattern = winner_search.engine_pattern(game)
    result = check_claim(card, state.calls, pattern)
    coverage = card.coverage(state.calls)
    event = _append(actor=actor, game=game, state=state, kind=EventKind.CLAIM, payload={
        "face_number": face_number, "series": series.code, "series_id": series.pk,
        "sale": _sale_of(game, series.pk, face_number),
        "face": list(card.squares), "marked": [sq for sq in range(25) if coverage >> sq & 1],
        "pattern": pattern.name, "last_call": state.last_call, "call_count": len(state.calls),
        "valid": result.valid, "complete": result.complete, "missed": result.complete and not result.valid,
        "reason": result.reason, "rule": result.citation, "completed_on": result.completed_on,
        "winning_mask": result.winning_mask,
    })
    if result.valid:
        _payouts_sync(actor=actor, game=game)
    return event


def _sale_of(game: Game, series_id: int, face_number: int) -> int | None:
    """The sale the face was bought in: its buyer is the player (bingo.live.state.GameState.winning_players)."""
    return (CardSale.objects.filter(games=game, voided_at__isnull=True, series_id=series_id,
                                    first_face__lte=face_number, last_face__gte=face_number)
            .values_list("pk", flat=True).first())


@transaction.atomic
def claim_void(*, actor, game: Game, claim_seq, reason: str) -> GameEvent:
    """Void a claim with the reason (a face misread, the same player's second face bought in another
    sale): it no longer wins, and calls may go on (30 DCMR 1406.3). The void is an event of the
    game's log and audited; the claim itself stays in the record."""
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Give the reason for voiding the claim.")}, code="required")
    if len(reason) > 300:
        raise ValidationError({"reason": _("The reason is at most 300 characters.")}, code="max_length")
    game = _lock(game)
    _require_role(actor, game, CHECKER_ROLES)
    _require_live(game)
    state = game_state(game)
    claim = next((c for c in state.claims if c["seq"] == claim_seq and not isinstance(claim_seq, bool)), None)
    if claim is None:
        raise ValidationError({"claim": _("Game %(number)s has no claim %(seq)s.")
                               % {"number": game.number, "seq": claim_seq}}, code="not_found")
    if claim.get("void"):
        raise ValidationError({"claim": _("That claim is already void.")}, code="already_void")
    event = _append(actor=actor, game=game, state=state, kind=EventKind.VOID, payload={
        "claim_seq": claim["seq"], "reason": reason, "face_number": claim.get("face_number"),
        "series": claim.get("series"), "valid": claim.get("valid"),
    })
    _payouts_sync(actor=actor, game=game)  # its player's payout is void unless another claim of theirs stands
    return event


@transaction.atomic
def game_close(*, actor, game: Game, winners: int | None = None) -> GameEvent:
    """End the game and pay it (30 DCMR 1406.3): every valid claim on the number just called wins,
    one share per player (1406.2; bingo.live.payout), never more in all than the game's cap (1408.1,
    1408.3). `winners` (a count) is for a game whose claims were also checked on paper: it may add
    winners to the claims on record, never drop one (void a claim, with its reason, instead). A
    training game pays nothing."""
    if winners is not None and (isinstance(winners, bool) or not isinstance(winners, int) or winners < 0):
        raise ValidationError({"winners": _("The number of winners is a whole number, 0 or more.")}, code="invalid")
    game = _lock(game)
    _require_role(actor, game, CALLER_ROLES)
    _require_live(game)
    state = game_state(game)
    event = _append(actor=actor, game=game, state=state, kind=EventKind.CLOSE,
                    payload=game_payout(game, state, winners=winners))
    game.status = GameStatus.CLOSED
    game.save(update_fields=["status"])
    _payouts_sync(actor=actor, game=game)  # each share due at the desk; a claim not paid is void
    # At the hall the device signs the closed log's head now, for the results sheet and the flashboard (whose
    # broadcast, after the commit, carries it); on the Board's server this signs nothing.
    heads_sign_at_close(actor=actor, organization=game.operation.license.organization, kind=KIT_KIND.name,
                        event_id=game.operation_id, logs=[(GameEvent, str(game.pk))])
    # The closed game's log (and every other log that grew) is anchored once this commits.
    anchors_after_commit(reason=AnchorReason.CLOSE)
    return event
