"""What a game pays when it closes (30 DCMR 1406.2, 1406.3, 1408.1, 1408.3): the result that the
close event records.

- The winners are the players with a valid claim on the number just called (1405.16, 1406.3); a
  player is a card sale, so one buyer's two winning faces take one share (bingo.live.state).
- They split the prize equally, each share rounded up to the next dollar, Class D the next cent
  (1406.2), but the total never passes the game's cap nor what the operation's cap leaves
  (1408.1: $2,000 a game, $10,000 an operation; 1408.3: $5 and $50 for Class D). Where rounding
  up would pass it, the shares stay equal and round down instead (bingo.engine.split_prize):
  $2,000 among three pays $666 each, not $667.
- A training game (bingo.live.training) pays nothing."""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext as _

from bingo.engine import ball_label, split_prize
from bingo.live import rules
from bingo.live.state import GameState
from bingo.models import EventKind, Game, GameEvent, GameType
from bingo.planning.rules import CLASS_D
from core.findings import Finding, RuleViolation

SPLIT_RULE = "30 DCMR 1406.2"


def paid_before(game: Game, *, until=None) -> Decimal:
    """What the operation's other closed games paid, toward the operation's cap (1408.1 leaves the
    multi-hall games out of it); `until`: only the games closed before that moment (a replay of a close)."""
    closes = GameEvent.objects.filter(game__operation_id=game.operation_id, kind=EventKind.CLOSE).exclude(game=game)
    if until is not None:
        closes = closes.filter(created_at__lt=until)
    if game.license_class != CLASS_D:
        closes = closes.exclude(game__game_type=GameType.MULTI_HALL)
    return sum((Decimal(payload.get("total_paid") or "0") for payload in closes.values_list("payload", flat=True)),
               Decimal("0.00"))


def _refuse_fewer(players: list[list[dict]], winners: int, last_call: int | None) -> None:
    raise RuleViolation(Finding("30 DCMR 1406.3", _(
        "Close the game: %(count)s players have a valid claim on %(ball)s, the number just called, and each is "
        "paid; %(winners)s winners would leave one unpaid. Void a claim, with the reason, first "
        "(30 DCMR 1406.3).") % {"count": len(players), "ball": ball_label(last_call) if last_call else "",
                                 "winners": winners}, field="winners"))


def game_payout(game: Game, state: GameState, *, winners: int | None = None, paid: Decimal | None = None) -> dict:
    """The close event's payload; refuses a `winners` override smaller than the players on record. `paid`: what the
    operation's other games had paid when this one closed (paid_before, by default now)."""
    players = state.winning_players()
    if winners is not None and winners < len(players):
        _refuse_fewer(players, winners, state.last_call)
    count = len(players) if winners is None else winners
    result = {"winners": count, "winning_call": state.last_call if count else None, "calls": len(state.calls),
              "split_rule": SPLIT_RULE, "training": game.operation.is_training}
    if game.operation.is_training:
        return {**result, "shares": [], "paid": [], "total_paid": "0.00", "cap": None, "cap_rule": None,
                "capped": False}
    cap, cap_rule = rules.payout_cap(license_class=game.license_class, period=game.operation.license.period,
                                     game_type=game.game_type,
                                     paid_before=paid_before(game) if paid is None else paid)
    shares = split_prize(game.prize, count, game.license_class, cap=cap) if count else []
    rounded_up = split_prize(game.prize, count, game.license_class) if count else []
    paid = [{"sale": claims[0].get("sale"), "series": claims[0].get("series"),
             "face_number": claims[0].get("face_number"),
             "faces": [{"series": c.get("series"), "face_number": c.get("face_number")} for c in claims],
             "amount": str(share)} for claims, share in zip(players, shares, strict=False)]
    return {**result, "shares": [str(s) for s in shares], "paid": paid,
            "total_paid": str(sum(shares, Decimal("0.00"))), "cap": None if cap is None else str(cap),
            "cap_rule": cap_rule, "capped": shares != rounded_up}
