"""The Texas Hold'em tournament engine (30 DCMR 1603.19-1603.31, 1604.3): registration, seat
draw, blind levels, table balancing, eliminations, finishing order and prizes, all rebuilt
from append-only events. Pure Python; the Django layer stores the events.
"""

from montecarlo.holdem.tournament.balancing import balancing_moves
from montecarlo.holdem.tournament.errors import TournamentError
from montecarlo.holdem.tournament.finishing import prize_shares
from montecarlo.holdem.tournament.levels import TEMPLATES, Level, check_levels, level_from_dict, level_to_dict
from montecarlo.holdem.tournament.seating import draw_seats, fair_seat
from montecarlo.holdem.tournament.table import Player, Table, TableHand
from montecarlo.holdem.tournament.tournament import Tournament

__all__ = [
    "TEMPLATES",
    "Level",
    "Player",
    "Table",
    "TableHand",
    "Tournament",
    "TournamentError",
    "balancing_moves",
    "check_levels",
    "draw_seats",
    "fair_seat",
    "level_from_dict",
    "level_to_dict",
    "prize_shares",
]
