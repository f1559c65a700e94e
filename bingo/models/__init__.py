"""Bingo's models, one module per concept; `from bingo.models import X` reads them all (and migrations do)."""

from bingo.models.cards import CardColour, CardSale, CardSeries
from bingo.models.games import (
    TERMS_DEFAULTS,
    EventKind,
    Game,
    GameEvent,
    GameEventImmutableError,
    GameStatus,
    GameType,
    game_terms,
)
from bingo.models.operations import Hall, Operation, WorkerDuty
from bingo.models.patterns import Pattern

__all__ = [
    "TERMS_DEFAULTS", "CardColour", "CardSale", "CardSeries", "EventKind", "Game", "GameEvent",
    "GameEventImmutableError", "GameStatus", "GameType", "Hall", "Operation", "Pattern", "WorkerDuty", "game_terms",
]
