"""What a dealer's screen posts, read into an engine event: the participant (a number, or the code of a chip
receipt's QR, scanned), the bet, and each game's outcome from its pickers (cards, dice, the wheel's symbol).
Nothing here decides: the services and the engines do."""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from core.numbers import ascii_int
from montecarlo.catalog.variants import settings_fields
from montecarlo.models import Night, Participant
from montecarlo.tablegames import GAMES

RECEIPT = re.compile(r"(?:/r/)?([A-Za-z0-9_-]{16,32})/?$")


def participant_number(night: Night, text: str) -> int:
    """A participant typed by number, or scanned: the receipt's QR code holds its address (…/r/<code>/), which a
    scanner types into the field."""
    text = (text or "").strip()
    if not text:
        raise ValidationError({"participant": _("Enter the participant's number or scan the chip receipt.")})
    try:
        return ascii_int(text)
    except ValueError:
        pass
    found = RECEIPT.search(text)
    participant = Participant.objects.filter(night=night, receipt_code=found.group(1)).first() if found else None
    if participant is None:
        raise ValidationError({"participant": _("No participant of this night has that number or receipt.")})
    return participant.number


def whole(post, name: str, *, field: str | None = None) -> int:
    try:
        return ascii_int(post.get(name, ""))
    except ValueError:
        raise ValidationError({field or name: _("Enter a whole number with the digits 0 to 9.")}) from None


def bet_event(night: Night, post) -> dict:
    event = {"type": "bet", "participant": participant_number(night, post.get("participant", "")),
             "kind": post.get("kind", ""), "amount": whole(post, "amount")}
    if post.get("number"):
        event["number"] = whole(post, "number")
    if post.get("backs"):
        event["backs"] = post.get("backs")
    return event


def decision_event(night: Night, post) -> dict:
    return {"type": "decision", "participant": participant_number(night, post.get("participant", "")),
            "choice": post.get("choice", "")}


def _cards(post, prefix: str, count: int) -> list[str]:
    return [card for card in (post.get(f"{prefix}{i}", "").strip() for i in range(count)) if card]


HAND_FIELD = re.compile(r"^hand(\d{1,9})_0$")


def outcome_event(game: str, post) -> dict:
    """The outcome as each game's engine reads it (montecarlo.tablegames); Caribbean poker's hands are the ones the
    screen offered pickers for (hand<number>_0..4), the engine says whether they are the raised ones."""
    if game == "punto-banca":
        return {"type": "outcome", "player": _cards(post, "player", 3), "banker": _cards(post, "banker", 3)}
    if game == "caribbean-poker":
        numbers = [found.group(1) for found in map(HAND_FIELD.match, post) if found]
        hands = {number: _cards(post, f"hand{number}_", 5) for number in numbers}
        return {"type": "outcome", "dealer": _cards(post, "dealer", 5), "hands": hands}
    if game == "wheel":
        return {"type": "outcome", "symbol": post.get("symbol", "")}
    dice = 3 if game == "banca-francesa" else 2
    return {"type": "outcome", "dice": [whole(post, f"die{i}", field="dice") for i in range(dice)]}


def settings_from_post(game: str, post) -> dict:
    """The variant settings typed for a new table; the engine refuses what it does not take (and the service a game
    without one)."""
    if game not in GAMES:
        return {}
    found = {}
    for field in settings_fields(game):
        name, kind = field["name"], field["type"]
        raw = post.get(f"setting_{name}")
        if kind == "bool":
            found[name] = raw in ("on", "true", "1")
        elif raw in (None, ""):
            continue
        elif kind == "int":
            found[name] = whole(post, f"setting_{name}", field=f"settings.{name}")
        else:
            found[name] = raw.strip()
    return found
