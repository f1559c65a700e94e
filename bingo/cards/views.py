"""Portal pages of card series, printable card sheets and the sales register of an operation.

Reads go through bingo.cards.selectors and bingo.planning.selectors (another organization's series
or operation is a 404); writes go through bingo.cards.services, which refuse anyone without the
role (403)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from bingo.cards import charity, selectors, services, sheets
from bingo.cards.forms import (
    CharityReturnForm,
    CharitySellForm,
    CharityStockForm,
    SaleForm,
    SeriesForm,
    SheetForm,
    VoidForm,
)
from bingo.cards.sales import card_counts, series_faces
from bingo.models import CharityTicketStock
from bingo.planning.selectors import operation_get, operation_list
from bingo.selectors import PLANNER_ROLES, organization_ids
from core.forms import errors_to_form, run_service
from core.numbers import ascii_int
from licensing.models import Organization
from licensing.selectors import has_role


def _planner_organizations(user):
    return Organization.objects.filter(pk__in=organization_ids(user=user, roles=PLANNER_ROLES))


@login_required
@require_GET
def series_list(request):
    series = selectors.series_list(user=request.user).order_by("organization__name", "code")
    return render(request, "bingo/cards/series_list.html", {
        "series_list": series, "can_create": _planner_organizations(request.user).exists()})


@login_required
@require_http_methods(["GET", "POST"])
def series_create(request):
    organizations = _planner_organizations(request.user)
    if not organizations.exists():
        raise PermissionDenied(_("Only an organization's officers or members in charge create card series."))
    form = SeriesForm(request.POST or None, organizations=organizations)
    if request.method == "POST" and form.is_valid():
        try:
            series = services.series_create(actor=request.user, **form.cleaned_data)
        except ValidationError as exc:
            errors_to_form(form, exc)
        else:
            messages.success(request, _("Series %(code)s is created.") % {"code": series.code})
            return redirect("bingo:series_detail", pk=series.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "bingo/cards/series_form.html", {"form": form}, status=status)


def _face_preview(series, raw):
    try:
        number = ascii_int(raw)
    except (TypeError, ValueError):
        number = 1
    number = min(max(number, 1), series.size)
    card = series_faces(series)[number - 1]
    rows = [[card.squares[row * 5 + col] for col in range(5)] for row in range(5)]
    return {"number": number, "rows": rows}


def _series_detail(request, series, form, status=200):
    sales = (selectors.sale_list(user=request.user).filter(series=series)
             .select_related("operation__license").order_by("-sold_at")[:50])
    return render(request, "bingo/cards/series_detail.html", {
        "series": series, "sheet_form": form, "face": _face_preview(series, request.GET.get("face")),
        "sales": sales}, status=status)


@login_required
@require_GET
def series_detail(request, pk: int):
    series = selectors.series_get(user=request.user, pk=pk)
    return _series_detail(request, series, SheetForm(series=series))


@login_required
@require_GET
def card_sheet_pdf(request, pk: int):
    """The faces as printable cards (30 DCMR 1404.1(c): with the organization's name)."""
    series = selectors.series_get(user=request.user, pk=pk)
    form = SheetForm(request.GET, series=series)
    if not form.is_valid():
        return _series_detail(request, series, form, status=400)
    data = form.cleaned_data
    pdf = sheets.card_sheet_pdf(series=series, first_face=data["first"], last_face=data["last"],
                                     per_page=data["per_page"])
    response = HttpResponse(pdf, content_type="application/pdf")
    filename = f"cards-{series.code}-{data['first']}-{data['last']}.pdf".replace('"', "")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _can_sell(user, operation) -> bool:
    return has_role(user=user, organization_id=operation.license.organization_id, roles=services.SELLER_ROLES)


@login_required
@require_http_methods(["GET", "POST"])
def sales_register(request, pk: int):
    """Which faces were sold for which games, by colour (30 DCMR 1404.1(h), 1405.3)."""
    operation = operation_get(user=request.user, pk=pk)
    can_sell = _can_sell(request.user, operation)
    form = SaleForm(request.POST or None, operation=operation)
    status = 200
    if request.method == "POST":
        if not can_sell:
            raise PermissionDenied(_("Only the organization's checkers, officers or members in charge sell cards."))
        if form.is_valid():
            try:
                services.sale_record(actor=request.user, operation=operation, **form.cleaned_data)
            except ValidationError as exc:
                errors_to_form(form, exc)
            else:
                messages.success(request, _("The sale is recorded."))
                return redirect("bingo:sales_register", pk=operation.pk)
        status = 400
    sales = (selectors.sale_list(user=request.user).filter(operation=operation)
             .prefetch_related("games").select_related("hall", "sold_by").order_by("-sold_at", "-pk"))
    return render(request, "bingo/cards/sales_register.html", {
        "operation": operation, "sales": sales, "form": form if can_sell else None, "can_sell": can_sell,
        "counts": card_counts(operation), "void_form": VoidForm()}, status=status)


@login_required
@require_POST
def sale_void(request, pk: int):
    sale = get_object_or_404(selectors.sale_list(user=request.user), pk=pk)
    form = VoidForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the reason for voiding the sale."))
        return redirect("bingo:sales_register", pk=sale.operation_id)
    try:
        services.sale_void(actor=request.user, sale=sale, reason=form.cleaned_data["reason"])
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Sale %(pk)s is void; its record is kept.") % {"pk": sale.pk})
    return redirect("bingo:sales_register", pk=sale.operation_id)


@login_required
@require_http_methods(["GET", "POST"])
def charity_tickets(request, pk: int):
    """The operation's charity game tickets (30 DCMR 1409.1-1409.4): deals received, sold and returned."""
    operation = operation_get(user=request.user, pk=pk)
    can_sell = _can_sell(request.user, operation)
    form = CharityStockForm(request.POST or None, prefix="stock")
    status = 200
    if request.method == "POST":
        if not has_role(user=request.user, organization_id=operation.license.organization_id, roles=PLANNER_ROLES):
            raise PermissionDenied(_("Only the organization's officers or members in charge receive tickets."))
        if form.is_valid():
            try:
                charity.stock_receive(actor=request.user, operation=operation, **form.cleaned_data)
            except ValidationError as exc:
                errors_to_form(form, exc)
            else:
                messages.success(request, _("The deal is recorded."))
                return redirect("bingo:charity_tickets", pk=operation.pk)
        status = 400
    deals = [{"stock": stock, "sold": charity.sold_count(stock), "unsold": charity.unsold_count(stock)}
             for stock in operation.charity_stock.order_by("deal", "pk")]
    return render(request, "bingo/cards/charity_tickets.html", {
        "operation": operation, "deals": deals, "form": form, "can_sell": can_sell,
        "can_receive": has_role(user=request.user, organization_id=operation.license.organization_id,
                                roles=PLANNER_ROLES),
        "can_approve": getattr(request.user, "is_board_staff", False),
        "sell_form": CharitySellForm(), "return_form": CharityReturnForm()}, status=status)


@login_required
@require_POST
def charity_action(request, pk: int, action: str):
    """Sell, return or (the Board) approve the sample of one deal; errors come back as messages."""
    stock = get_object_or_404(CharityTicketStock.objects.filter(
        operation__in=operation_list(user=request.user)).select_related("operation"), pk=pk)
    form_class = {"sell": CharitySellForm, "return": CharityReturnForm}.get(action)
    form = form_class(request.POST) if form_class else None
    if form is not None and not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
        return redirect("bingo:charity_tickets", pk=stock.operation_id)
    calls = {
        "sell": lambda: charity.tickets_sell(actor=request.user, stock=stock, **form.cleaned_data),
        "return": lambda: charity.tickets_return(actor=request.user, stock=stock, count=form.cleaned_data["count"]),
        "approve": lambda: charity.sample_approve(actor=request.user, stock=stock),
    }
    if action not in calls:
        raise Http404
    done = {"sell": _("The sale is recorded."), "return": _("The return is recorded."),
            "approve": _("The sample is approved.")}[action]
    run_service(request, calls[action], done)
    return redirect("bingo:charity_tickets", pk=stock.operation_id)
