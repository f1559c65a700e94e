"""Portal pages: the Board's compliance dashboard, one organization's figures (the Board and the organization's
filing officers), and its 30 DCMR 1400.9(e) posting sheet as a page and a PDF. Filters come by GET and are
checked by a form: a bad value shows the page with the error on the field (400), never a 500."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from core import charts
from core.replica import reads_from_replica
from licensing.board import posting, selectors
from licensing.board.forms import DashboardFilterForm, YearForm

# The money series of every chart, in the order of the tables: label, and the Figures attribute.
MONEY_SERIES = (
    ("gross_receipts", gettext_lazy("Gross receipts")),
    ("prizes", gettext_lazy("Prizes")),
    ("expenses", gettext_lazy("Expenses")),
    ("net_proceeds", gettext_lazy("Net to the lawful purpose")),
)


def _series(periods) -> list[charts.Series]:
    return [charts.Series(key=key, label=str(label), values=[getattr(p.figures, key) for p in periods])
            for key, label in MONEY_SERIES]


def dashboard_charts(found: selectors.Dashboard, *, prefix: str) -> dict:
    """The dashboard's charts: the years as grouped bars, the months as lines, the findings by rule as bars."""
    months = [date_format(p.start, "M Y") for p in found.months]
    one_year = len({p.start.year for p in found.months}) == 1
    month_labels = [date_format(p.start, "M") for p in found.months] if one_year else months
    return {
        "years": charts.bar_chart(chart_id=f"{prefix}-years", title=_("Receipts, prizes, expenses and net by year"),
                                  categories=[str(p.start.year) for p in found.years], series=_series(found.years)),
        "months": charts.line_chart(chart_id=f"{prefix}-months", title=_("By month"), categories=months,
                                    labels=month_labels, series=_series(found.months)),
        "findings": charts.bar_chart(
            chart_id=f"{prefix}-findings", title=_("Findings by rule"), money=False,
            categories=[r.rule for r in found.findings],
            series=[
                charts.Series(key="findings", label=str(_("Findings")), values=[r.findings for r in found.findings]),
                charts.Series(key="reports", label=str(_("Reports with the finding")),
                              values=[r.reports for r in found.findings])]),
    }


def _filters(request, form_class):
    """The form, and its cleaned data or None when a value is refused."""
    form = form_class(request.GET if request.GET else None)
    if form.is_bound and not form.is_valid():
        return form, None
    return form, (form.cleaned_data if form.is_bound else {})


def _dashboard_filters(request, *, organization=None):
    """The dashboard's filters. Opened without any, a page shows the latest year with a report in force (the
    year the Board works on, and one year's rows rather than every year's); an empty year asks for every year."""
    if request.GET:
        return _filters(request, DashboardFilterForm)
    year = selectors.latest_year(user=request.user, organization=organization)
    return DashboardFilterForm(initial={"year": year}), {"year": year, "kind": None}


@login_required
@require_GET
@reads_from_replica
def board_dashboard(request):
    if not request.user.is_board:
        raise PermissionDenied
    form, filters = _dashboard_filters(request)
    context = {"form": form, "dashboard": None}
    if filters is None:
        return render(request, "licensing/board/dashboard.html", context, status=400)
    found = selectors.dashboard(user=request.user, year=filters.get("year"), kind=filters.get("kind"))
    context.update(dashboard=found, charts=dashboard_charts(found, prefix="board"))
    return render(request, "licensing/board/dashboard.html", context)


@login_required
@require_GET
def organization_figures(request, pk: int):
    organization = selectors.figures_organization_get(user=request.user, pk=pk)
    form, filters = _dashboard_filters(request, organization=organization)
    context = {"form": form, "organization": organization, "dashboard": None}
    if filters is None:
        return render(request, "licensing/board/organization.html", context, status=400)
    found = selectors.dashboard(user=request.user, organization=organization, year=filters.get("year"),
                                kind=filters.get("kind"))
    context.update(dashboard=found, charts=dashboard_charts(found, prefix="organization"))
    return render(request, "licensing/board/organization.html", context)


def _posting(request, pk: int):
    organization = selectors.figures_organization_get(user=request.user, pk=pk)
    form, filters = _filters(request, YearForm)
    if filters is None:
        return organization, form, None
    year = filters.get("year") or selectors.posting_year_default(user=request.user, organization=organization,
                                                                 today=timezone.localdate())
    return organization, form, selectors.posting(user=request.user, organization=organization, year=year)


@login_required
@require_GET
def posting_sheet(request, pk: int):
    organization, form, found = _posting(request, pk)
    context = {"form": form, "organization": organization, "found": found}
    if found is None:
        return render(request, "licensing/board/posting_sheet.html", context, status=400)
    context.update(posting.posting_context(found))
    return render(request, "licensing/board/posting_sheet.html", context)


@login_required
@require_GET
def posting_sheet_pdf(request, pk: int):
    organization, form, found = _posting(request, pk)
    if found is None:
        context = {"form": form, "organization": organization, "found": None}
        return render(request, "licensing/board/posting_sheet.html", context, status=400)
    response = HttpResponse(posting.posting_pdf(found), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="posting-sheet-{organization.pk}-{found.year}.pdf"'
    response["Cache-Control"] = "private, no-store"
    return response

