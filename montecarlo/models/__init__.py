from montecarlo.models.catalog import GameCatalogEntry
from montecarlo.models.tournament_events import CONFIG_EVENT, TournamentEvent, TournamentEventImmutableError
from montecarlo.models.tournaments import (
    TERMS_BEFORE,
    FinishMethod,
    Tournament,
    TournamentStatus,
    changed_terms,
    tournament_terms,
)

__all__ = [
    "CONFIG_EVENT", "TERMS_BEFORE", "FinishMethod", "GameCatalogEntry", "Tournament", "TournamentEvent",
    "TournamentEventImmutableError", "TournamentStatus", "changed_terms", "tournament_terms",
]
