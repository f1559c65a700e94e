"""The checks of play under a license that read the Board's figures, written once.

Bingo plans (bingo.planning), card sales (bingo.cards), live play (bingo.live), Hold'em tournaments
(montecarlo.tournaments), applications (licensing.applications) and the event financial reports
(licensing.reports.rules) all read these: the caps are the regulation's, not the module's.

- 1402.1-1402.6 card and admission prices by class; 1408.1-1408.3 prizes per game and per operation;
  1405.19/1405.21 early birds; 1400.5 operations a week on one premises; 1202.2(m) no bingo between midnight
  and 9:00 am; 1408.5 a prize over $10 paid by check on request; 1412.2 worker reimbursements;
  1603.26 Hold'em prizes per player per day.

The figures themselves are rows of the Board's register (licensing.register.values): each function reads the value
in force on `on`, the day of the record it judges (an operation's date, a sale's day, a report's event date); given
no day, the day the caller set with `values.as_of`, else today. No figure is held here."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.findings import Finding
from core.money import money_text
from licensing.register.values import citation, value

CLASS_D = "D"
LIMITED = "limited"

REGULAR, EXTRA_REGULAR, SPECIAL, EARLY_BIRD, MULTI_HALL = (
    "regular", "extra_regular", "special", "early_bird", "multi_hall")
# The kinds of game (and of card, which take the game's name) the caps name, in words.
GAME_TYPE_CHOICES = ((REGULAR, gettext_lazy("Regular")), (EXTRA_REGULAR, gettext_lazy("Extra regular")),
                     (SPECIAL, gettext_lazy("Special")), (EARLY_BIRD, gettext_lazy("Early bird")),
                     (MULTI_HALL, gettext_lazy("Multi-hall")))
GAME_TYPES = tuple(kind for kind, _label in GAME_TYPE_CHOICES)
# Class D has no multi-hall games at all (1414), so the register holds no Class D multi-hall price.
CLASS_D_MULTI_HALL_RULE = "30 DCMR 1414"


def class_group(license_class: str) -> str:
    """The part of a cap's key that names the class: Class A, B and C share one figure, Class D has its own."""
    return "class_d" if license_class == CLASS_D else "class_abc"


def card_price_cap_key(game_type: str, license_class: str) -> str | None:
    """The register's key of the most a card of this kind may cost under the class; None where none is set
    (a kind the caps do not name; a Class D multi-hall card)."""
    if game_type not in GAME_TYPES or (license_class == CLASS_D and game_type == MULTI_HALL):
        return None
    return f"bingo.card_price_cap.{class_group(license_class)}.{game_type}"


def game_prize_cap(license_class: str, on: dt.date | None = None) -> Decimal:
    """30 DCMR 1408.1 (Class A/B/C, regular period), 1408.3 (Class D): the most one game pays, in force on `on`."""
    return value(f"bingo.game_prize_cap.{class_group(license_class)}", on)


def operation_prize_cap(license_class: str, on: dt.date | None = None) -> Decimal:
    """30 DCMR 1408.1 (Class A/B/C, regular period, multi-hall games excepted), 1408.3 (Class D): the most one
    operation pays, in force on `on`."""
    return value(f"bingo.operation_prize_cap.{class_group(license_class)}", on)


def holdem_prize_cap(on: dt.date | None = None) -> Decimal:
    """30 DCMR 1603.26: the most one player wins at Texas Hold'em in one day, in force on that day."""
    return value("holdem.prize_cap_per_player_day", on)


def operations_per_week(on: dt.date | None = None) -> int:
    """30 DCMR 1400.5: the most bingo operations one premises holds in one week, in force on `on`."""
    return value("bingo.operations_per_premises_per_week", on)


def check_on_request_over(on: dt.date | None = None) -> Decimal:
    """30 DCMR 1408.5: a prize over this is paid by check when the winner asks."""
    return value("bingo.prize_by_check_over", on)


def worker_reimbursement_cap(on: dt.date | None = None) -> Decimal:
    """30 DCMR 1412.2: the most one worker is reimbursed for one occasion."""
    return value("bingo.worker_reimbursement_cap", on)


def no_bingo_hours(on: dt.date | None = None) -> tuple[dt.time, dt.time]:
    """30 DCMR 1202.2(m): the hours of the night when no bingo is played, (from, until), in force on `on`."""
    return value("bingo.no_play_from", on), value("bingo.no_play_until", on)


def clock(at: dt.time) -> str:
    """A time of day as the rules write it, in the reader's language: "12:00 midnight", "9:00 am", "6:30 pm"."""
    if at == dt.time.min:
        return _("12:00 midnight")
    if at.strftime("%H:%M") == "12:00":
        return _("12:00 noon")
    written = at.strftime("%I:%M").lstrip("0")  # strftime's %p is the C locale's AM/PM: Django sets no locale
    return (_("%(time)s am") if at.strftime("%p") == "AM" else _("%(time)s pm")) % {"time": written}


def no_bingo_hours_words(on: dt.date | None = None) -> dict[str, str]:
    """The overnight ban's hours in words, for a message: {"from": "12:00 midnight", "until": "9:00 am"}."""
    starts, ends = no_bingo_hours(on)
    return {"from": clock(starts), "until": clock(ends)}


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


def card_price_cap(game_type: str, license_class: str, on: dt.date | None = None
                   ) -> tuple[Decimal | None, str] | None:
    """30 DCMR 1402.1-1402.6: the most a card of this kind (a game type, or a card colour of the same name)
    may cost under the class on `on`, and the section that says so; None for a kind the caps do not name.
    The planning check of a game's card price, the check of every sale and the report's all read the caps here.
    The admission includes a regular card, so a regular game's card price is held to the admission cap; an
    early-bird game is played on a card sold for that game alone, so it has the special game's section."""
    if game_type not in GAME_TYPES:
        return None
    key = card_price_cap_key(game_type, license_class)
    if key is None:
        return None, CLASS_D_MULTI_HALL_RULE
    return value(key, on), citation(key, on)


def card_price(game: GamePlan, license_class: str, on: dt.date | None = None) -> list[Finding]:
    """30 DCMR 1402.1-1402.6: the price of a card for each game on the program, by game type and class.
    Only the card that comes with the admission is "regular" (1402.1/1402.2, the admission's cap); any other card
    sold for a regular game is an extra regular card (1402.3/1402.4). So a regular game's card price, the price of a
    card bought for it beyond the admission, is held to the extra regular cap."""
    kind = EXTRA_REGULAR if game.game_type == REGULAR else game.game_type
    found = card_price_cap(kind, license_class, on)
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


def game_prize(game: GamePlan, license_class: str, period: str, on: dt.date | None = None) -> list[Finding]:
    """30 DCMR 1408.1-1408.3: the prize of one game, against the cap in force on `on`."""
    if license_class == CLASS_D:
        cap = game_prize_cap(license_class, on)
        if game.prize > cap:
            return [Finding("30 DCMR 1408.3", _(
                "Game %(number)s: a Class D prize is at most %(cap)s per game, not %(prize)s (30 DCMR 1408.3).") % {
                "number": game.number, "cap": money(cap), "prize": money(game.prize)},
                field="prize")]
        return []
    if period == LIMITED or game.game_type == MULTI_HALL:  # 1408.2 no limit; 1408.1 excepts multi-hall
        return []
    cap = game_prize_cap(license_class, on)
    if game.prize > cap:
        return [Finding("30 DCMR 1408.1", _(
            "Game %(number)s: a Class %(cls)s regular-period prize is at most %(cap)s per game, not %(prize)s "
            "(30 DCMR 1408.1).") % {"number": game.number, "cls": license_class, "cap": money(cap),
                                    "prize": money(game.prize)}, field="prize")]
    return []


def operation_prizes(games: Iterable[GamePlan], license_class: str, period: str,
                     on: dt.date | None = None) -> list[Finding]:
    """30 DCMR 1408.1 / 1408.3: the prizes of the whole operation, against the cap in force on `on`."""
    games = list(games)
    if license_class == CLASS_D:
        total, rule = sum((g.prize for g in games), Decimal("0")), "30 DCMR 1408.3"
    elif period == LIMITED:
        return []  # 30 DCMR 1408.2
    else:
        total, rule = sum((g.prize for g in games if g.game_type != MULTI_HALL), Decimal("0")), "30 DCMR 1408.1"
    cap = operation_prize_cap(license_class, on)
    if total > cap:
        return [Finding(rule, _("The prizes of this operation total %(total)s; a Class %(cls)s operation may offer "
                                "at most %(cap)s (%(rule)s).") % {
            "total": money(total), "cls": license_class, "cap": money(cap), "rule": rule}, field="prize")]
    return []


def early_birds(games: Iterable[GamePlan], period: str = "regular", on: dt.date | None = None) -> list[Finding]:
    """30 DCMR 1405.19 (a regular operation), 1405.21 (a limited-period one): at most so many early birds (the
    register's figure in force on `on`)."""
    count = sum(1 for g in games if g.game_type == EARLY_BIRD)
    limit = value("bingo.early_birds_per_operation", on)
    if count <= limit:
        return []
    if period == LIMITED:
        return [Finding("30 DCMR 1405.21", _("At most %(limit)s early-bird games per limited-period operation; this "
                                             "one has %(count)s (30 DCMR 1405.21).") % {
            "limit": limit, "count": count}, field="game_type")]
    return [Finding("30 DCMR 1405.19", _("At most %(limit)s early-bird games per operation; this one has "
                                         "%(count)s (30 DCMR 1405.19).") % {
        "limit": limit, "count": count}, field="game_type")]


def in_overnight_ban(at: dt.time, on: dt.date | None = None) -> bool:
    """30 DCMR 1202.2(m): no bingo between 12:00 midnight and 9:00 am (the register's hours in force on `on`).
    The ban's first minute is inside it, its end outside it. Hours that cross midnight (from 23:00 until 9:00)
    are read as one night."""
    starts, ends = no_bingo_hours(on)
    if starts <= ends:
        return starts <= at < ends
    return at >= starts or at < ends
