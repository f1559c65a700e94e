"""Texas Hold'em engine for charity tournaments at Monte Carlo Nights (30 DCMR 1603, 1604.3).

Pure Python: no Django and nothing of the apps around it, so a hand can be replayed anywhere
(dispute resolution, crash recovery, tests). Cards are small integers (see `cards`), chips are
integers, and a hand's state is the replay of its actions (see `hand`).
"""

from montecarlo.holdem.cards import format_card, full_deck, parse_card, parse_cards
from montecarlo.holdem.evaluator import CATEGORIES, category, evaluate, hand_rank
from montecarlo.holdem.hand import Hand, HandError, replay

__all__ = [
    "CATEGORIES",
    "Hand",
    "HandError",
    "category",
    "evaluate",
    "format_card",
    "full_deck",
    "hand_rank",
    "parse_card",
    "parse_cards",
    "replay",
]
