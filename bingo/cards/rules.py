"""The rules of a card sale, each a Finding with its 30 DCMR citation: which games a card plays
(1405.2-1405.4), what it may cost (1402.1-1402.6, with the caps of bingo.planning.rules), that nothing is free
(1408.10), that no worker on duty buys one (1401.2), that the player declared being 18 or older (1702.1), and
where the paper comes from (1403.1).

Pure functions over plain values; bingo.cards.services reads the games and the workers on duty and
refuses the sale on any finding. The caps, the window and the age are the Board's register's
(licensing.register.values), in force on the sale's day (the invoice's for a purchase of paper)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from bingo.planning.rules import (
    CLASS_D,
    EXTRA_REGULAR,
    REGULAR,
    SPECIAL,
    card_price_cap,
    money,
    person_key,
)
from core.findings import Finding
from licensing.register.values import value
from licensing.reports.rules import Supplier, in_force_between, in_force_spans, months_before

PLANNED, CLOSED = "planned", "closed"  # bingo.models.GameStatus
REGULAR_COLOURS = (REGULAR, EXTRA_REGULAR)
SALES_RULE = "30 DCMR 1404.1(h)"


@dataclass(frozen=True)
class SaleGame:
    number: int
    game_type: str
    status: str
    of_operation: bool = True  # a game of the operation the sale is recorded at


def plays(colour: str, game: SaleGame) -> bool:
    """The games a card of the colour plays, by rule: a regular card every regular game not yet closed
    (30 DCMR 1405.2), an extra regular card the regular games not yet started, the ones after its purchase
    (1405.4), a special card the special, early-bird and multi-hall games, each its own."""
    if not game.of_operation or game.status == CLOSED:
        return False
    if colour == REGULAR:
        return game.game_type == REGULAR
    if colour == EXTRA_REGULAR:
        return game.game_type == REGULAR and game.status == PLANNED
    return game.game_type != REGULAR


def _colour_rule(colour: str) -> str:
    return "30 DCMR 1405.4" if colour == EXTRA_REGULAR else "30 DCMR 1405.2"


def _game_finding(colour: str, game: SaleGame) -> Finding | None:
    """Why a card of the colour cannot be sold for this game, if it cannot."""
    values = {"number": game.number}
    if not game.of_operation:
        return Finding(SALES_RULE, _("Game %(number)s is not a game of this operation (30 DCMR 1404.1(h)).")
                       % values, field="games")
    if game.status == CLOSED:
        return Finding("30 DCMR 1406.3", _("Game %(number)s is closed: no card can be sold for it "
                                           "(30 DCMR 1406.3).") % values, field="games")
    if colour in REGULAR_COLOURS and game.game_type != REGULAR:
        return Finding(_colour_rule(colour), _(
            "Game %(number)s is not a regular game: regular and extra regular cards play regular games "
            "(30 DCMR 1405.2-1405.4).") % values, field="games")
    if colour == EXTRA_REGULAR and game.status != PLANNED:
        return Finding("30 DCMR 1405.4", _(
            "Game %(number)s has started: an extra regular card plays only the regular games after its "
            "purchase (30 DCMR 1405.4).") % values, field="games")
    if colour == SPECIAL and game.game_type == REGULAR:
        return Finding("30 DCMR 1405.2", _(
            "Game %(number)s is a regular game: it is played on regular and extra regular cards, and a special "
            "card plays only special, early-bird and multi-hall games (30 DCMR 1405.2-1405.4).") % values,
            field="games")
    return None


def _numbers(games: Iterable[SaleGame]) -> str:
    return ", ".join(str(g.number) for g in sorted(games, key=lambda g: g.number))


def sale_games(colour: str, chosen: list[SaleGame] | None, games: list[SaleGame]) -> list[Finding]:
    """The games named for a sale against the games the colour plays. A regular or extra regular card
    plays every game the rule gives it, so a list naming fewer (or others) is refused; a special card
    plays the games it is sold for, each one its own. `chosen` empty or None: the seller named none, the rule
    decides."""
    owed = [g for g in games if plays(colour, g)]
    if not chosen:
        if owed:
            return []
        return [Finding(SALES_RULE, _("Name the games these cards play: none is open."), field="games")]
    findings = [f for f in (_game_finding(colour, game) for game in chosen) if f is not None]
    if colour in REGULAR_COLOURS:
        named = {g.number for g in chosen}
        missing = [g for g in owed if g.number not in named]
        if missing:
            if colour == REGULAR:
                message = ngettext(
                    "A regular card plays every regular game of the operation (30 DCMR 1405.2): game %(games)s is "
                    "missing from the list; leave the games empty to sell it for all of them.",
                    "A regular card plays every regular game of the operation (30 DCMR 1405.2): games %(games)s are "
                    "missing from the list; leave the games empty to sell it for all of them.", len(missing))
            else:
                message = ngettext(
                    "An extra regular card plays every regular game after its purchase (30 DCMR 1405.4): game "
                    "%(games)s is missing from the list; leave the games empty to sell it for all of them.",
                    "An extra regular card plays every regular game after its purchase (30 DCMR 1405.4): games "
                    "%(games)s are missing from the list; leave the games empty to sell it for all of them.",
                    len(missing))
            findings.append(Finding(_colour_rule(colour), message % {"games": _numbers(missing)}, field="games"))
    return findings


def sale_price(*, colour: str, price_each: Decimal, license_class: str, game_types: Iterable[str],
               on: dt.date | None = None) -> list[Finding]:
    """30 DCMR 1408.10: nothing is given free, so every face has a price. 30 DCMR 1402.1-1402.6 by class:
    a regular card is (part of) the admission, at most the admission's cap; an extra regular card has its
    own cap; a special card pays for its participation in each game it plays, so its cap is the sum of
    the caps of those games (1402.5: $1 a special game, $15 a multi-hall game, for Class A/B/C). The caps are the
    ones in force on `on`, the day of the sale (default: today)."""
    if price_each <= 0:
        return [Finding("30 DCMR 1408.10", _("Give the price of each face: no chance to play bingo may be given "
                                             "free (30 DCMR 1408.10)."), field="price_each")]
    if colour in REGULAR_COLOURS:
        cap, rule = card_price_cap(colour, license_class, on)
        if price_each <= cap:
            return []
        label = _("regular card (the admission)") if colour == REGULAR else _("extra regular card")
        return [Finding(rule, _("A Class %(cls)s %(card)s costs at most %(cap)s, not %(price)s (%(rule)s).") % {
            "cls": license_class, "card": label, "cap": money(cap), "price": money(price_each), "rule": rule},
            field="price_each")]
    caps = [card_price_cap(game_type, license_class, on) for game_type in game_types]
    caps = [found for found in caps if found is not None and found[0] is not None]
    cap = sum((found[0] for found in caps), Decimal("0"))
    if not caps or price_each <= cap:
        return []  # a special card for no game is refused by sale_games
    _cap, rule = card_price_cap(SPECIAL, license_class, on)
    return [Finding(rule, _("A Class %(cls)s special card for %(count)s game(s) costs at most %(cap)s, the cap of "
                            "each game it plays added up, not %(price)s (%(rule)s).") % {
        "cls": license_class, "count": len(caps), "cap": money(cap), "price": money(price_each), "rule": rule},
        field="price_each")]


def buyer_not_on_duty(buyer: str, workers_on_duty: Iterable[str]) -> list[Finding]:
    """30 DCMR 1401.2: a worker on duty does not play, so is not sold cards."""
    key = person_key(buyer)
    if key and any(person_key(name) == key for name in workers_on_duty):
        return [Finding("30 DCMR 1401.2", _("%(name)s is on duty at this operation: a worker on duty may not play, "
                                            "so is not sold cards (30 DCMR 1401.2).") % {"name": buyer.strip()},
                        field="buyer")]
    return []


# --- 30 DCMR 1403.1: where the paper comes from (card series, and the charity tickets' vendor, 1409.2) ---

VENDOR_SOURCE, ORGANIZATION_SOURCE, OWN_SOURCE = "vendor", "organization", "own"  # bingo.models.SeriesSource
SUPPLY_RULE = "30 DCMR 1403.1"


def seller_licensed(*, source: str, number: str, on: dt.date | None, supplier: Supplier | None,
                    window_months: int | None = None, rule: str = SUPPLY_RULE,
                    field: str = "seller_license_number") -> list[Finding]:
    """30 DCMR 1403.1: bought from a vendor whose license is in force on the invoice date, or (used equipment
    only) from another organization licensed at the sale or within the window before it. `supplier` is the
    license numbered `number` with its organization's licenses (licensing.reports.checks.suppliers).
    `window_months` None: the register's window in force on the invoice date (bingo.supply_seller_licensed_months)."""
    if not number:
        return [Finding(rule, _("Give the seller's license number: bingo supplies come only from a licensed vendor "
                                "or, used, from another licensed organization (%(rule)s).") % {"rule": rule},
                        field=field)]
    if on is None:
        return [Finding(rule, _("Give the invoice date, so the seller's license is checked on the day of the sale "
                                "(%(rule)s).") % {"rule": rule}, field="invoice_date")]
    values = {"number": number, "date": on.isoformat(), "rule": rule}
    if supplier is None:
        return [Finding(rule, _("No license is numbered %(number)s: bingo supplies come only from a licensed vendor "
                                "or another licensed organization (%(rule)s).") % values, field=field)]
    record = supplier.license
    is_vendor = record.license_type == "vendor"
    if source == VENDOR_SOURCE and not is_vendor:
        return [Finding(rule, _("License %(number)s is not a vendor's license: name the vendor that sold the cards "
                                "(%(rule)s).") % values, field=field)]
    if source == ORGANIZATION_SOURCE:
        if is_vendor:
            return [Finding(rule, _("License %(number)s is a vendor's: choose a purchase from a licensed vendor "
                                    "(%(rule)s).") % values, field="source")]
        if window_months is None:
            window_months = value("bingo.supply_seller_licensed_months", on)
        since = months_before(on, window_months)
        if any(in_force_between(own, since, on) for own in supplier.organization_licenses or (record,)):
            return []
        return [Finding(rule, _(
            "%(number)s is the license of an organization that held no license in force from %(since)s to %(date)s; "
            "used equipment comes from another organization only if it is licensed at the sale or was within the "
            "%(months)s months before it (%(rule)s).") % {**values, "since": since.isoformat(),
                                                          "months": window_months}, field=field)]
    if any(begins <= on <= ends for begins, ends in in_force_spans(record)):
        return []
    return [Finding(rule, _("Vendor license %(number)s was not in force on %(date)s, the invoice date: bingo supplies "
                            "come only from a vendor licensed when it sells (%(rule)s).") % values, field=field)]


def own_series(*, allowed: bool, reason: str) -> list[Finding]:
    """30 DCMR 1403.1: an organization's own printing of bingo paper is not a purchase from a licensed vendor; it
    is allowed only where the Board has decided so, with its reason (the BINGO_OWN_SERIES_* settings)."""
    if allowed and reason:
        return []
    return [Finding(SUPPLY_RULE, _("Bingo cards come from a licensed vendor, or used from another licensed "
                                   "organization; printing the organization's own series needs the Board's decision, "
                                   "which has not been made (30 DCMR 1403.1)."), field="source")]


def one_regular_card(*, colour: str, faces: int, buyer: str, license_class: str = "",
                     on: dt.date | None = None) -> list[Finding]:
    """30 DCMR 1402.1/1402.3: only the card that comes with the admission is a regular card, so a player buys one;
    the others are extra regular cards, at most the extra regular cap each (the class's, in force on `on`). A sale
    names one player when it names a buyer."""
    if colour != REGULAR or faces <= 1 or not buyer.strip():
        return []
    cap, _rule = card_price_cap(EXTRA_REGULAR, license_class, on)
    return [Finding("30 DCMR 1402.3", _(
        "Only the card that comes with the admission is a regular card: %(name)s gets one, and the other %(count)s are "
        "sold as extra regular cards, at most %(cap)s each (30 DCMR 1402.1, 1402.3).") % {
        "name": buyer.strip(), "count": faces - 1, "cap": money(cap)}, field="last_face")]


AGE_RULE = "30 DCMR 1702.1"


def age_declared(declared, on: dt.date | None = None) -> list[Finding]:
    """30 DCMR 1702.1: nobody knowingly lets a person under 18 play bingo; the player declares being 18 or older
    when the cards are sold, as a night's participant does at the door (montecarlo.nights.rules). The age is the
    register's (player.minimum_age) in force on `on`."""
    if declared is True:
        return []
    return [Finding(AGE_RULE, _("The player must declare being %(age)s or older: no one under %(age)s plays bingo "
                                "(30 DCMR 1702.1).") % {"age": value("player.minimum_age", on)},
                    field="age_declared")]


# --- 30 DCMR 1409.1-1409.4: charity game tickets ---


def charity_class(license_class: str) -> list[Finding]:
    """30 DCMR 1409.1: charity game tickets are played at Class A, B and C bingo (and raffles), not at Class D."""
    if license_class != CLASS_D:
        return []
    return [Finding("30 DCMR 1409.1", _("Charity game tickets are sold only at Class A, B and C bingo operations, not "
                                        "at a Class D one (30 DCMR 1409.1)."), field="operation")]


def charity_sample_approved(*, source: str, approved: bool) -> list[Finding]:
    """30 DCMR 1409.3: tickets bought from a vendor are sold only after the Board approved a sample (the Board's own
    tickets need none)."""
    if source != VENDOR_SOURCE or approved:
        return []
    return [Finding("30 DCMR 1409.3", _(
        "The Board has not approved a sample of these tickets: tickets bought from a vendor are sold only once the "
        "Board has found a sample safe (30 DCMR 1409.3)."), field="stock")]


def charity_sale_count(*, count, unsold: int, returned: bool) -> list[Finding]:
    """What can still be sold of a deal: its unsold tickets, none once they are returned (30 DCMR 1409.4)."""
    if returned:
        return [Finding("30 DCMR 1409.4", _("The unsold tickets of this deal were returned to the Board: none can be "
                                            "sold (30 DCMR 1409.4)."), field="stock")]
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= unsold:
        return [Finding("30 DCMR 1404.1(h)", _("Sell 1 to %(unsold)s tickets: the deal has %(unsold)s unsold "
                                               "(30 DCMR 1404.1(h)).") % {"unsold": unsold}, field="count")]
    return []


def charity_return(*, count, unsold: int) -> list[Finding]:
    """30 DCMR 1409.4: every unsold ticket goes back to the Board for destruction at the end of the event."""
    if isinstance(count, bool) or not isinstance(count, int) or count != unsold:
        return [Finding("30 DCMR 1409.4", _("Return every unsold ticket, %(unsold)s, to the Board for destruction "
                                            "(30 DCMR 1409.4).") % {"unsold": unsold}, field="count")]
    return []
