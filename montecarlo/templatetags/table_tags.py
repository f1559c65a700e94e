"""Table-game words on the night's pages: cards as the players see them ("A♠"), a game's name in the reader's
language, and a ledger entry's note."""

from django import template
from django.utils.translation import get_language
from django.utils.translation import gettext as _

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


@register.filter
def game_name(game) -> str:
    """A catalog game's name in the reader's language (English or Spanish)."""
    return game.name_for(get_language()) if game is not None else ""


@register.filter
def ledger_note(entry) -> str:
    """A ledger entry's note in the reader's language: the engine's template, kept with the entry, filled with its
    figures (the note column itself keeps the English the record was written in)."""
    template = (entry.payload or {}).get("note_template") if isinstance(entry.payload, dict) else None
    if not template:
        return entry.note
    params = {key: value for key, value in entry.payload.items() if key != "note_template"}
    try:
        return _(template) % params if params else _(template)
    except (KeyError, TypeError, ValueError):
        return entry.note
