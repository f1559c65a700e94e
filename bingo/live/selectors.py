"""Scoped reads of live play: the games a user may run or watch from the console (another organization's
game is a 404, never a 403), and the public flashboard's reads, reached by a hall's unguessable key."""

from __future__ import annotations

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from bingo.models import EventKind, Game, GameEvent, GameStatus, GameType, Hall
from bingo.planning.selectors import operation_list


def game_list(*, user) -> QuerySet[Game]:
    return Game.objects.filter(operation__in=operation_list(user=user)).select_related(
        "operation__license__organization", "pattern"
    )


def game_get(*, user, pk: int) -> Game:
    return get_object_or_404(game_list(user=user), pk=pk)


def hall_by_key(*, key: str) -> Hall:
    """Public: a flashboard is reached by its hall's unguessable key alone."""
    return get_object_or_404(Hall.objects.select_related("operation__license__organization", "premises"), key=key)


def hall_games(*, hall: Hall) -> QuerySet[Game]:
    """Public: the games a hall's flashboard shows: all of the operation's at the drawing location,
    the multi-hall games only in the other halls (30 DCMR 1405.13)."""
    games = Game.objects.filter(operation_id=hall.operation_id).select_related("pattern", "operation")
    if not hall.is_drawing_location:
        games = games.filter(game_type=GameType.MULTI_HALL)
    return games


def hall_results(*, hall: Hall) -> list[dict]:
    """Public: the closed games this hall showed, each with its result and the head of its log
    (seq and hash), which anyone can compare with the Board's anchors or a later verification."""
    games = hall_games(hall=hall).filter(status=GameStatus.CLOSED)
    closes = dict(GameEvent.objects.filter(game__in=games, kind=EventKind.CLOSE).values_list("game_id", "payload"))
    return [{"game": game, "result": closes.get(game.pk) or {}} for game in games.order_by("number")]
