from montecarlo.models.catalog import PLAYABLE, Approval, GameCatalogEntry
from montecarlo.models.chip_ledger import ChipLedgerEntry, ChipLedgerImmutableError, EntryKind
from montecarlo.models.nights import ApprovalStatus, GameApproval, Night, NightStatus, Participant, PrizeMethod
from montecarlo.models.tables import (
    GameTable,
    JackpotEntry,
    JackpotEntryImmutableError,
    JackpotKind,
    TableEvent,
    TableEventImmutableError,
    TableStatus,
)
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
    "CONFIG_EVENT", "PLAYABLE", "TERMS_BEFORE", "Approval", "ApprovalStatus", "ChipLedgerEntry",
    "ChipLedgerImmutableError", "EntryKind", "FinishMethod", "GameApproval", "GameCatalogEntry", "GameTable",
    "JackpotEntry", "JackpotEntryImmutableError", "JackpotKind", "Night", "NightStatus", "Participant",
    "PrizeMethod", "TableEvent", "TableEventImmutableError", "TableStatus", "Tournament", "TournamentEvent",
    "TournamentEventImmutableError", "TournamentStatus", "changed_terms", "tournament_terms",
]
