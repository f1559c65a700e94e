"""Table games of a Monte Carlo Night as pure Python engines: Caribbean poker (000, 001), punto y banca (002),
the wheel of fortune and banca francesa (003 s. 24, 25) and craps (30 DCMR 1602.1, 1604.1). Each is a
deterministic state machine fed by events (`base.RoundTable`), so a table's log replays to its state; each
module's `edges()` gives the exact (or simulated) house edge of every bet, printed by
`python -m montecarlo.tablegames edges`. No Django and nothing of the apps around them."""

from montecarlo.tablegames.baccarat import PuntoBanca
from montecarlo.tablegames.banca_francesa import BancaFrancesa
from montecarlo.tablegames.base import GameError, Posting, RoundTable, replay
from montecarlo.tablegames.caribbean import CaribbeanPoker
from montecarlo.tablegames.craps import Craps
from montecarlo.tablegames.wheel import WheelOfFortune

# The engines by game catalogue code (montecarlo.GameCatalogEntry.code).
GAMES: dict[str, type[RoundTable]] = {
    game.code: game for game in (CaribbeanPoker, PuntoBanca, WheelOfFortune, BancaFrancesa, Craps)
}

__all__ = ["GAMES", "BancaFrancesa", "CaribbeanPoker", "Craps", "GameError", "Posting", "PuntoBanca", "RoundTable",
           "WheelOfFortune", "replay"]
