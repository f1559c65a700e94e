"""The vendor cross-check's flag (30 DCMR 1207.2(e)): a vendor's declared prior-year gross sales and the supplies
organizations reported buying from it are flagged for staff when they differ by more than a share of the declared
amount (vendor.declared_sales_gap_share, DC's 10%) AND by more than an amount (vendor.declared_sales_gap_amount, DC's
$1,000.00), both strictly: the Board's register's figures in force on the day the declaration was filed."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from licensing.register.kinds import MONEY, PERCENT, shown
from licensing.register.values import value

DECLARED_RULE = "30 DCMR 1207.2(e)"
HUNDRED = 100  # the register holds the share as a percent


def gap_figures(on: dt.date | None = None) -> dict[str, str]:
    """The two figures in force on `on` as a reader sees them, for the page that explains the flag."""
    return {"share": shown(PERCENT, value("vendor.declared_sales_gap_share", on)),
            "amount": shown(MONEY, value("vendor.declared_sales_gap_amount", on))}


def flagged(*, declared: Decimal | None, reported: Decimal, on: dt.date | None = None) -> bool:
    """More than the share of the declared amount apart, and more than the amount apart (both strictly), by the
    figures in force on `on` (the day the declaration was filed; the register's day when not given)."""
    if declared is None:
        return False
    difference = abs(reported - declared)
    share = value("vendor.declared_sales_gap_share", on) / HUNDRED
    return difference > declared * share and difference > value("vendor.declared_sales_gap_amount", on)
