"""A bingo operation as a hall kit carries it (licensing.hall): the operation's terms, its halls, games (with their
patterns' masks, so the hall judges claims without the pattern library), the organization's card series (the seeds
the faces are dealt from, so the hall reads any sold face), the sales already recorded and the workers on duty.
Registered with licensing.hall.kinds when bingo starts; the officers and members in charge who plan an operation
prepare its kit."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Prefetch
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from bingo.live.payouts import operation_payouts_open
from bingo.live.report_handover import operation_report_send
from bingo.models import (
    CardSale,
    CardSeries,
    CharityTicketSale,
    CharityTicketStock,
    Game,
    MultiHallAgreement,
    Operation,
)
from bingo.planning.selectors import operation_get_for_planning, operation_list
from bingo.selectors import PLANNER_ROLES
from licensing.hall.kinds import KitEvent, KitKind
from licensing.selectors import organization_ids_with_roles

KIND = "bingo"


def _event(operation: Operation) -> KitEvent:
    return KitEvent(kind=KIND, pk=operation.pk, license=operation.license, date=operation.date,
                    title=_("Bingo under license %(number)s") % {"number": operation.license.number},
                    starts_at=operation.starts_at, ends_at=operation.ends_at,
                    place=str(operation.premises) if operation.premises_id else "", training=operation.is_training,
                    url=reverse("bingo:operation_detail", args=[operation.pk]))


def kit_events(*, user, today) -> list[KitEvent]:
    operations = operation_list(user=user).filter(
        date__gte=today, license__organization_id__in=organization_ids_with_roles(user=user, roles=PLANNER_ROLES))
    return [_event(operation) for operation in operations.select_related("license__organization", "premises")]


def kit_event(*, user, pk: int) -> KitEvent:
    return _event(operation_get_for_planning(user=user, pk=pk))


def kit_plan(event: KitEvent) -> dict:
    operation = Operation.objects.select_related("license").get(pk=event.pk)
    games = Game.objects.filter(operation=operation).select_related("pattern").order_by("number")
    sales = CardSale.objects.filter(operation=operation, voided_at__isnull=True).select_related(
        "series", "hall").prefetch_related(Prefetch("games", queryset=Game.objects.only("number"))).order_by("pk")
    return {
        "operation": {"house_rules": operation.house_rules, "member_in_charge": operation.member_in_charge,
                      "door_prizes_value": str(operation.door_prizes_value), "rooms": operation.rooms,
                      "caller_in_largest_room": operation.caller_in_largest_room,
                      "caller_visible": operation.caller_visible, "cash_prizes_only": operation.cash_prizes_only},
        "halls": [{"name": hall.name, "key": hall.key, "drawing_location": hall.is_drawing_location,
                   "premises": str(hall.premises) if hall.premises_id else ""}
                  for hall in operation.halls.select_related("premises").order_by("pk")],
        "games": [{"number": game.number, "type": game.game_type, "license_class": game.license_class,
                   "prize": str(game.prize), "card_price": str(game.card_price), "status": game.status,
                   "pattern": {"slug": game.pattern.slug, "name_en": game.pattern.name_en,
                               "name_es": game.pattern.name_es, "masks": game.pattern.masks}} for game in games],
        "series": [{"code": series.code, "seed": series.seed, "size": series.size, "source": series.source}
                   for series in CardSeries.objects.filter(organization_id=operation.license.organization_id)
                   .order_by("code", "pk")],
        "sales": [{"series": sale.series.code, "first_face": sale.first_face, "last_face": sale.last_face,
                   "colour": sale.colour, "price_each": str(sale.price_each), "hall": sale.hall.key if sale.hall_id
                   else None, "games": sorted(game.number for game in sale.games.all())} for sale in sales],
        "workers": [{"name": worker.name, "duty": worker.duty}
                    for worker in operation.workers.order_by("duty", "name", "pk")],
    }


def kit_rows(pk: int) -> list:
    """The operation's rows for the hall server: the operation, its halls and their premises, its games and their
    patterns, the organization's card series, multi-hall agreements and the sales and charity ticket stock already
    recorded, and the workers on duty."""
    operation = Operation.objects.select_related("premises", "license").get(pk=pk)
    halls = list(operation.halls.select_related("premises").order_by("pk"))
    games = list(Game.objects.filter(operation=operation).select_related("pattern").order_by("number"))
    organization_id = operation.license.organization_id
    premises = {place.pk: place for place in [operation.premises, *(hall.premises for hall in halls)] if place}
    return [*premises.values(), operation, *halls, *{game.pattern_id: game.pattern for game in games}.values(),
            *games, *CardSeries.objects.filter(organization_id=organization_id).order_by("pk"),
            *MultiHallAgreement.objects.filter(organization_id=organization_id).order_by("pk"),
            *CardSale.objects.filter(operation=operation).order_by("pk"),
            *CharityTicketStock.objects.filter(operation=operation).order_by("pk"),
            *CharityTicketSale.objects.filter(stock__operation=operation).order_by("pk"),
            *operation.workers.order_by("pk")]


def kit_received(pk: int, actor) -> None:
    """The Board took the hall's records in: the operation's record goes to its financial report as the planner's
    "Send to the financial report" sends it (bingo.live.report_handover), once the day's operations are over. Before
    then, or for a training operation, the report waits for a later bundle or the planner's own sending."""
    operation = Operation.objects.get(pk=pk)
    if operation.is_training:
        return
    try:
        operation_report_send(actor=actor, operation=operation)
    except (PermissionDenied, ValidationError):
        return


def kit_payout_sessions(pk: int) -> list[str]:
    """Each game of the operation is a session of the payout desk (licensing.models.Payout.session)."""
    return [f"bingo.game:{game}" for game in Game.objects.filter(operation_id=pk).order_by("pk")
            .values_list("pk", flat=True)]


def kit_page(pk: int) -> str:
    return reverse("bingo:operation_detail", args=[pk])


KIT_KIND = KitKind(name=KIND, label=gettext_lazy("Bingo operation"), events=kit_events, event=kit_event,
                   plan=kit_plan, rows=kit_rows, page=kit_page, received=kit_received, log_scope="operation",
                   payouts=operation_payouts_open,
                   # Playing a game changes its status (its head is the Board's to set); the hall sells cards and
                   # charity tickets, and voids a sale.
                   state={"bingo.game": ("status",)},
                   made=("bingo.cardsale", "bingo.charityticketsale"), payout_sessions=kit_payout_sessions)
