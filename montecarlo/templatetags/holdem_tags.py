"""Hold'em words on the dealer's and replay pages: the engine's hand ranks (1604.3(v)(1)) and actions in the
reader's language."""

import datetime as dt

from django import template
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from licensing.licenses.limits import holdem_prize_cap
from montecarlo.tournaments.rules import cap_text

register = template.Library()

RANK_NAMES = {
    "high card": _("high card"),
    "one pair": _("one pair"),
    "two pair": _("two pair"),
    "three of a kind": _("three of a kind"),
    "straight": _("straight"),
    "flush": _("flush"),
    "full house": _("full house"),
    "four of a kind": _("four of a kind"),
    "straight flush": _("straight flush"),
    "royal flush": _("royal flush"),
}


@register.filter
def rank_name(rank: str | None) -> str:
    return str(RANK_NAMES.get(rank, rank or ""))


# The engine's action words (montecarlo.holdem.hand.ACTIONS) as the replay reads them: "seat 3 (Ana): raises".
ACTION_NAMES = {
    "fold": pgettext_lazy("hand replay", "folds"),
    "check": pgettext_lazy("hand replay", "checks"),
    "call": pgettext_lazy("hand replay", "calls"),
    "bet": pgettext_lazy("hand replay", "bets"),
    "raise": pgettext_lazy("hand replay", "raises to"),
    "allin": pgettext_lazy("hand replay", "goes all in"),
}


@register.filter
def action_name(action: str | None) -> str:
    return str(ACTION_NAMES.get(action, action or ""))


@register.simple_tag
def prize_cap(on: dt.date | None = None) -> str:
    """30 DCMR 1603.26: the most one player wins in a day, in force on `on` (default today), as the rule writes it
    ("$500")."""
    return cap_text(holdem_prize_cap(on))
