"""The sums of a cleaned report: the handle, the charity game tickets, gross receipts, prizes (and the cash prizes
the deposit may leave out), expenses, net proceeds and what was disbursed; the one place each is computed."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from licensing.reports.content.schema import BINGO, RAFFLE

ZERO = Decimal("0.00")


def amount(value) -> Decimal:
    return Decimal(value) if value not in (None, "") else ZERO


def count(value) -> int:
    return value or 0


def _sum(rows, key) -> Decimal:
    return sum((amount(row.get(key)) for row in rows), ZERO)


@dataclass(frozen=True)
class Totals:
    handle: Decimal  # 30 DCMR 9900: bingo card sales only (see handle()); the 1400.9(e) shares are of it
    charity_tickets: Decimal  # charity game tickets sold (1409): a receipt, not handle, reported as its own line
    charity_ticket_prizes: Decimal  # the prizes those tickets paid
    gross_receipts: Decimal  # every receipt of the event (9900, 1411.1): the handle and the charity tickets
    prizes: Decimal  # cash prizes, charity ticket prizes and the retail value of door prizes / prize values
    cash_prizes: Decimal  # prizes paid in cash out of receipts (what 1411.1 lets the deposit leave out)
    expenses: Decimal  # expenses and worker reimbursements
    net_proceeds: Decimal  # gross receipts less prizes and expenses: what the lawful purpose is owed
    disbursed: Decimal  # what the report shows paid to the lawful purpose

    def as_dict(self) -> dict[str, Decimal]:
        return dict(self.__dict__)


def handle(kind: str, data: dict) -> Decimal:
    """The handle, the one place it is computed. 30 DCMR 9900: "the gross receipts from the sale of all bingo
    cards, including regular, extra regular, special and multi-hall cards": the admissions (each sells the regular
    card, 1402.1) and every card sold; not charity game tickets (1409), which are receipts reported as their own
    line. The definition names bingo cards only; a raffle's or a Monte Carlo Night's handle is what its players
    paid to play (tickets sold, admissions), so the Board's shares of every kind read alike."""
    if kind == BINGO:
        admissions = amount(data["admissions"]["price"]) * count(data["admissions"]["count"])
        return admissions + sum((amount(r["price"]) * count(r["count"]) for r in data["card_sales"]), ZERO)
    if kind == RAFFLE:
        return amount(data["tickets"]["price"]) * count(data["tickets"]["sold"])
    return amount(data["attendance"]["admission_price"]) * count(data["attendance"]["admissions"])


def charity_ticket_sales(data: dict) -> Decimal:
    """What the charity game tickets sold took in (1404.1(h) counts them apart from the cards)."""
    return sum((amount(r["price"]) * count(r["sold"]) for r in data.get("charity_tickets", [])), ZERO)


def totals(kind: str, data: dict) -> Totals:
    """The computed figures of a cleaned report."""
    expenses = _sum(data.get("expenses", []), "amount") + _sum(data.get("reimbursements", []), "amount")
    disbursed = _sum(data.get("disbursements", []), "amount")
    tickets, ticket_prizes = ZERO, ZERO
    if kind == BINGO:
        tickets, ticket_prizes = charity_ticket_sales(data), _sum(data["charity_tickets"], "prizes_paid")
        cash_prizes = _sum(data["games"], "prize") + ticket_prizes
        prizes = cash_prizes + _sum(data["door_prizes"], "retail_value")
    else:
        cash_prizes = prizes = _sum(data["prizes"], "value")
    played = handle(kind, data)
    gross = played + tickets
    return Totals(handle=played, charity_tickets=tickets, charity_ticket_prizes=ticket_prizes, gross_receipts=gross,
                  prizes=prizes, cash_prizes=cash_prizes, expenses=expenses, net_proceeds=gross - prizes - expenses,
                  disbursed=disbursed)
