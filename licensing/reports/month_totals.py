"""The reports' month totals (licensing.ReportMonthTotal): kept as reports are submitted, rebuilt from the reports,
and checked against them. The Board's dashboard reads them (licensing.board.selectors)."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Count, F, Sum
from django.db.models.functions import TruncMonth

from licensing.models import Report, ReportMonthTotal, ReportStatus

FIGURES = ("handle", "charity_tickets", "charity_ticket_prizes", "gross_receipts", "prizes", "expenses",
                "net_proceeds", "disbursed")


def month_total_add(report: Report, *, sign: int) -> None:
    """Add the report's figures to its month's total (sign=1, it comes into force) or take them off (sign=-1,
    it is superseded). Called inside the submitting transaction; an UPDATE with F() so concurrent submissions
    of one month add up instead of overwriting each other."""
    month = report.event_date.replace(day=1)
    change = {name: F(name) + sign * getattr(report, name) for name in FIGURES}
    found = ReportMonthTotal.objects.filter(kind=report.kind, month=month)
    if found.update(reports=F("reports") + sign, **change):
        return
    try:
        with transaction.atomic():
            ReportMonthTotal.objects.create(kind=report.kind, month=month, reports=sign,
                                            **{name: sign * getattr(report, name) for name in FIGURES})
    except IntegrityError:  # another submission created the month meanwhile: add to it
        found.update(reports=F("reports") + sign, **change)


def _from_reports() -> dict[tuple[str, object], dict]:
    rows = (Report.objects.filter(status=ReportStatus.SUBMITTED).annotate(month=TruncMonth("event_date"))
            .values("kind", "month").annotate(reports=Count("pk"), **{name: Sum(name) for name in FIGURES}))
    return {(row["kind"], row["month"]): row for row in rows}


@transaction.atomic
def month_totals_rebuild() -> int:
    """Recompute every month total from the reports in force (after a bulk load, or to repair)."""
    ReportMonthTotal.objects.all().delete()
    rows = [ReportMonthTotal(kind=kind, month=month, reports=row["reports"], **{n: row[n] for n in FIGURES})
            for (kind, month), row in _from_reports().items()]
    ReportMonthTotal.objects.bulk_create(rows)
    return len(rows)


def month_totals_problems() -> list[str]:
    """Where the kept totals differ from the reports (an empty list when they agree)."""
    kept = {(t.kind, t.month): t for t in ReportMonthTotal.objects.all()}
    found = _from_reports()
    problems = []
    for key in sorted(set(kept) | set(found), key=lambda k: (str(k[1]), k[0])):
        total, row = kept.get(key), found.get(key)
        expected = {"reports": row["reports"] if row else 0, **{n: row[n] if row else 0 for n in FIGURES}}
        have = {"reports": total.reports if total else 0, **{n: getattr(total, n) if total else 0 for n in FIGURES}}
        if expected != have:
            problems.append(f"{key[0]} {key[1]:%Y-%m}: kept {have}, reports give {expected}")
    return problems
