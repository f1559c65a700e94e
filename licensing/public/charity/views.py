"""The public charity totals page and its CSV download (core.spreadsheets writes the CSV: quoting, and names that a
spreadsheet would run as formulas kept as text)."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from core import charts
from core.replica import reads_from_replica
from core.spreadsheets import spreadsheet
from licensing.public.charity.selectors import district_totals, organization_totals, year_clean


def _chosen_year(request, totals) -> tuple[int | None, str | None]:
    year, error = year_clean(request.GET.get("year"))
    if year is None and error is None and totals:
        year = totals[-1].year  # the latest year with reports
    return year, error


@require_GET
@reads_from_replica
def charity_totals(request):
    totals = district_totals()
    year, error = _chosen_year(request, totals)
    chart = charts.bar_chart(
        chart_id="charity-years", title=_("Net proceeds and what was used for the lawful purpose, by year"),
        categories=[str(row.year) for row in totals],
        series=[charts.Series(key="net_proceeds", label=str(_("Net proceeds")),
                              values=[r.net_proceeds for r in totals]),
                charts.Series(key="disbursed", label=str(_("Used for the lawful purpose")),
                              values=[r.disbursed for r in totals])])
    context = {"totals": totals, "chart": chart, "year": year, "year_error": error,
               "organizations": organization_totals(year=year) if year is not None else [],
               "years": [row.year for row in totals]}
    return render(request, "licensing/public/charity/charity_totals.html", context, status=400 if error else 200)


@require_GET
@reads_from_replica
def charity_totals_csv(request):
    """The District's totals by year, then each organization's totals for every year."""
    totals = district_totals()
    district = [[row.year, _("District of Columbia (all organizations)"), row.reports, row.gross_receipts,
                 row.net_proceeds, row.disbursed] for row in totals]
    organizations = [[row.year, organization["name"], organization["reports"], organization["gross_receipts"],
                      organization["net_proceeds"], organization["disbursed"]]
                     for row in totals for organization in organization_totals(year=row.year)]
    sheet = spreadsheet([_("Year"), _("Organization"), _("Reports"), _("Gross receipts"), _("Net proceeds"),
                         _("Used for the lawful purpose")], [*district, *organizations])
    response = HttpResponse(sheet.export("csv"), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="dc-charitable-gaming-totals.csv"'
    return response
