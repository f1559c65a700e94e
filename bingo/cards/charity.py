"""Writes of charity game tickets at a bingo operation (30 DCMR 1409.1-1409.4): a deal received (bought from the
Board, or from a licensed vendor when the Board has none, 1409.2), the Board's approval of a vendor's sample
(1409.3), the sales (not at Class D, 1409.1; only to a player who declared being 18 or older, 1702.1; an exact count,
1404.1(h)) and the return of the unsold tickets to the Board for destruction (1409.4).

1409.4 excepts "events licensed under 1204.1" from the return; the return is recorded here whenever it is made, and
once made nothing more of the deal is sold. Each service checks the role and the rules before it writes, in one
transaction, with an audit event."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from bingo.cards import events, rules
from bingo.cards.services import SELLER_ROLES, _require
from bingo.models import CharityTicketSale, CharityTicketStock, Operation, TicketSource
from bingo.selectors import PLANNER_ROLES
from core.findings import Finding, RuleViolation
from core.money import parse_money
from licensing.reports import checks as report_checks


def sold_count(stock: CharityTicketStock) -> int:
    return CharityTicketSale.objects.filter(stock=stock).aggregate(n=Sum("count"))["n"] or 0


def unsold_count(stock: CharityTicketStock) -> int:
    return stock.tickets - sold_count(stock) - (stock.returned or 0)


@transaction.atomic
def stock_receive(*, actor, operation: Operation, deal: str, tickets: int, price_each, source: str = TicketSource.BOARD,
                  vendor_license_number: str = "", invoice_number: str = "",
                  invoice_date: dt.date | None = None) -> CharityTicketStock:
    """A deal of tickets for the operation: from the Board, or from a vendor licensed on the invoice date (1409.2)."""
    organization = operation.license.organization
    _require(actor, organization.pk, PLANNER_ROLES,
             _("Only the organization's officers or members in charge receive charity game tickets."))
    deal, vendor_license_number = (deal or "").strip(), (vendor_license_number or "").strip().upper()
    invoice_number = (invoice_number or "").strip()
    errors = {}
    if not deal:
        errors["deal"] = _("Give the deal or series printed on the tickets (30 DCMR 1404.1(h)).")
    if isinstance(tickets, bool) or not isinstance(tickets, int) or not 1 <= tickets <= 100_000:
        errors["tickets"] = _("A deal has 1 to 100,000 tickets.")
    if source not in TicketSource.values:
        errors["source"] = _("Choose where the tickets come from (30 DCMR 1409.2).")
    if len(vendor_license_number) > 20 or len(invoice_number) > 60:
        errors["invoice_number"] = _("The license number has at most 20 characters, the invoice number 60.")
    if errors:
        raise ValidationError(errors, code="invalid")
    price_each = parse_money(price_each, field="price_each")
    findings = rules.charity_class(operation.license.license_class)
    if source == TicketSource.VENDOR:
        if not invoice_number:
            findings.append(Finding("30 DCMR 1409.2", _("Give the invoice number of the purchase (30 DCMR 1409.2)."),
                                    field="invoice_number"))
        supplier = report_checks.suppliers({vendor_license_number}).get(vendor_license_number) \
            if vendor_license_number else None
        findings += rules.seller_licensed(source=rules.VENDOR_SOURCE, number=vendor_license_number, on=invoice_date,
                                          supplier=supplier, rule="30 DCMR 1409.2", field="vendor_license_number")
    else:
        vendor_license_number = ""  # the Board's own tickets (1409.2)
    if price_each <= 0:
        findings.append(Finding("30 DCMR 1408.10", _("Give the price of a ticket: nothing is given free "
                                                     "(30 DCMR 1408.10)."), field="price_each"))
    if findings:
        raise RuleViolation(findings)
    stock = CharityTicketStock.objects.create(
        operation=operation, deal=deal[:60], source=source, vendor_license_number=vendor_license_number,
        invoice_number=invoice_number, invoice_date=invoice_date, tickets=tickets, price_each=price_each,
        created_by=actor)
    events.charity_stock_received(actor=actor, organization=organization, stock=stock, source=source, tickets=tickets,
                                  vendor_license_number=vendor_license_number, invoice_number=invoice_number)
    return stock


@transaction.atomic
def sample_approve(*, actor, stock: CharityTicketStock) -> CharityTicketStock:
    """30 DCMR 1409.3: the Board approves the sample of a vendor's tickets (Board staff only)."""
    if not getattr(actor, "is_board_staff", False):
        raise PermissionDenied(_("Only the Board's staff approve a sample of charity game tickets (30 DCMR 1409.3)."))
    stock = CharityTicketStock.objects.select_for_update().select_related("operation__license").get(pk=stock.pk)
    if stock.source != TicketSource.VENDOR:
        raise ValidationError(_("The Board's own tickets need no sample (30 DCMR 1409.3)."), code="board_tickets")
    if stock.sample_approved_at is None:
        stock.sample_approved_at, stock.sample_approved_by = timezone.now(), actor
        stock.save(update_fields=["sample_approved_at", "sample_approved_by"])
        events.charity_sample_approved(actor=actor, stock=stock)
    return stock


@transaction.atomic
def tickets_sell(*, actor, stock: CharityTicketStock, count: int, age_declared: bool = False) -> CharityTicketSale:
    """Sell tickets of a deal at its operation: Class A/B/C only (1409.1), a vendor's only after the Board approved
    the sample (1409.3), never after the unsold were returned (1409.4), to a player who declared being 18 or older
    (1702.1)."""
    stock = CharityTicketStock.objects.select_for_update().select_related("operation__license").get(pk=stock.pk)
    operation = stock.operation
    _require(actor, operation.license.organization_id, SELLER_ROLES,
             _("Only the organization's checkers, officers or members in charge sell charity game tickets."))
    findings = []
    if operation.is_training:
        findings.append(Finding("30 DCMR 1200.1", _("A training operation sells nothing (30 DCMR 1200.1)."),
                                field="operation"))
    findings += rules.charity_class(operation.license.license_class)
    findings += rules.charity_sample_approved(source=stock.source, approved=stock.sample_approved_at is not None)
    findings += rules.charity_sale_count(count=count, unsold=unsold_count(stock), returned=stock.returned is not None)
    findings += rules.age_declared(age_declared)
    if findings:
        raise RuleViolation(findings)
    sale = CharityTicketSale.objects.create(stock=stock, count=count, age_declared=True, sold_by=actor)
    events.charity_tickets_sold(actor=actor, operation=operation, sale=sale, count=count, stock=stock)
    return sale


@transaction.atomic
def tickets_return(*, actor, stock: CharityTicketStock, count: int) -> CharityTicketStock:
    """30 DCMR 1409.4: at the end of the event every unsold ticket goes back to the Board for destruction."""
    stock = CharityTicketStock.objects.select_for_update().select_related("operation__license").get(pk=stock.pk)
    operation = stock.operation
    _require(actor, operation.license.organization_id, SELLER_ROLES,
             _("Only the organization's checkers, officers or members in charge return charity game tickets."))
    if stock.returned is not None:
        raise ValidationError(_("The unsold tickets of this deal are already returned."), code="already_returned")
    findings = rules.charity_return(count=count, unsold=unsold_count(stock))
    if findings:
        raise RuleViolation(findings)
    stock.returned, stock.returned_at, stock.returned_by = count, timezone.now(), actor
    stock.save(update_fields=["returned", "returned_at", "returned_by"])
    events.charity_tickets_returned(actor=actor, operation=operation, stock=stock, count=count)
    return stock
