"""The figures the dashboards add up, and the shares of the handle that 30 DCMR 1400.9(e) has an organization post
at the point where bingo cards are sold: the approximate percentage of the handle paid in prizes, used for the
lawful purpose and spent on expenses. Pure: no database.

The handle is what 30 DCMR 9900 calls it: the gross receipts from bingo cards (licensing.reports.content.totals.handle),
not charity game tickets, whose sales and prizes are figures of their own, shown on their own line. So the shares
leave the tickets out: the prizes' share is of the cards' prizes (all prizes less those the tickets paid), and the
lawful purpose's share is the cards' net proceeds (handle less those prizes and the expenses, what 30 DCMR 1411.3
has the organization use for its purpose), not what the reports show already paid out, so the three add up to
the whole."""

from __future__ import annotations

from dataclasses import dataclass, fields
from decimal import ROUND_HALF_UP, Decimal

RULE = "30 DCMR 1400.9(e)"
ZERO = Decimal("0.00")
PERCENT_PLACES = Decimal("0.1")  # "approximate": one decimal is plenty and adds up to 100.0 within rounding
MONEY_FIGURES = ("handle", "charity_tickets", "charity_ticket_prizes", "gross_receipts", "prizes", "expenses",
                 "net_proceeds", "disbursed")


def percent(part: Decimal, whole: Decimal) -> Decimal | None:
    """part as a percentage of whole, to one decimal (half up); None when there is no whole to share."""
    if not whole:
        return None
    return (Decimal(part) * 100 / Decimal(whole)).quantize(PERCENT_PLACES, rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class Shares:
    prizes: Decimal | None
    lawful_purpose: Decimal | None
    expenses: Decimal | None

    def as_dict(self) -> dict[str, Decimal | None]:
        return {"prizes": self.prizes, "lawful_purpose": self.lawful_purpose, "expenses": self.expenses}


@dataclass(frozen=True)
class Figures:
    """The sums of a set of submitted reports (one month, one year, one organization, everything)."""

    reports: int = 0
    handle: Decimal = ZERO
    charity_tickets: Decimal = ZERO
    charity_ticket_prizes: Decimal = ZERO
    gross_receipts: Decimal = ZERO
    prizes: Decimal = ZERO
    expenses: Decimal = ZERO
    net_proceeds: Decimal = ZERO
    disbursed: Decimal = ZERO

    @classmethod
    def of(cls, row: dict) -> Figures:
        """From an aggregate row (a Sum over no rows is None)."""
        return cls(reports=row.get("reports") or 0,
                   **{name: row.get(name) if row.get(name) is not None else ZERO for name in MONEY_FIGURES})

    def __add__(self, other: Figures) -> Figures:
        return Figures(**{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)})

    @property
    def shares(self) -> Shares:
        card_prizes = self.prizes - self.charity_ticket_prizes
        return Shares(prizes=percent(card_prizes, self.handle),
                      lawful_purpose=percent(self.handle - card_prizes - self.expenses, self.handle),
                      expenses=percent(self.expenses, self.handle))

    @property
    def charity_ticket_net(self) -> Decimal:
        return self.charity_tickets - self.charity_ticket_prizes

    def as_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def added(figures) -> Figures:
    total = Figures()
    for one in figures:
        total += one
    return total
