"""A submitted report's rows as the database queries them (licensing.models.ReportLine): one line per row of the
list sections, with its amount, quantity, date and vendor license read the same way whatever the section."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from licensing.reports.content.schema import SCHEMAS, TEXT_MAX
from licensing.reports.content.totals import amount

LINE_SECTIONS = {"card_sales", "charity_tickets", "games", "door_prizes", "expenses", "reimbursements",
                 "disbursements", "prizes", "chips"}
_LINE_AMOUNT = {"card_sales": "price", "charity_tickets": "price", "games": "prize", "door_prizes": "retail_value",
                "expenses": "amount", "reimbursements": "amount", "disbursements": "amount", "prizes": "value"}
_LINE_QUANTITY = {"card_sales": "count", "charity_tickets": "sold", "games": "winners", "chips": "chips"}
_LINE_TEXT = {"card_sales": "kind", "charity_tickets": "series", "games": "pattern", "door_prizes": "description",
              "expenses": "payee", "reimbursements": "worker", "disbursements": "payee", "prizes": "description",
              "chips": "participant"}
_LINE_DATE = {"expenses": "purchase_date", "disbursements": "date", "prizes": "date"}


@dataclass(frozen=True)
class Line:
    section: str
    position: int
    description: str
    category: str
    amount: Decimal
    quantity: int | None
    on_date: dt.date | None
    vendor_license: str
    data: dict


def lines(kind: str, data: dict) -> list[Line]:
    found: list[Line] = []
    for section_ in SCHEMAS[kind]:
        if section_.name not in LINE_SECTIONS:
            continue
        for position, row in enumerate(data.get(section_.name, []), start=1):
            on = row.get(_LINE_DATE.get(section_.name, ""))
            found.append(Line(
                section=section_.name, position=position,
                description=(row.get(_LINE_TEXT[section_.name]) or "")[:TEXT_MAX],
                category=row.get("category") or row.get("game_type") or row.get("game") or "",
                amount=amount(row.get(_LINE_AMOUNT.get(section_.name, ""))),
                quantity=row.get(_LINE_QUANTITY.get(section_.name, "")),
                on_date=dt.date.fromisoformat(on) if on else None,
                vendor_license=(row.get("vendor_license") or "").upper(),
                data=row))
    return found
