"""The payout desk's portal pages (server-rendered, htmx for the live quote; laid out for a tablet at the desk): an
organization's payouts by status, paying one prize (with what the IRS asks when a Form W-2G is due, the quote
updated as the amounts change), a paid payout's page (the taxpayer number masked; the full number for the filing
people, on request, audited), and the Board's page of prizes paid (counts and amounts, no identity).

Who: the desk roles of the payout's organization (licensing.payouts.selectors.DESK_ROLES); another organization's
payout is a 404, a game role of the same organization (or the Board) a 403. The taxpayer number a desk types is a
sensitive POST parameter (left out of error reports), never written back into a page."""

from __future__ import annotations

from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters, sensitive_variables
from django.views.decorators.http import require_GET, require_POST

from core.forms import errors_to_form
from core.money import money_text, parse_money
from core.replica import reads_from_replica
from licensing.board.forms import YearForm
from licensing.models import Organization, Payout, PayoutStatus
from licensing.organizations.selectors import organization_get, organization_list
from licensing.payouts import rules, selectors, services
from licensing.payouts.forms import DeskFilterForm, PayoutPayForm
from licensing.payouts.identity import Winner, winner_clean
from licensing.register.kinds import PERCENT, shown
from licensing.register.values import citation, value
from licensing.selectors import organization_ids_with_roles

GROUP_MAX = 200  # a desk's list per status: the latest this many (filter by day for older ones)
# The desk's groups, in the order the desk works them: the queue oldest first, the done latest first.
GROUPS = (
    (PayoutStatus.PENDING, ("won_on", "pk")),
    (PayoutStatus.DUE, ("won_on", "pk")),
    (PayoutStatus.PAID, ("-paid_at", "-pk")),
    (PayoutStatus.VOID, ("-won_on", "-pk")),
)
QUOTE_PARTIAL = "licensing/payouts/_quote.html"
BACKUP_KEY = "federal.backup_withholding.rate"


def _payout_get(request, pk: int) -> Payout:
    """The payout, for its organization's desk: a 404 outside the organizations the user sees, a 403 for a role
    that does not work the desk (selectors.require_role says who does)."""
    payout = get_object_or_404(Payout.objects.filter(organization__in=organization_list(user=request.user))
                               .select_related("organization", "license", "paid_by"), pk=pk)
    selectors.require_role(request.user, payout.organization_id, selectors.DESK_ROLES)
    return payout


@login_required
@require_GET
def payout_desks(request):
    """The menu's way in: the one desk a person works, or the list of them."""
    organizations = Organization.objects.filter(
        pk__in=organization_ids_with_roles(user=request.user, roles=selectors.DESK_ROLES)).order_by("name")
    if len(organizations) == 1:
        return redirect("portal:payout_desk", pk=organizations[0].pk)
    return render(request, "licensing/payouts/desks.html", {"organizations": organizations})


@login_required
@require_GET
def payout_desk(request, pk: int):
    organization = organization_get(user=request.user, pk=pk)
    selectors.require_role(request.user, organization.pk, selectors.DESK_ROLES)
    form = DeskFilterForm(request.GET if request.GET else None)
    context = {"organization": organization, "form": form, "groups": None, "group_max": GROUP_MAX,
               "year": timezone.localdate().year}
    if form.is_bound and not form.is_valid():
        return render(request, "licensing/payouts/desk.html", context, status=400)
    filters = form.cleaned_data if form.is_bound else {}
    payouts = selectors.desk_payouts(user=request.user).filter(organization=organization)
    if filters.get("game"):
        payouts = payouts.filter(game=filters["game"])
    if filters.get("day"):
        payouts = payouts.filter(won_on=filters["day"])
    groups = []
    for status, order in GROUPS:
        rows = list(payouts.filter(status=status).order_by(*order)[:GROUP_MAX + 1])
        groups.append({"status": status, "label": status.label, "payouts": rows[:GROUP_MAX],
                       "more": len(rows) > GROUP_MAX})
    context["groups"] = groups
    return render(request, "licensing/payouts/desk.html", context)


# --- paying one prize ---


@sensitive_variables("form", "data", "winner")
def desk_quote(form: PayoutPayForm) -> dict:
    """What the quote box says for the form as filled in: whether Form W-2G is due (the threshold in force today
    and its rule), what is withheld and what the winner is handed; or why it cannot say yet. The same person's
    earlier prizes of the session count (services.payout_quote), so the winner is read as far as it is valid."""
    payout, on = form.payout, timezone.localdate()
    threshold, threshold_rule = rules.w2g_threshold(game=payout.game, on=on)
    context = {"payout": payout, "threshold": threshold, "threshold_rule": threshold_rule,
               "backup_rate": shown(PERCENT, value(BACKUP_KEY, on)), "backup_rule": citation(BACKUP_KEY, on),
               "quote": None, "quote_error": ""}
    data = {}
    if form.is_bound:
        form.is_valid()  # cleans what can be: the quote reads the fields that are valid
        data = form.cleaned_data
    prize, wager = payout.prize, payout.wager
    if prize is None:
        raw_prize, raw_wager = data.get("prize"), data.get("wager")
        if not raw_prize:
            context["quote_error"] = _("Enter the prize's value to see whether Form W-2G is due.")
            return context
        try:
            prize = parse_money(raw_prize, field="prize")
            wager = parse_money(raw_wager, field="wager") if raw_wager else payout.wager
        except ValidationError as error:
            context["quote_error"] = " ".join(error.messages)
            return context
    winner = None
    if data:
        try:
            winner = winner_clean(form.winner(), form_due=False)
        except ValidationError:
            winner = Winner(name=data.get("name") or "", tin_refused=data.get("tin_refused") is True)
    context["quote"] = services.payout_quote(payout, prize=prize, wager=wager, on=on, winner=winner)
    return context


def _pay_page(request, payout: Payout, form: PayoutPayForm, status: int = 200):
    return render(request, "licensing/payouts/pay.html", {"payout": payout, "form": form, **desk_quote(form)},
                  status=status)


def _payout_page(request, payout: Payout, *, revealed_tin: str = ""):
    paid = payout.status == PayoutStatus.PAID
    return render(request, "licensing/payouts/payout.html", {
        "payout": payout, "identity": services.payout_identity(payout) if paid else {}, "revealed_tin": revealed_tin,
        "net": payout.amount - payout.withheld if paid and payout.amount is not None else None,
        "can_see_tin": selectors.can_see_tin(request.user, payout.organization_id)})


@login_required
@require_GET
def payout_detail(request, pk: int):
    """A payout due shows the form that pays it; any other shows what became of it."""
    payout = _payout_get(request, pk)
    if payout.status == PayoutStatus.DUE:
        return _pay_page(request, payout, PayoutPayForm(payout=payout))
    return _payout_page(request, payout)


@sensitive_post_parameters("tin")
@login_required
@require_POST
@sensitive_variables("form")
def payout_pay(request, pk: int):
    payout = _payout_get(request, pk)
    form = PayoutPayForm(request.POST, payout=payout)
    if form.is_valid():
        try:
            paid = services.payout_pay(actor=request.user, payout=payout, **form.payment_terms())
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            done = _("Paid: %(label)s, %(amount)s (%(method)s).") % {
                "label": paid.label, "amount": money_text(paid.amount), "method": paid.get_method_display()}
            if paid.w2g:
                done += " " + _("Form W-2G %(number)s.") % {"number": paid.form_number}
            messages.success(request, done)
            return redirect("portal:payout_detail", pk=paid.pk)
    return _pay_page(request, payout, form, status=400)


@sensitive_post_parameters("tin")
@login_required
@require_POST
@sensitive_variables("form")
def payout_quote(request, pk: int):
    """The quote box alone, for htmx as the desk types (POST: the form carries the winner)."""
    payout = _payout_get(request, pk)
    return render(request, QUOTE_PARTIAL, desk_quote(PayoutPayForm(request.POST, payout=payout)))


@never_cache
@login_required
@require_POST
@sensitive_variables("tin")
def payout_tin_reveal(request, pk: int):
    """The full taxpayer number, once, in this response only (not cached); the service audits the view and refuses
    (403) anyone but the organization's filing people."""
    payout = _payout_get(request, pk)
    tin = services.payout_tin_reveal(actor=request.user, payout=payout)
    return _payout_page(request, payout, revealed_tin=tin)


# --- the Board ---


@login_required
@require_GET
@reads_from_replica
def board_prizes_paid(request):
    """Per organization, the prizes paid in a year: counts and amounts, never a winner."""
    if not request.user.is_board_staff:
        raise PermissionDenied(_("The prizes paid are Board staff's page."))
    form = YearForm(request.GET if request.GET else None)
    if form.is_bound and not form.is_valid():
        return render(request, "licensing/payouts/board_totals.html", {"form": form, "rows": None}, status=400)
    year = (form.cleaned_data.get("year") if form.is_bound else None) or timezone.localdate().year
    if not form.is_bound:
        form = YearForm(initial={"year": year})  # the year shown, in the box
    rows = list(selectors.board_totals(year=year))
    totals = {key: sum((row[key] or Decimal("0.00") for row in rows), Decimal("0.00"))
              for key in ("paid", "reportable", "withheld")}
    totals.update(payouts=sum(row["payouts"] for row in rows), forms=sum(row["forms"] for row in rows))
    return render(request, "licensing/payouts/board_totals.html",
                  {"form": form, "year": year, "rows": rows, "totals": totals})
