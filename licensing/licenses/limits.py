"""The figures the regulations fix for play under a license, and the pure checks that read them, written once.

Bingo plans (bingo.planning), card sales (bingo.cards), live play (bingo.live), Hold'em tournaments
(montecarlo.tournaments), applications (licensing.applications) and the event financial reports
(licensing.reports.rules) all read these: the caps are the regulation's, not the module's.

- 1402.1-1402.6 card and admission prices by class; 1408.1-1408.3 prizes per game and per operation;
  1405.19/1405.21 early birds; 1400.5 operations a week on one premises; 1202.2(m) no bingo between midnight
  and 9:00 am; 1408.5 a prize over $10 paid by check on request; 1412.2 worker reimbursements;
  1603.26 Hold'em prizes per player per day.

Pure functions over plain values; no database."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.findings import Finding
from core.money import money_text

OPERATIONS_PER_PREMISES_PER_WEEK = 2  # 30 DCMR 1400.5
EARLY_BIRDS_PER_OPERATION = 6  # 30 DCMR 1405.19 (regular operation), 1405.21 (limited period)
EARLY_BIRD_RULES = {"regular": "30 DCMR 1405.19", "limited": "30 DCMR 1405.21"}
NO_BINGO_FROM, NO_BINGO_UNTIL = dt.time(0, 0), dt.time(9, 0)  # 30 DCMR 1202.2(m)
CHECK_ON_REQUEST_OVER = Decimal("10.00")  # 30 DCMR 1408.5: a prize over $10 is paid by check if the winner asks
WORKER_REIMBURSEMENT_CAP = Decimal("15.00")  # 30 DCMR 1412.2: per worker per occasion
HOLDEM_PRIZE_CAP = Decimal("500.00")  # 30 DCMR 1603.26: per player per day
CLASS_D = "D"
LIMITED = "limited"

REGULAR, EXTRA_REGULAR, SPECIAL, EARLY_BIRD, MULTI_HALL = (
    "regular", "extra_regular", "special", "early_bird", "multi_hall")
# The kinds of game (and of card, which take the game's name) the caps name, in words.
GAME_TYPE_CHOICES = ((REGULAR, gettext_lazy("Regular")), (EXTRA_REGULAR, gettext_lazy("Extra regular")),
                     (SPECIAL, gettext_lazy("Special")), (EARLY_BIRD, gettext_lazy("Early bird")),
                     (MULTI_HALL, gettext_lazy("Multi-hall")))

# 30 DCMR 1402: the most a card may cost, by game type, for Class A/B/C and for Class D.
# The admission includes a regular card, so a regular game's card price is held to the admission cap.
# An early-bird game is played on a card sold for that game alone, so it is held to the special-game cap.
# Class D has no multi-hall games at all (1414), so it has no multi-hall price.
CARD_PRICE_CAPS: dict[str, tuple[Decimal, Decimal | None]] = {
    REGULAR: (Decimal("4.00"), Decimal("0.25")),
    EXTRA_REGULAR: (Decimal("2.00"), Decimal("0.15")),
    SPECIAL: (Decimal("1.00"), Decimal("0.15")),
    EARLY_BIRD: (Decimal("1.00"), Decimal("0.15")),
    MULTI_HALL: (Decimal("15.00"), None),
}
# The section that sets each cap, for Class A/B/C and for Class D: 1402.1/1402.2 the admission with its
# regular card, 1402.3/1402.4 each extra regular card, 1402.5/1402.6 each special (and multi-hall) game.
CARD_PRICE_RULES: dict[str, tuple[str, str]] = {
    REGULAR: ("30 DCMR 1402.1", "30 DCMR 1402.2"),
    EXTRA_REGULAR: ("30 DCMR 1402.3", "30 DCMR 1402.4"),
    SPECIAL: ("30 DCMR 1402.5", "30 DCMR 1402.6"),
    EARLY_BIRD: ("30 DCMR 1402.5", "30 DCMR 1402.6"),
    MULTI_HALL: ("30 DCMR 1402.5", "30 DCMR 1414"),
}
REGULAR_GAME_PRIZE_CAP = Decimal("2000.00")  # 30 DCMR 1408.1
REGULAR_OPERATION_PRIZE_CAP = Decimal("10000.00")  # 30 DCMR 1408.1, multi-hall games excepted
CLASS_D_GAME_PRIZE_CAP = Decimal("5.00")  # 30 DCMR 1408.3
CLASS_D_OPERATION_PRIZE_CAP = Decimal("50.00")  # 30 DCMR 1408.3


@dataclass(frozen=True)
class GamePlan:
    number: int
    game_type: str
    card_price: Decimal
    prize: Decimal


money = money_text  # one way to write an amount (core.money); bingo.planning.rules re-exports the name


def game_type_label(game_type: str) -> str:
    """A game type in words, lower case ("extra regular"); a kind without a label as it is."""
    labels = dict(GAME_TYPE_CHOICES)
    return str(labels[game_type]).lower() if game_type in labels else game_type


def card_price_cap(game_type: str, license_class: str) -> tuple[Decimal | None, str] | None:
    """30 DCMR 1402.1-1402.6: the most a card of this kind (a game type, or a card colour of the same name)
    may cost under the class, and the section that says so; None for a kind the caps do not name.
    The planning check of a game's card price, the check of every sale and the report's all read the caps here."""
    caps = CARD_PRICE_CAPS.get(game_type)
    if caps is None:
        return None
    class_d = license_class == CLASS_D
    return caps[1] if class_d else caps[0], CARD_PRICE_RULES[game_type][1 if class_d else 0]


def card_price(game: GamePlan, license_class: str) -> list[Finding]:
    """30 DCMR 1402.1-1402.6: the price of a card for each game on the program, by game type and class.
    Only the card that comes with the admission is "regular" (1402.1/1402.2, the admission's cap); any other card
    sold for a regular game is an extra regular card, at most $2 ($0.15 at Class D) (1402.3/1402.4). So a regular
    game's card price, the price of a card bought for it beyond the admission, is held to the extra regular cap."""
    kind = EXTRA_REGULAR if game.game_type == REGULAR else game.game_type
    found = card_price_cap(kind, license_class)
    if found is None or found[0] is None or game.card_price <= found[0]:
        return []
    cap, rule = found
    if kind == EXTRA_REGULAR:
        return [Finding(rule, _(
            "Game %(number)s: a card sold for a regular game beyond the one that comes with the admission is an extra "
            "regular card, and a Class %(cls)s extra regular card costs at most %(cap)s, not %(price)s (%(rule)s).")
            % {"number": game.number, "price": money(game.card_price), "cap": money(cap), "cls": license_class,
               "rule": rule}, field="card_price")]
    return [Finding(rule, _(
        "Game %(number)s: the card price %(price)s is over the %(cap)s a Class %(cls)s %(type)s game may charge "
        "(%(rule)s).") % {"number": game.number, "price": money(game.card_price), "cap": money(cap),
                          "cls": license_class, "type": game_type_label(game.game_type), "rule": rule},
        field="card_price")]


def game_prize(game: GamePlan, license_class: str, period: str) -> list[Finding]:
    """30 DCMR 1408.1-1408.3: the prize of one game."""
    if license_class == CLASS_D:
        if game.prize > CLASS_D_GAME_PRIZE_CAP:
            return [Finding("30 DCMR 1408.3", _(
                "Game %(number)s: a Class D prize is at most %(cap)s per game, not %(prize)s (30 DCMR 1408.3).") % {
                "number": game.number, "cap": money(CLASS_D_GAME_PRIZE_CAP), "prize": money(game.prize)},
                field="prize")]
        return []
    if period == LIMITED or game.game_type == MULTI_HALL:  # 1408.2 no limit; 1408.1 excepts multi-hall
        return []
    if game.prize > REGULAR_GAME_PRIZE_CAP:
        return [Finding("30 DCMR 1408.1", _(
            "Game %(number)s: a Class %(cls)s regular-period prize is at most %(cap)s per game, not %(prize)s "
            "(30 DCMR 1408.1).") % {"number": game.number, "cls": license_class, "cap": money(REGULAR_GAME_PRIZE_CAP),
                                    "prize": money(game.prize)}, field="prize")]
    return []


def operation_prizes(games: Iterable[GamePlan], license_class: str, period: str) -> list[Finding]:
    """30 DCMR 1408.1 / 1408.3: the prizes of the whole operation."""
    games = list(games)
    if license_class == CLASS_D:
        total, cap, rule = sum((g.prize for g in games), Decimal("0")), CLASS_D_OPERATION_PRIZE_CAP, "30 DCMR 1408.3"
    elif period == LIMITED:
        return []  # 30 DCMR 1408.2
    else:
        total = sum((g.prize for g in games if g.game_type != MULTI_HALL), Decimal("0"))
        cap, rule = REGULAR_OPERATION_PRIZE_CAP, "30 DCMR 1408.1"
    if total > cap:
        return [Finding(rule, _("The prizes of this operation total %(total)s; a Class %(cls)s operation may offer "
                                "at most %(cap)s (%(rule)s).") % {
            "total": money(total), "cls": license_class, "cap": money(cap), "rule": rule}, field="prize")]
    return []


def early_birds(games: Iterable[GamePlan], period: str = "regular") -> list[Finding]:
    """30 DCMR 1405.19 (a regular operation), 1405.21 (a limited-period one): at most six early birds."""
    count = sum(1 for g in games if g.game_type == EARLY_BIRD)
    if count <= EARLY_BIRDS_PER_OPERATION:
        return []
    if period == LIMITED:
        return [Finding("30 DCMR 1405.21", _("At most %(limit)s early-bird games per limited-period operation; this "
                                             "one has %(count)s (30 DCMR 1405.21).") % {
            "limit": EARLY_BIRDS_PER_OPERATION, "count": count}, field="game_type")]
    return [Finding("30 DCMR 1405.19", _("At most %(limit)s early-bird games per operation; this one has "
                                         "%(count)s (30 DCMR 1405.19).") % {
        "limit": EARLY_BIRDS_PER_OPERATION, "count": count}, field="game_type")]


def in_overnight_ban(at: dt.time) -> bool:
    """30 DCMR 1202.2(m): no bingo between 12:00 midnight and 9:00 am. Midnight itself is inside the ban,
    9:00 outside it."""
    return NO_BINGO_FROM <= at < NO_BINGO_UNTIL
