"""Bingo's models, one module per concept; `from bingo.models import X` reads them all (and migrations do)."""

from bingo.models.cards import CardColour, CardSale, CardSeries, SeriesSource
from bingo.models.charity import CharityTicketSale, CharityTicketStock, TicketSource
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
from bingo.models.multihall import MultiHallAgreement
from bingo.models.operations import Hall, Operation, WorkerDuty
from bingo.models.patterns import Pattern

__all__ = [
    "TERMS_DEFAULTS", "CardColour", "CardSale", "CardSeries", "CharityTicketSale", "CharityTicketStock", "EventKind",
    "Game", "GameEvent", "GameEventImmutableError", "GameStatus", "GameType", "Hall", "MultiHallAgreement",
    "Operation", "Pattern", "SeriesSource", "TicketSource", "WorkerDuty", "game_terms",
]
