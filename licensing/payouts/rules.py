"""What federal tax law asks of a prize a licensed organization pays (pure: the figures are the Board's register's,
dated as the IRS dates them, read as in force on the day the prize is paid, `on`).

Per the IRS Instructions for Forms W-2G and 5754 (26 U.S.C. 6041, 3402(q); 26 CFR 7.6041-1, 31.3402(q)-1):
- Bingo (heading "Bingo, Keno, and Slot Machines"): a Form W-2G when the winnings are at least `federal.w2g.bingo`
  ($1,200; $2,000 for payments from 1 January 2026), NOT reduced by the wager (26 CFR 7.6041-1(b)(1)). Bingo
  winnings are exempt from regular gambling withholding (26 U.S.C. 3402(q)(5)); only backup withholding applies,
  when a winner gives no taxpayer identification number, which is the desk's question, not this module's.
- A raffle (heading "Sweepstakes, Wagering Pools, and Lotteries": "church raffles, charity drawings") and other
  wagering such as a Monte Carlo Night prize: a Form W-2G when the winnings are at least `federal.w2g.other` ($600)
  and at least `federal.w2g.other_times_wager` (300) times the wager. The IRS lets the payer reduce the winnings by
  the wager when deciding whether to report; this rule does not, so it never misses a form (reporting more than
  required is lawful, reporting less is not). One wager for several raffle tickets (five for $1) is $0.20 a ticket:
  the caller passes the wager of the winning ticket.
- Regular gambling withholding, `federal.withholding.rate` (24%) of the proceeds (the winnings minus the wager),
  when the proceeds exceed `federal.withholding.over` ($5,000): for a raffle (a lottery, 3402(q)(3)(C)(i)) whatever
  the ratio, for other wagering (3402(q)(3)(A)) only when the winnings are also at least 300 times the wager.
  Never for bingo (3402(q)(5)). A noncash prize whose tax the payer bears is grossed up (the instructions' 31.58%
  rule): not handled here; the desk asks for a cash value and withholds on it.
- A poker (Texas Hold'em) tournament: a Form W-2G when the winnings less the buy-in are more than
  `federal.w2g.poker` ($5,000). Its withholding is that of other wagering.
- Backup withholding, `federal.backup_withholding.rate` (24%) of the winnings less the wager (the payer's option the
  instructions give), when a reportable prize's winner gives no taxpayer identification number and the prize is not
  already subject to regular gambling withholding (26 U.S.C. 3406)."""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal

from django.utils.translation import gettext as _

from core.findings import Finding
from core.money import money_text
from licensing.register.values import citation, value

BINGO, RAFFLE, MONTECARLO, HOLDEM = "bingo", "raffle", "montecarlo", "holdem"
GAMES = (BINGO, RAFFLE, MONTECARLO, HOLDEM)
CENT = Decimal("0.01")
ZERO = Decimal("0.00")
HUNDRED = 100  # the register holds the rate as a percent


def _game(game: str) -> str:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: one of {', '.join(GAMES)}")
    return game


def _times_wager(prize: Decimal, wager: Decimal, on: dt.date) -> bool:
    return prize >= value("federal.w2g.other_times_wager", on) * wager


W2G_KEYS = {BINGO: "federal.w2g.bingo", HOLDEM: "federal.w2g.poker", RAFFLE: "federal.w2g.other",
            MONTECARLO: "federal.w2g.other"}


def w2g_threshold(*, game: str, on: dt.date) -> tuple[Decimal, str]:
    """The game's Form W-2G threshold in force on `on`, and its citation (the desk says both)."""
    key = W2G_KEYS[_game(game)]
    return value(key, on), citation(key, on)


def w2g_required(*, game: str, prize: Decimal, wager: Decimal, on: dt.date) -> Finding | None:
    """A non-blocking finding when the prize is reported on Form W-2G (the threshold in force on `on`, the day it
    is paid); None when it is not."""
    threshold, rule = w2g_threshold(game=game, on=on)
    if game == BINGO:
        required = prize >= threshold  # bingo: never reduced by the wager
    elif game == HOLDEM:
        required = prize - wager > threshold  # more than the threshold, less the buy-in
    else:
        required = prize >= threshold and _times_wager(prize, wager, on)
    if not required:
        return None
    return Finding(rule, _(
        "This prize is reported on Form W-2G (IRS threshold in force: %(threshold)s).")
        % {"threshold": money_text(threshold)}, field="prize", blocking=False)


def withholding(*, game: str, prize: Decimal, wager: Decimal, on: dt.date) -> Decimal:
    """The regular gambling withholding on a prize paid on `on`: the rate in force of the proceeds (prize minus
    wager) when they exceed the threshold in force; 0.00 for bingo and below the threshold."""
    if _game(game) == BINGO:
        return ZERO  # 26 U.S.C. 3402(q)(5): bingo winnings are exempt from regular gambling withholding
    proceeds = prize - wager
    if proceeds <= value("federal.withholding.over", on):
        return ZERO
    if game != RAFFLE and not _times_wager(prize, wager, on):
        return ZERO  # other wagering is withheld on only at 300 times the wager (3402(q)(3)(A))
    rate = value("federal.withholding.rate", on)
    return (proceeds * rate / HUNDRED).quantize(CENT, rounding=ROUND_HALF_UP)


def backup_withholding(*, game: str, prize: Decimal, wager: Decimal, on: dt.date) -> Decimal:
    """What is withheld when the winner of a reportable prize gives no taxpayer identification number (26 U.S.C.
    3406): the backup rate in force of the winnings less the wager, unless regular withholding already applies
    (then that is withheld instead); 0.00 when the prize is not reportable."""
    if w2g_required(game=game, prize=prize, wager=wager, on=on) is None:
        return ZERO
    if withholding(game=game, prize=prize, wager=wager, on=on) > 0:
        return ZERO
    rate = value("federal.backup_withholding.rate", on)
    return ((prize - wager) * rate / HUNDRED).quantize(CENT, rounding=ROUND_HALF_UP)


def withholding_rule(*, game: str, backup: bool, on: dt.date) -> str:
    """The citation of the withholding applied, for the desk's message and the form's row."""
    return citation("federal.backup_withholding.rate" if backup else "federal.withholding.rate", on)
