"""Sending what an operation recorded to its financial report (30 DCMR 1404.1(h), 1413.1).

An operation has no moment of its own at which it ends (a planned game may stay unplayed), so the hand-over
is the planner's explicit act, "Send to the financial report", on the operation's page: the organization
sees when its record went over. It is sent once the day's operations have ended (their planned hours: no report
before its event, licensing.reports.event_end), and again whenever wanted; each sending replaces the record, and
the draft's parts the organization has not changed since take the new figures (licensing.reports.services
.report_recorded_handover, which bingo calls: the base never reads a module).

What goes over is what the sales register and the games' logs hold, and nothing else:
- the cards sold, by colour, price and series (faces of sales not voided), with the first and last face;
- each closed game: its number, type, pattern, the prize paid (the shares of the close event, 1406.2), the
  winners paid, and how the payout desk paid them (bingo.live.payouts.games_paid: by check with the checks' numbers,
  in cash, by annuity, or "not yet paid" while a winner is still to be paid; whether a winner asked for a check,
  1408.5);
- the retail value of the door prizes on the program sheet (1405.1), the planned hours, the member in charge.
The report is one per license and day, so the hand-over covers every operation of the license that day.
A training operation sells nothing, pays nothing and reports nothing (bingo.live.training)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import F, Max, Min, Sum
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from bingo.live import events
from bingo.live.payouts import games_paid
from bingo.models import CardColour, CardSale, EventKind, Game, GameEvent, GameStatus, Operation
from bingo.selectors import PLANNER_ROLES
from core.findings import Finding, RuleViolation
from licensing.licenses.rules import window
from licensing.models import Report
from licensing.reports.event_end import ended_findings
from licensing.reports.services import report_recorded_handover
from licensing.selectors import has_role

REPORT_RULE = "30 DCMR 1413.1"
COLOUR_ORDER = {colour: index for index, colour in enumerate(CardColour.values)}


def source_of(operation: Operation) -> str:
    return f"bingo.operation:{operation.pk}"


def _day_operations(operation: Operation) -> list[Operation]:
    return list(Operation.objects.filter(license_id=operation.license_id, date=operation.date, is_training=False)
                .order_by("starts_at", "pk"))


def _card_sales(operations: list[Operation]) -> list[dict]:
    rows = (CardSale.objects.filter(operation__in=operations, voided_at__isnull=True)
            .values("colour", "price_each", "series__code")
            .annotate(faces=Sum(F("last_face") - F("first_face") + 1), first=Min("first_face"),
                      last=Max("last_face")))
    rows = sorted(rows, key=lambda r: (COLOUR_ORDER.get(r["colour"], 99), r["price_each"], r["series__code"]))
    return [{"kind": row["colour"], "count": int(row["faces"]), "price": format(row["price_each"], "f"),
             "first_serial": f"{row['series__code']} {row['first']}",
             "last_serial": f"{row['series__code']} {row['last']}"} for row in rows]


def _games(operations: list[Operation]) -> list[dict]:
    order = {operation.pk: index for index, operation in enumerate(operations)}
    games = sorted(Game.objects.filter(operation__in=operations, status=GameStatus.CLOSED).select_related("pattern"),
                   key=lambda game: (order[game.operation_id], game.number))
    closes = dict(GameEvent.objects.filter(game__in=games, kind=EventKind.CLOSE).values_list("game_id", "payload"))
    paid = games_paid(games)
    rows = []
    for game in games:
        result = closes.get(game.pk) or {}
        rows.append({"number": game.number, "game_type": game.game_type, "pattern": game.pattern.name_en,
                     "prize": format(Decimal(result.get("total_paid") or "0.00"), "f"),
                     "winners": int(result.get("winners") or 0), **paid.get(game.pk, {})})
    return rows


def operation_recorded(operation: Operation) -> dict:
    """The report document of what the license's operations of that day recorded: only the parts, and in
    them only the fields, the records hold (licensing.reports.content)."""
    operations = _day_operations(operation)
    recorded: dict = {
        "operation": {"starts_at": min(o.starts_at for o in operations).strftime("%H:%M"),
                      "ends_at": max(o.ends_at for o in operations).strftime("%H:%M")},
        "card_sales": _card_sales(operations),
        "games": _games(operations),
    }
    door_prizes = sum((o.door_prizes_value for o in operations), Decimal("0.00"))
    if door_prizes:
        with translation.override("en"):  # a regulated record, in English like the report's PDF
            recorded["door_prizes"] = [{"description": _("Door prizes"),
                                        "retail_value": format(door_prizes, "f")}]
    if operation.member_in_charge:
        recorded["attestation"] = {"member_in_charge": operation.member_in_charge}
    return recorded


def operations_end(operations: list[Operation]) -> dt.datetime:
    """When the last of the day's operations ends (its planned hours; an end past midnight is the next day)."""
    ends = [window(o.date, o.starts_at, o.ends_at)[1] for o in operations]
    return timezone.make_aware(max(ends), timezone.get_current_timezone())


def _refuse_unready(operation: Operation, operations: list[Operation]) -> None:
    if operation.is_training:
        raise RuleViolation(Finding(REPORT_RULE, _(
            "A training operation sells no card and pays no prize: it has no financial report (30 DCMR 1413.1)."),
            field="operation"))
    live = Game.objects.filter(operation__in=operations, status=GameStatus.LIVE).order_by("number").first()
    if live is not None:
        raise ValidationError({"operation": _(
            "Game %(number)s is in play: close it before sending the operation's record to the financial "
            "report.") % {"number": live.number}}, code="game_in_play")
    played = Game.objects.filter(operation__in=operations, status=GameStatus.CLOSED).exists()
    if not played and not CardSale.objects.filter(operation__in=operations, voided_at__isnull=True).exists():
        raise ValidationError({"operation": _(
            "Nothing is recorded yet: no card was sold and no game closed.")}, code="nothing_recorded")


@transaction.atomic
def operation_report_send(*, actor, operation: Operation) -> Report:
    """Send the operation's record to the financial report of its day (a draft is opened if there is none);
    the planners of the organization send it, again whenever they want the report to hold the latest record."""
    operation = Operation.objects.select_for_update().select_related("license__organization").get(pk=operation.pk)
    if not has_role(user=actor, organization_id=operation.license.organization_id, roles=PLANNER_ROLES):
        raise PermissionDenied(_("Only the organization's officers and members in charge may send an operation "
                                 "to its financial report."))
    operations = [operation] if operation.is_training else _day_operations(operation)
    _refuse_unready(operation, operations)
    ends_at = operations_end(operations)
    # No report before its event: the day's operations are over before their record goes to the report.
    not_over = ended_findings(ends_at=ends_at, action=_("Not sent to the financial report"))
    if not_over:
        raise RuleViolation(not_over)
    recorded = operation_recorded(operation)
    report = report_recorded_handover(license=operation.license, event_date=operation.date,
                                      source=source_of(operation), recorded=recorded, ends_at=ends_at)
    events.operation_report_sent(actor=actor, operation=operation, report=report, operations=operations,
                                 recorded=recorded)
    return report
