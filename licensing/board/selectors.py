"""The Board's compliance dashboard and an organization's own figures, read in the database: sums and counts
grouped by month (and so by year), findings counted by rule, the organizations that take in most, and the
1400.9(e) shares of the handle.

Only the version of a report in force counts (status "submitted"): a draft is not filed yet and a superseded
version is history beside the correction that replaced it. Scope, that of licensing.reports.selectors.report_list:
the Board (staff and members) reads every organization; an organization's filing officers read their own; nobody
else reads any.

Each figure is one aggregate query answered from one covering index (licensing.models.reports, lic_report_figures):
the series is summed by day in the database and the months, the years and the whole are added up from those
few rows (at most 366 a year), so no query returns a row per report and no Python runs per report."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Count, Max, Min, QuerySet, Sum
from django.shortcuts import get_object_or_404

from licensing.board.shares import MONEY_FIGURES, ZERO, Figures, added
from licensing.models import (
    LicenseeKind,
    Organization,
    Report,
    ReportFinding,
    ReportKind,
    ReportMonthTotal,
    ReportStatus,
    User,
)
from licensing.organizations.selectors import records_organization_list
from licensing.reports.selectors import report_list

TOP_ORGANIZATIONS = 10


def _sums() -> dict:
    return {"reports": Count("pk"), **{name: Sum(name) for name in MONEY_FIGURES}}


def submitted_reports(*, user: User) -> QuerySet[Report]:
    """The reports in force the user may read: the Board all, an organization's filers their own."""
    return report_list(user=user, status=ReportStatus.SUBMITTED)


def figures_organization_get(*, user: User, pk: int) -> Organization:
    """An organization whose figures the user reads: those who file for it and the Board. 404 for anyone else:
    another organization's existence is not disclosed, a vendor files no event reports, and its game workers
    (callers, checkers, directors, dealers) read none of its records, its books included."""
    return get_object_or_404(records_organization_list(user=user).filter(kind=LicenseeKind.ORGANIZATION), pk=pk)


@dataclass(frozen=True)
class Period:
    start: dt.date  # the first day of the month or of the year
    figures: Figures


@dataclass(frozen=True)
class OrganizationFigures:
    organization_id: int
    name: str
    figures: Figures


@dataclass(frozen=True)
class RuleCount:
    rule: str
    findings: int
    reports: int


@dataclass(frozen=True)
class Dashboard:
    year: int | None
    kind: str | None
    years: list[Period]  # every year (the year filter does not narrow these: they are the context)
    months: list[Period]  # the months of the year asked for, or of every year
    total: Figures  # the year asked for, or everything
    findings: list[RuleCount]
    organizations: list[OrganizationFigures]  # the Board's: the organizations with the most gross receipts


def _scoped(*, user: User, organization: Organization | None, kind: str | None) -> QuerySet[Report]:
    reports = submitted_reports(user=user)
    if organization is not None:
        reports = reports.filter(organization=organization)
    if kind:
        reports = reports.filter(kind=kind)
    return reports


def _in_year(reports: QuerySet[Report], year: int | None) -> QuerySet[Report]:
    if year is None:
        return reports
    # A range on the date (not __year, which PostgreSQL cannot answer from the (status, event_date) index).
    return reports.filter(event_date__gte=dt.date(year, 1, 1), event_date__lt=dt.date(year + 1, 1, 1))


def month_series(reports: QuerySet[Report]) -> list[Period]:
    """Sums by month. The database sums by day, in the order of the (status, event_date) index: no sort and no
    date function per report (TruncMonth of a date goes through a time-zoned timestamp on PostgreSQL, a third
    of the query's time); the days, at most 366 rows a year, are added into months here."""
    sums = _sums()
    rows = reports.order_by().values("event_date").annotate(**sums).order_by("event_date").values_list(
        "event_date", *sums)
    by_month: dict[dt.date, list] = {}
    for day, *figures in rows:
        month = by_month.setdefault(day.replace(day=1), [0] + [ZERO] * len(MONEY_FIGURES))
        for index, value in enumerate(figures):
            if value is not None:
                month[index] += value
    return [Period(start=month, figures=Figures(**dict(zip(sums, figures, strict=True))))
            for month, figures in by_month.items()]


def kept_month_series(*, kind: str | None) -> list[Period]:
    """Every organization's sums by month, from the month totals the report services keep as reports are
    submitted (licensing.reports.month_totals): a few rows per month, not one per report."""
    totals = ReportMonthTotal.objects.filter(reports__gt=0)
    if kind:
        totals = totals.filter(kind=kind)
    sums = _sums_of_totals()
    rows = totals.order_by().values("month").annotate(**sums).order_by("month")
    return [Period(start=row["month"], figures=Figures.of(row)) for row in rows]


def _sums_of_totals() -> dict:
    return {"reports": Sum("reports"), **{name: Sum(name) for name in MONEY_FIGURES}}


def _years(months: list[Period]) -> list[Period]:
    by_year: dict[int, list[Figures]] = {}
    for month in months:
        by_year.setdefault(month.start.year, []).append(month.figures)
    return [Period(start=dt.date(year, 1, 1), figures=added(found)) for year, found in sorted(by_year.items())]


NOT_IN_FORCE = [status for status in ReportStatus.values if status != ReportStatus.SUBMITTED]


def findings_by_rule(reports: QuerySet[Report], *, every_report: bool = False) -> list[RuleCount]:
    """Findings of the reports in force, by rule. `every_report`: `reports` is every report in force (the Board's
    dashboard over every year): then the findings are all but those of the few reports not in force, which the
    database answers without reading every report's id."""
    if every_report:
        found = ReportFinding.objects.exclude(
            report__in=Report.objects.filter(status__in=NOT_IN_FORCE).order_by().values("pk"))
    else:
        found = ReportFinding.objects.filter(report__in=reports.order_by().values("pk"))
    rows = (found.values("rule").annotate(findings=Count("pk"), reports=Count("report", distinct=True))
            .order_by("-findings", "rule"))
    return [RuleCount(rule=row["rule"], findings=row["findings"], reports=row["reports"]) for row in rows]


def top_organizations(reports: QuerySet[Report], *, limit: int = TOP_ORGANIZATIONS) -> list[OrganizationFigures]:
    rows = list(reports.order_by().values("organization_id").annotate(**_sums())
                .order_by("-gross_receipts", "organization_id")[:limit])
    names = dict(Organization.objects.filter(pk__in=[row["organization_id"] for row in rows])
                 .values_list("pk", "name"))
    return [OrganizationFigures(organization_id=row["organization_id"], name=names.get(row["organization_id"], ""),
                                figures=Figures.of(row)) for row in rows]


def dashboard(*, user: User, year: int | None = None, kind: str | None = None,
              organization: Organization | None = None) -> Dashboard:
    """The figures of the Board's dashboard (organization=None) or of one organization's page: the caller has
    checked the user may read that organization (figures_organization_get); the scope is applied again here."""
    if kind is not None and kind not in ReportKind.values:
        raise ValueError(f"unknown report kind {kind!r}")
    reports = _scoped(user=user, organization=organization, kind=kind)
    # The Board over every organization reads the kept month totals; one organization's page sums its reports.
    every_month = (kept_month_series(kind=kind) if organization is None and user.is_board
                   else month_series(reports))
    months = [m for m in every_month if m.start.year == year] if year is not None else every_month
    in_year = _in_year(reports, year)
    return Dashboard(
        year=year, kind=kind or None, years=_years(every_month), months=months,
        total=added(m.figures for m in months),
        findings=findings_by_rule(in_year, every_report=user.is_board and organization is None and year is None
                                  and not kind),
        organizations=top_organizations(in_year) if organization is None else [],
    )


def latest_year(*, user: User, organization: Organization | None = None, kind: str | None = None) -> int | None:
    """The year of the latest event with a report in force (the pages open on it), None if there is none."""
    latest = (_scoped(user=user, organization=organization, kind=kind).order_by()
              .aggregate(latest=Max("event_date"))["latest"])
    return latest.year if latest else None


def posting_year_default(*, user: User, organization: Organization, today: dt.date) -> int:
    """The year a posting sheet shows unless asked: the latest with a bingo report in force, else this one."""
    return latest_year(user=user, organization=organization, kind=ReportKind.BINGO) or today.year


@dataclass(frozen=True)
class Posting:
    """What the 1400.9(e) posting sheet of one organization and year says, from its bingo reports in force."""

    organization: Organization
    year: int
    figures: Figures
    first_event: dt.date | None
    last_event: dt.date | None


def posting(*, user: User, organization: Organization, year: int) -> Posting:
    reports = _in_year(_scoped(user=user, organization=organization, kind=ReportKind.BINGO), year).order_by()
    row = reports.aggregate(**_sums(), first_event=Min("event_date"), last_event=Max("event_date"))
    return Posting(organization=organization, year=year, figures=Figures.of(row), first_event=row["first_event"],
                   last_event=row["last_event"])

