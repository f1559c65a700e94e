"""A table's bets and variant settings in words, for the dealer's screen, the set-up form, the rules pages and the
posted sheet: how a bet pays, each setting's label, the values it may take (where the engine takes a few), and
each value in words. The engines validate; this only says."""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from montecarlo.tablegames import GAMES

LABELS = {
    "decks": _("Decks in the shoe"),
    "banker_pays": _("Winning banker bets"),
    "modality": _("Table"),
    "standing": _("Standing players may bet"),
    "straights": _("A-2-3-4-5"),
    "payout_cap": _("Most a bet can win (chips; 0: no limit)"),
    "jackpot": _("Progressive jackpot side bet"),
    "jackpot_bet": _("Jackpot side bet (chips)"),
    "jackpot_seed": _("Jackpot seed (chips)"),
    "jackpot_contribution_pct": _("Share of each side bet to the jackpot (%)"),
    "jackpot_four_of_a_kind": _("Jackpot award, four of a kind (chips)"),
    "jackpot_full_house": _("Jackpot award, full house (chips)"),
    "jackpot_flush": _("Jackpot award, flush (chips)"),
    "odds_multiple": _("Odds at most (times the line bet)"),
    "field_12_pays": _("Field: a 12 pays (to 1)"),
    "dice_size": _("Size of the dice (inches; at least 0.75, 30 DCMR 1604.1)"),
}
CHOICES = {
    "decks": ((8, _("8 decks")), (6, _("6 decks"))),
    "banker_pays": (("commission", _("even money less a 5% commission (002 art. 8(a))")),
                    ("half_on_six", _("even money, no commission, half on a banker six (002 art. 8(b))"))),
    "modality": (("punto_y_banca", _("punto y banca")), ("mini", _("mini punto y banca (002 art. 3(b))")),
                 ("midi", _("midi punto y banca (002 art. 3(c))"))),
    "straights": (("000", _("is the lowest straight (000 art. 3)")),
                  ("001", _("is no straight: a straight starts at the 2 (001 art. 15)"))),
    "field_12_pays": ((2, "2"), (3, "3")),
}
YES_NO = {True: _("yes"), False: _("no")}


def settings_fields(game: str) -> list[dict]:
    """The variant settings a table of `game` takes, with their defaults and labels, for the set-up form."""
    return [{"name": name, "default": value, "type": type(value).__name__, "label": LABELS.get(name, name),
             "choices": CHOICES.get(name, ())}
            for name, value in GAMES[game].SETTINGS.items() if name not in ("min_bet", "max_bet")]


def variant_words(settings: dict) -> list[tuple]:
    """A table's settings but its limits, each as (label, value in words)."""
    words = []
    for name, value in settings.items():
        if name in ("min_bet", "max_bet"):
            continue
        said = dict(CHOICES.get(name, ())).get(value, YES_NO.get(value) if isinstance(value, bool) else value)
        words.append((LABELS.get(name, name), said))
    return words


def pays_text(kind) -> str:
    """A bet's pay as a table shows it: "8:1", or in words where that would not say it ("1:1 less 5%")."""
    if kind.shown:
        return gettext(kind.shown)
    if not kind.pays:
        return ""
    won, staked = kind.pays
    return f"{won}:{staked}"
