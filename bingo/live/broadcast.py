"""What a hall's flashboard shows, and how every event reaches the flashboards.

A flashboard shows the operation's current game: the game in play, else the next planned
one (its pattern and prize are displayed before it starts, 30 DCMR 1405.17/1405.18, on a
cleared board, 1405.10), else the last one played. A multi-hall game is shown in every hall
of the operation (30 DCMR 1405.13); any other game only at the drawing location. Every
message carries the FULL state, so a screen that missed a message or reconnects is right
again with the next one."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
from dataclasses import dataclass

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.utils import translation

from bingo.engine import ball_label
from bingo.live.selectors import hall_games
from bingo.live.state import game_state as read_state
from bingo.models import Game, GameEvent, GameStatus, GameType, Hall
from core.money import money_by_language
from licensing.hall.shown import heads_shown

logger = logging.getLogger(__name__)
MESSAGE_TYPE = "bingo.state"  # handled by FlashboardConsumer.bingo_state


def group_name(hall: Hall | int) -> str:
    """The channel-layer group of a hall's flashboards (ASCII, well under 100 characters)."""
    return f"bingo-hall-{getattr(hall, 'pk', hall)}"


def halls_for(game: Game):
    """The halls that show this game: every hall for a multi-hall game (30 DCMR 1405.13),
    otherwise the drawing location only."""
    halls = Hall.objects.filter(operation_id=game.operation_id)
    if game.game_type != GameType.MULTI_HALL:
        halls = halls.filter(is_drawing_location=True)
    return list(halls)


def current_game(hall: Hall) -> Game | None:
    games = hall_games(hall=hall)
    return (games.filter(status=GameStatus.LIVE).order_by("number").first()
            or games.filter(status=GameStatus.PLANNED).order_by("number").first()
            or games.filter(status=GameStatus.CLOSED).order_by("-number").first())


def _grid(mask: int) -> list[list[bool]]:
    return [[bool(mask >> (row * 5 + col) & 1) for col in range(5)] for row in range(5)]


def flashboard_state(hall: Hall, states: dict | None = None) -> dict:
    """The full, public state of a hall's board. Nothing here is private: no faces, no players.
    `states` caches each game's state (by id) across the halls of one broadcast."""
    states = {} if states is None else states

    def game_state(game):
        if game.pk not in states:
            states[game.pk] = read_state(game)
        return states[game.pk]

    game = current_game(hall)
    data = {"hall": {"name": hall.name, "key": hall.key}, "game": None, "calls": [], "last": None,
            "last_label": "", "result": None, "previous": None, "heads": [], "heads_game": None}
    if game is None:
        return data
    state = game_state(game)
    pattern = game.pattern
    data["game"] = {
        "id": game.pk, "number": game.number, "type": game.game_type, "status": game.status,
        "prize": str(game.prize), "training": game.operation.is_training,
        # A training game pays nothing: no prize text for any screen to show.
        "prize_text": None if game.operation.is_training else money_by_language(game.prize),
        "pattern": {"slug": pattern.slug, "name_en": pattern.name_en, "name_es": pattern.name_es,
                    "grid": _grid(pattern.masks[0]) if pattern.masks else None, "variants": len(pattern.masks)},
    }
    data["calls"] = list(state.calls)
    data["last"] = state.last_call
    data["last_label"] = ball_label(state.last_call) if state.last_call else ""
    data["result"] = _public_result(state.result)
    closed = game if game.status == GameStatus.CLOSED else None
    if game.status == GameStatus.PLANNED:
        previous = hall_games(hall=hall).filter(status=GameStatus.CLOSED).order_by("-number").first()
        if previous is not None:
            data["previous"] = {"number": previous.number, "result": _public_result(game_state(previous).result)}
            closed = previous
    if closed is not None:
        # The game just closed stays on the board with its head as the hall's device signed it (the hall only).
        data["heads"] = [{"line": head["line"], "url": head["url"], "qr": head["qr"]}
                         for head in heads_shown([(GameEvent, str(closed.pk), "")])]
        data["heads_game"] = closed.number if data["heads"] else None
    return data


def _public_result(result: dict | None) -> dict | None:
    if not result:
        return None
    shares = result.get("shares", [])
    return {"winners": result.get("winners", 0), "shares": shares,
            "share_text": money_by_language(shares[0]) if shares else None,
            "faces": [face.get("face_number") for p in result.get("paid", []) for face in p.get("faces", [p])],
            "training": bool(result.get("training"))}


def message_for(hall: Hall, states: dict | None = None) -> dict:
    # The JSON text is built once here, not by each of the hall's many sockets.
    with translation.override("en"):
        return {"type": MESSAGE_TYPE, "text": json.dumps(flashboard_state(hall, states), separators=(",", ":"))}


async def _send_all(layer, messages: list[tuple[str, dict]]) -> bool:
    # One event-loop hop for every hall: the sends run concurrently on one Redis connection pool.
    results = await asyncio.gather(*(layer.group_send(group, message) for group, message in messages),
                                   return_exceptions=True)
    sent = True
    for (group, _message), result in zip(messages, results, strict=True):
        if isinstance(result, Exception):
            logger.error("flashboard broadcast to %s failed: %r", group, result)
            sent = False
    return sent


@dataclass
class Delivery:
    """What became of the broadcasts of the events committed inside `watched()`."""
    failed: bool = False


_delivery: contextvars.ContextVar[Delivery | None] = contextvars.ContextVar("flashboard_delivery", default=None)


@contextlib.contextmanager
def watched():
    """For the caller's console: did every event committed inside reach the flashboards? (The broadcast runs
    on commit, inside the service's call, in this thread.)"""
    delivery = Delivery()
    token = _delivery.set(delivery)
    try:
        yield delivery
    finally:
        _delivery.reset(token)


def send_game(game_id: int) -> bool:
    """Send the new state of every hall that shows this game. A flashboard outage (Redis down or
    restarting) is logged and reported to `watched()`, never raised: the call is already recorded, and
    the screens show it by themselves once the layer is back (bingo.live.hub resyncs them)."""
    layer = get_channel_layer()
    if layer is None:
        return True
    try:
        game = Game.objects.select_related("operation").get(pk=game_id)
        states: dict = {}  # every hall of a multi-hall game shows the same game: read its events once
        messages = [(group_name(hall), message_for(hall, states)) for hall in halls_for(game)]
        sent = async_to_sync(_send_all)(layer, messages) if messages else True
    except Exception:
        logger.exception("flashboard broadcast failed for game %s", game_id)
        sent = False
    delivery = _delivery.get()
    if not sent and delivery is not None:
        delivery.failed = True
    return sent


def after_commit(game: Game) -> None:
    game_id = game.pk
    transaction.on_commit(lambda: send_game(game_id))
