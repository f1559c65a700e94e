"""Cards as integers: `rank * 4 + suit`, rank 0-12 for 2..A, suit 0-3 for c, d, h, s.

Small integers keep the evaluator's table lookups cheap; strings ("As", "Td") exist only at
the edges (hand histories, output). The deck is the standard 52 cards with no jokers or wild
cards (30 DCMR 1603.22, 1603.28), so there is no way to spell any other card.
"""

RANKS = "23456789TJQKA"
SUITS = "cdhs"

_BY_TEXT = {r + s: ri * 4 + si for ri, r in enumerate(RANKS) for si, s in enumerate(SUITS)}
_TEXT = [r + s for r in RANKS for s in SUITS]


def parse_card(text: str) -> int:
    """ "As" -> int. Raises ValueError for anything that is not one of the 52 cards (1603.22)."""
    card = _BY_TEXT.get(text) if isinstance(text, str) else None
    if card is None:
        raise ValueError(f"{text!r} is not a card: a rank of 2-9, T, J, Q, K, A and a suit of c, d, h, s")
    return card


def parse_cards(texts) -> list[int]:
    """Parse a sequence of cards, refusing repeats: a standard deck holds each card once (1603.22)."""
    cards = [parse_card(t) for t in texts]
    seen: set[int] = set()
    for text, card in zip(texts, cards, strict=True):
        if card in seen:
            raise ValueError(f"{text} appears twice; a standard 52-card deck holds each card once")
        seen.add(card)
    return cards


def format_card(card: int) -> str:
    return _TEXT[card]


def format_cards(cards) -> list[str]:
    return [_TEXT[c] for c in cards]


def rank_of(card: int) -> int:
    return card >> 2


def suit_of(card: int) -> int:
    return card & 3


def full_deck() -> list[int]:
    """The 52 cards in a fixed order; shuffling is the caller's (injected RNG, 1604.3(b))."""
    return list(range(52))
