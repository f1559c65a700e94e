"""Table-game words on the dealer's screen: cards as the players see them ("A♠")."""

from django import template

register = template.Library()

SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
RANK_TEXT = {"T": "10"}


@register.filter
def card_label(card: str) -> str:
    """ "As" -> "A♠", "Td" -> "10♦"."""
    if not isinstance(card, str) or len(card) != 2:
        return str(card)
    return RANK_TEXT.get(card[0], card[0]) + SUIT_SYMBOLS.get(card[1], card[1])


@register.filter
def cards_label(cards) -> str:
    return " ".join(card_label(card) for card in cards or [])
