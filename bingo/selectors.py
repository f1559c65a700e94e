"""Every bingo read scoped to a user: an organization's people see their organization's
operations, games, series and sales; the Board sees all; anyone else sees none. Another
organization's record is a 404, never a 403, so its existence is not disclosed."""

from __future__ import annotations

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from bingo.models import (
    CardSale,
    CardSeries,
    EventKind,
    Game,
    GameEvent,
    GameStatus,
    GameType,
    Hall,
    Operation,
)
from licensing.accounts.selectors import has_role, organization_ids_with_roles
from licensing.models import Role

__all__ = ["has_role"]  # re-exported: bingo's services and views check roles through bingo.selectors

# Who may plan an operation, register sales and manage series (the filing roles).
PLANNER_ROLES = frozenset({Role.OFFICER, Role.MEMBER_IN_CHARGE, Role.ALTERNATE, Role.GROSS_RECEIPTS})
# Who may draw and record calls, undo, and close games.
CALLER_ROLES = frozenset({Role.CALLER, Role.OFFICER, Role.MEMBER_IN_CHARGE})
# 30 DCMR 1401.3/1401.4: checkers sell cards and check claims.
CHECKER_ROLES = CALLER_ROLES | {Role.CHECKER}
# Everyone who works bingo for the organization may read its operations.
READER_ROLES = PLANNER_ROLES | CHECKER_ROLES


def organization_ids(*, user, roles=READER_ROLES) -> QuerySet:
    """Ids of the organizations where the user holds one of the roles."""
    return organization_ids_with_roles(user=user, roles=roles)


def operation_list(*, user) -> QuerySet[Operation]:
    if not getattr(user, "is_authenticated", False):
        return Operation.objects.none()
    queryset = Operation.objects.select_related("license__organization", "premises")
    if user.is_board:
        return queryset
    return queryset.filter(license__organization_id__in=organization_ids(user=user))


def operation_get(*, user, pk: int) -> Operation:
    return get_object_or_404(operation_list(user=user), pk=pk)


def game_list(*, user) -> QuerySet[Game]:
    return Game.objects.filter(operation__in=operation_list(user=user)).select_related(
        "operation__license__organization", "pattern"
    )


def game_get(*, user, pk: int) -> Game:
    return get_object_or_404(game_list(user=user), pk=pk)


def series_list(*, user) -> QuerySet[CardSeries]:
    if not getattr(user, "is_authenticated", False):
        return CardSeries.objects.none()
    if user.is_board:
        return CardSeries.objects.select_related("organization")
    return CardSeries.objects.filter(organization_id__in=organization_ids(user=user)).select_related("organization")


def series_get(*, user, pk: int) -> CardSeries:
    return get_object_or_404(series_list(user=user), pk=pk)


def sale_list(*, user) -> QuerySet[CardSale]:
    return CardSale.objects.filter(operation__in=operation_list(user=user)).select_related("series", "operation")


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
