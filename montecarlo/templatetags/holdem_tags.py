"""Hold'em words on the dealer's and replay pages: the engine's hand ranks (1604.3(v)(1)) in the
reader's language."""

from django import template
from django.utils.translation import gettext_lazy as _

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
