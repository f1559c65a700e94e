"""The audit events of bingo/cards, one typed function each."""

from decimal import Decimal

from django.conf import settings

from bingo.models import (
    CardSale,
    CardSeries,
    CharityTicketSale,
    CharityTicketStock,
    Game,
    Hall,
    Operation,
    SeriesSource,
)
from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, Organization, User


def series_created(*, actor: User, organization: Organization, series: CardSeries) -> AuditEvent:
    payload = {
        "code": series.code,
        "size": series.size,
        "source": series.source,
        "seller_license_number": series.seller_license_number,
        "invoice_number": series.invoice_number,
        "invoice_date": series.invoice_date.isoformat() if series.invoice_date else None,
    }
    if series.source == SeriesSource.OWN:
        payload["board_decision"] = settings.BINGO_OWN_SERIES_REASON
    return audit_event_record(
        event_type="bingo.series_created", actor=actor, organization=organization, target=series, payload=payload
    )


def cards_sold(
    *,
    actor: User,
    organization: Organization,
    sale: CardSale,
    first_face: int,
    last_face: int | None,
    colour: str,
    buyer: str,
    series: CardSeries,
    price_each: Decimal,
    hall: Hall | None,
    games: list[Game],
) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.cards_sold",
        actor=actor,
        organization=organization,
        target=sale,
        payload={
            "series": series.code,
            "first_face": first_face,
            "last_face": last_face,
            "colour": colour,
            "games": sorted(g.number for g in games),
            "price_each": str(price_each),
            "hall": hall.pk if hall else None,
            "buyer": buyer,
            "age_declared": True,
        },
    )


def card_sale_voided(*, actor: User, organization: Organization, sale: CardSale) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.card_sale_voided",
        actor=actor,
        organization=organization,
        target=sale,
        payload={"reason": sale.void_reason, "first_face": sale.first_face, "last_face": sale.last_face},
    )


def charity_stock_received(
    *,
    actor: User,
    organization: Organization,
    stock: CharityTicketStock,
    source: str,
    tickets: int,
    vendor_license_number: str,
    invoice_number: str,
) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.charity_stock_received",
        actor=actor,
        organization=organization,
        target=stock,
        payload={
            "deal": stock.deal,
            "source": source,
            "tickets": tickets,
            "vendor_license_number": vendor_license_number,
            "invoice_number": invoice_number,
        },
    )


def charity_tickets_sold(
    *, actor: User, operation: Operation, sale: CharityTicketSale, count: int, stock: CharityTicketStock
) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.charity_tickets_sold",
        actor=actor,
        organization=operation.license.organization,
        target=sale,
        payload={"deal": stock.deal, "count": count, "price_each": str(stock.price_each)},
    )


def charity_tickets_returned(*, actor: User, operation: Operation, stock: CharityTicketStock, count: int) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.charity_tickets_returned",
        actor=actor,
        organization=operation.license.organization,
        target=stock,
        payload={"deal": stock.deal, "returned": count},
    )


def charity_sample_approved(*, actor: User, stock: CharityTicketStock) -> AuditEvent:
    return audit_event_record(
        event_type="bingo.charity_sample_approved",
        actor=actor,
        organization=stock.operation.license.organization,
        target=stock,
        payload={"deal": stock.deal},
    )
