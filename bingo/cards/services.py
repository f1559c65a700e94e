"""Writes of card series and the sales register (30 DCMR 1401.2, 1402, 1404.1, 1405.2-1405.5, 1405.20,
1408.10); the rules of a sale are in bingo.rules.

A series is only its code, size and seed: its faces are regenerated from the seed. A sale
names a face range of a series and the games of one operation it plays; a mistaken sale is
voided with a reason and kept, never deleted."""

from __future__ import annotations

import datetime as dt
import secrets
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from bingo.cards import events, rules
from bingo.models import CardColour, CardSale, CardSeries, Game, GameStatus, GameType, Hall, Operation, SeriesSource
from bingo.selectors import CHECKER_ROLES, PLANNER_ROLES
from core.findings import Finding, RuleViolation
from core.money import parse_money
from licensing.reports import checks as report_checks
from licensing.selectors import has_role

SELLER_ROLES = PLANNER_ROLES | CHECKER_ROLES  # 30 DCMR 1401.4: checkers sell the cards
MAX_SERIES_SIZE = 100_000  # generating faces costs ~50 us each; a bigger series is split in several
BUYER_MAX_LENGTH = 200  # CardSale.buyer


def _require(actor, organization_id: int, roles, message) -> None:
    if not has_role(user=actor, organization_id=organization_id, roles=roles):
        raise PermissionDenied(message)


SOURCE_FIELDS_MAX = {"seller_license_number": 20, "invoice_number": 60}


def _source_findings(*, source: str, seller_license_number: str, invoice_number: str,
                     invoice_date: dt.date | None) -> list[Finding]:
    """30 DCMR 1403.1: the series' source, its seller's license (in force on the invoice date) and its invoice."""
    if source == SeriesSource.OWN:
        return rules.own_series(allowed=settings.BINGO_OWN_SERIES_ALLOWED, reason=settings.BINGO_OWN_SERIES_REASON)
    findings = []
    if invoice_date is not None and invoice_date > timezone.localdate():
        return [Finding(rules.SUPPLY_RULE, _("The invoice date is in the future (30 DCMR 1403.1)."),
                        field="invoice_date")]
    if not invoice_number:
        findings.append(Finding(rules.SUPPLY_RULE, _("Give the invoice number of the purchase: a card series records "
                                                     "where it was bought (30 DCMR 1403.1)."), field="invoice_number"))
    number = seller_license_number.upper()
    supplier = report_checks.suppliers({number}).get(number) if number else None
    findings += rules.seller_licensed(source=source, number=number, on=invoice_date, supplier=supplier)
    return findings


@transaction.atomic
def series_create(*, actor, organization, code: str, size: int | None = None, source: str = SeriesSource.VENDOR,
                  seller_license_number: str = "", invoice_number: str = "",
                  invoice_date: dt.date | None = None) -> CardSeries:
    """A new series of distinct faces; the seed comes from the system's secure RNG so nobody
    can choose or predict the faces (30 DCMR 1405.5: cards sold at random). Its source is recorded: a vendor
    licensed on the invoice date, another licensed organization (used), or the organization's own printing
    where the Board has allowed it (30 DCMR 1403.1)."""
    _require(actor, organization.pk, PLANNER_ROLES,
             _("Only the organization's officers or members in charge may create card series."))
    code = (code or "").strip()
    size = settings.BINGO_SERIES_SIZE if size is None else size
    seller_license_number = (seller_license_number or "").strip().upper()
    invoice_number = (invoice_number or "").strip()
    errors = {}
    if not code:
        errors["code"] = _("Give the series a code, as printed on its cards (30 DCMR 1404.1(c)).")
    elif CardSeries.objects.filter(organization=organization, code=code).exists():
        errors["code"] = _("The organization already has a series %(code)s.") % {"code": code}
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_SERIES_SIZE:
        errors["size"] = _("A series has 1 to %(max)s faces.") % {"max": f"{MAX_SERIES_SIZE:,}"}
    if source not in SeriesSource.values:
        errors["source"] = _("Choose where the cards come from (30 DCMR 1403.1).")
    for name, value in (("seller_license_number", seller_license_number), ("invoice_number", invoice_number)):
        if len(value) > SOURCE_FIELDS_MAX[name]:
            errors[name] = _("At most %(max)s characters.") % {"max": SOURCE_FIELDS_MAX[name]}
    if invoice_date is not None and not isinstance(invoice_date, dt.date):
        errors["invoice_date"] = _("Give the invoice date as a date.")
    if errors:
        raise ValidationError(errors, code="invalid")
    findings = _source_findings(source=source, seller_license_number=seller_license_number,
                                invoice_number=invoice_number, invoice_date=invoice_date)
    if findings:
        raise RuleViolation(findings)
    if source == SeriesSource.OWN:  # the Board's decision is the series' source
        seller_license_number, invoice_number, invoice_date = "", "", None
    series = CardSeries.objects.create(organization=organization, code=code, size=size,
                                       seed=secrets.randbits(62), created_by=actor, source=source,
                                       seller_license_number=seller_license_number, invoice_number=invoice_number,
                                       invoice_date=invoice_date)
    events.series_created(actor=actor, organization=organization, series=series)
    return series


def _sale_game(game: Game, operation: Operation) -> rules.SaleGame:
    return rules.SaleGame(number=game.number, game_type=game.game_type, status=game.status,
                                of_operation=game.operation_id == operation.pk)


def default_games(operation: Operation, colour: str) -> list[Game]:
    """The games a card of the colour plays when the seller names none (bingo.rules.plays)."""
    games = Game.objects.filter(operation=operation).order_by("number")
    return [game for game in games if rules.plays(colour, _sale_game(game, operation))]


def _cutoff_finding(operation: Operation, colour: str) -> Finding | None:
    """30 DCMR 1405.20: once 3/4 of the scheduled games (early birds excluded) are played, no
    regular cards or supplies are sold; special cards still are."""
    if colour == CardColour.SPECIAL:
        return None
    scheduled = Game.objects.filter(operation=operation).exclude(game_type=GameType.EARLY_BIRD)
    total = scheduled.count()
    played = scheduled.filter(status=GameStatus.CLOSED).count()
    if total and played * 4 >= total * 3:
        return Finding("30 DCMR 1405.20", _(
            "%(played)s of the %(total)s scheduled games have been played: after three quarters of them no "
            "regular or extra regular cards are sold, only special cards (30 DCMR 1405.20).")
            % {"played": played, "total": total}, field="colour")
    return None


def _overlap_finding(series: CardSeries, first_face: int, last_face: int, games: list[Game]) -> Finding | None:
    """A face is sold once per game: two players holding the same face could both claim it."""
    clash = (CardSale.objects.filter(series=series, voided_at__isnull=True, first_face__lte=last_face,
                                     last_face__gte=first_face, games__in=games)
             .order_by("first_face").first())
    if clash is None:
        return None
    numbers = sorted(g.number for g in clash.games.all() if g in games)
    return Finding("30 DCMR 1404.1(h)", _(
        "Faces %(first)s-%(last)s of series %(series)s were already sold for game %(games)s (sale %(sale)s); "
        "each face is sold once per game and every sale is recorded (30 DCMR 1404.1(h)).") % {
        "first": max(first_face, clash.first_face), "last": min(last_face, clash.last_face),
        "series": series.code, "games": ", ".join(map(str, numbers)), "sale": clash.pk}, field="first_face")


def _games_and_findings(operation: Operation, colour: str, games) -> tuple[list[Game], list[Finding]]:
    """The games the faces play and what the rules of 30 DCMR 1405.2-1405.4 say of them. Regular and extra
    regular cards play the games the rule gives them; a list that disagrees is refused, not corrected."""
    # Re-read the games: the caller's objects may be stale, and a game closed meanwhile must count as closed.
    chosen = list(Game.objects.filter(pk__in=[game.pk for game in games]).order_by("number")) if games else []
    operation_games = list(Game.objects.filter(operation=operation).order_by("number"))
    findings = rules.sale_games(colour, [_sale_game(g, operation) for g in chosen],
                                      [_sale_game(g, operation) for g in operation_games])
    played = chosen or [g for g in operation_games if rules.plays(colour, _sale_game(g, operation))]
    return played, findings


@transaction.atomic
def sale_record(*, actor, operation: Operation, series: CardSeries, first_face: int, price_each: Decimal,
                last_face: int | None = None, colour: str = CardColour.REGULAR, games=None,
                hall: Hall | None = None, buyer: str = "", age_declared: bool = False) -> CardSale:
    """Record faces first_face..last_face (one face when last_face is None) sold for some games, at a
    price each within the caps of the operation's class (30 DCMR 1402, 1408.10). `buyer`, when the seller
    knows it, is the player's name: a worker on duty is not sold cards (30 DCMR 1401.2), and a named player buys one
    regular card, the admission's (1402.3). The player declares being 18 or older (`age_declared`, 1702.1)."""
    organization = operation.license.organization
    _require(actor, organization.pk, SELLER_ROLES,
             _("Only the organization's checkers, officers or members in charge may sell cards (30 DCMR 1401.4)."))
    # The series row lock serializes sales of one series, so two sellers cannot sell the same face.
    series = CardSeries.objects.select_for_update().get(pk=series.pk)
    last_face = first_face if last_face is None else last_face
    buyer = (buyer or "").strip()
    findings: list[Finding] = []
    if operation.is_training:  # bingo.live.training: practice sells nothing, which is why it may run at any hour
        findings.append(Finding("30 DCMR 1200.1", _(
            "A training operation sells no cards: training play has no sales, no prizes and no report, and a card "
            "sold for it would be bingo outside licensed play (30 DCMR 1200.1)."), field="operation"))
    if series.organization_id != organization.pk:
        findings.append(Finding("30 DCMR 1404.1", _(
            "Series %(series)s is not this organization's: it sells only its own cards (30 DCMR 1404.1).")
            % {"series": series.code}, field="series"))
    if colour not in CardColour.values:
        raise ValidationError({"colour": _("Unknown card colour.")}, code="invalid")
    if len(buyer) > BUYER_MAX_LENGTH:
        raise ValidationError({"buyer": _("At most %(max)s characters.") % {"max": BUYER_MAX_LENGTH}},
                              code="max_length")
    for field, value in (("first_face", first_face), ("last_face", last_face)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= series.size:
            findings.append(Finding("30 DCMR 1404.1", _(
                "Series %(series)s has faces 1 to %(size)s; %(value)s is not one of them.")
                % {"series": series.code, "size": series.size, "value": value}, field=field))
    if not findings and last_face < first_face:
        findings.append(Finding("30 DCMR 1404.1(h)", _("The last face comes after the first face."),
                                field="last_face"))
    price_each = parse_money(price_each, field="price_each")  # digits 0-9, whole cents, not negative
    if hall is not None and hall.operation_id != operation.pk:
        raise ValidationError({"hall": _("The hall is not a hall of this operation.")}, code="invalid")
    games, game_findings = _games_and_findings(operation, colour, games)
    findings += game_findings
    sold_on = timezone.localdate()  # a sale is judged by the caps in force on its day
    findings += rules.sale_price(colour=colour, price_each=price_each,
                                 license_class=operation.license.license_class,
                                 game_types=[game.game_type for game in games], on=sold_on)
    findings += rules.buyer_not_on_duty(buyer, operation.workers.values_list("name", flat=True))
    if isinstance(first_face, int) and isinstance(last_face, int):
        findings += rules.one_regular_card(colour=colour, faces=last_face - first_face + 1, buyer=buyer,
                                           license_class=operation.license.license_class, on=sold_on)
    findings += rules.age_declared(age_declared, sold_on)
    cutoff = _cutoff_finding(operation, colour)
    if cutoff:
        findings.append(cutoff)
    if not findings:
        overlap = _overlap_finding(series, first_face, last_face, games)
        if overlap:
            findings.append(overlap)
    if findings:
        raise RuleViolation(findings)
    sale = CardSale.objects.create(operation=operation, series=series, first_face=first_face, last_face=last_face,
                                   colour=colour, price_each=price_each, hall=hall, buyer=buyer, sold_by=actor,
                                   age_declared=True)
    sale.games.set(games)
    events.cards_sold(actor=actor, organization=organization, sale=sale, first_face=first_face, last_face=last_face,
                      colour=colour, buyer=buyer, series=series, price_each=price_each, hall=hall, games=games)
    return sale


@transaction.atomic
def sale_void(*, actor, sale: CardSale, reason: str) -> CardSale:
    """Take back a mistaken sale: its faces may be sold again; the record stays with the reason."""
    sale = CardSale.objects.select_for_update().select_related("operation__license").get(pk=sale.pk)
    organization = sale.operation.license.organization
    _require(actor, organization.pk, SELLER_ROLES,
             _("Only the organization's checkers, officers or members in charge may void a card sale."))
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Give the reason for voiding the sale.")}, code="required")
    if sale.voided_at is not None:
        raise ValidationError(_("This sale is already void."), code="already_void")
    sale.voided_at = timezone.now()
    sale.void_reason = reason[:300]
    sale.save(update_fields=["voided_at", "void_reason"])
    events.card_sale_voided(actor=actor, organization=organization, sale=sale)
    return sale
