"""Charity totals for anyone (no sign-in): net proceeds to lawful purposes by year, for the District and per
licensed organization, from submitted reports only (drafts are not yet facts; a superseded version is replaced
by its correction). Aggregated in the database."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Max, Sum
from django.db.models.functions import ExtractYear
from django.utils.translation import gettext as _

from core.money import CENT
from licensing.models import Report, ReportStatus

ZERO = Decimal("0.00")
YEAR_MIN, YEAR_MAX = 2000, 2999


def _submitted():
    return Report.objects.filter(status=ReportStatus.SUBMITTED)


MONEY_KEYS = ("gross_receipts", "net_proceeds", "disbursed")


def _in_cents(row: dict) -> dict:
    """Sums in dollars and cents whatever the database: SQLite's sums come back without their scale ("400")."""
    return {**row, **{key: (row[key] or ZERO).quantize(CENT) for key in MONEY_KEYS}}


@dataclass(frozen=True)
class YearTotal:
    year: int
    reports: int
    organizations: int
    gross_receipts: Decimal
    net_proceeds: Decimal
    disbursed: Decimal


def district_totals() -> list[YearTotal]:
    """The District's totals, one row per year, oldest first."""
    rows = (_submitted().annotate(year=ExtractYear("event_date")).values("year")
            .annotate(reports=Count("id"), organizations=Count("organization_id", distinct=True),
                      gross_receipts=Sum("gross_receipts"), net_proceeds=Sum("net_proceeds"),
                      disbursed=Sum("disbursed"))
            .order_by("year"))
    return [YearTotal(**_in_cents(row)) for row in rows]


def organization_totals(*, year: int) -> list[dict]:
    """Each licensed organization's totals for the year, the largest net proceeds first."""
    return [_in_cents(row) for row in _submitted().filter(event_date__year=year).values("organization_id")
            .annotate(name=Max("license__licensed_name"), reports=Count("id"),
                      gross_receipts=Sum("gross_receipts"), net_proceeds=Sum("net_proceeds"),
                      disbursed=Sum("disbursed"))
            .order_by("-net_proceeds", "name")]


def year_clean(value) -> tuple[int | None, str | None]:
    """The ?year= asked for: (year, None), (None, None) when not given, or (None, error message)."""
    if value in (None, ""):
        return None, None
    if not isinstance(value, str) or not value.isascii() or not value.isdigit() or len(value) != 4:
        return None, _("Enter a year as four digits 0 to 9, such as 2027.")
    year = int(value)
    if not YEAR_MIN <= year <= YEAR_MAX:
        return None, _("Enter a year between %(first)s and %(last)s.") % {"first": YEAR_MIN, "last": YEAR_MAX}
    return year, None
