"""Pure-Python 75-ball bingo engine (30 DCMR ch. 14): cards, patterns, draw, claims, prize
splitting and a fast card-bank winner search. Imports no Django and nothing of the apps."""

from . import draw, patterns, series
from .bank import CardBank
from .card import FREE_BIT, FREE_SQUARE, FULL_MASK, Card, ball_label, column_range
from .claims import ClaimResult, check_claim
from .draw import Drawer
from .patterns import Pattern
from .prizes import split_prize

__all__ = [
    "FREE_BIT",
    "FREE_SQUARE",
    "FULL_MASK",
    "Card",
    "CardBank",
    "ClaimResult",
    "Drawer",
    "Pattern",
    "ball_label",
    "check_claim",
    "column_range",
    "draw",
    "patterns",
    "series",
    "split_prize",
]
