"""The night's pages. Staff: the list, planning, the director's page (admit participants, set up tables, count,
award), a participant's ledger and chip receipt, the receipt's QR target; the Board: house rules waiting for
the Agency (30 DCMR 1602.1). Public, by the night's key: the posted house rules and prize list (page and
printable sheet, 1603.2, 1604.5), the leaderboard screen and the published drawing."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.forms import cleaned, errors_to_form, run_service
from core.public_url import public_url
from licensing.hall.selectors import received_heads
from licensing.licenses.certificates import qr_svg
from montecarlo import selectors as roles
from montecarlo.catalog.variants import settings_fields
from montecarlo.models import PLAYABLE, GameCatalogEntry, Tournament
from montecarlo.nights import selectors, services
from montecarlo.nights.drawing import published_drawing
from montecarlo.nights.forms import AdmitForm, ApprovalForm, InChargeForm, NightForm, TermsForm, prize_lines
from montecarlo.nights.kit import KIT_KIND
from montecarlo.nights.leaderboard import leaderboard_state, night_heads
from montecarlo.nights.ledger import night_balance
from montecarlo.nights.posting import house_rules_context, house_rules_pdf
from montecarlo.tablegames import GAMES


@login_required
def night_list(request):
    nights = selectors.night_list(user=request.user)
    can_plan = roles.director_licenses(user=request.user).exists()
    return render(request, "montecarlo/nights/list.html", {"nights": nights, "can_plan": can_plan})


@login_required
def night_create(request):
    licenses = roles.director_licenses(user=request.user)
    if not licenses.exists():
        raise Http404
    form = NightForm(request.POST or None, licenses=licenses)
    if request.method == "POST" and form.is_valid():
        try:
            night = services.night_create(actor=request.user, **form.cleaned_data)
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            messages.success(request, _("The night is planned. Set up its tables and admit the participants."))
            return redirect("montecarlo:night_detail", pk=night.pk)
    return render(request, "montecarlo/nights/create.html", {"form": form}, status=400 if form.errors else 200)


def playable_games() -> list[dict]:
    """The games a table can be set up for (allowed or other approved, with a dealer screen) and their variant
    settings."""
    games = GameCatalogEntry.objects.filter(code__in=list(GAMES), approval__in=PLAYABLE).order_by("name_en")
    return [{"entry": game, "settings": settings_fields(game.code)} for game in games]


def night_context(request, night) -> dict:
    tables = list(night.tables.select_related("game").order_by("number"))
    approvals = {approval.game_id: approval for approval in night.approvals.all()}
    return {
        "night": night,
        "participants": selectors.participant_list(night=night),
        "tables": [{"table": table, "approval": approvals.get(table.game_id)} for table in tables],
        "tournaments": Tournament.objects.filter(night=night).order_by("starts_at"),
        "games": playable_games(),
        "admit_form": AdmitForm(initial={"admission_paid": night.admission_price}, on=night.date),
        "in_charge_form": InChargeForm(night=night, initial={"in_charge": night.in_charge_id}),
        "terms_form": TermsForm(initial={"prize_method": night.prize_method, "prizes": prize_lines(night.prizes),
                                         "house_rules": night.house_rules}),
        "can_direct": selectors.can_direct(user=request.user, night=night),
        "can_deal": selectors.can_deal(user=request.user, night=night),
        "balance": night_balance(night),
        "public_url": public_url(reverse("montecarlo:night_public", args=[night.public_key])),
        "leaderboard_url": public_url(reverse("montecarlo:leaderboard", args=[night.public_key])),
    }


@login_required
def night_detail(request, pk: int):
    night = selectors.night_get(user=request.user, pk=pk)
    return render(request, "montecarlo/nights/detail.html", night_context(request, night))


def _admit(request, night):
    form = AdmitForm(request.POST, on=night.date)
    participant = services.participant_register(actor=request.user, night=night, **cleaned(form))
    messages.success(request, _("Participant #%(number)s admitted with %(chips)s chips.") % {
        "number": participant.number, "chips": night.starting_chips})
    request.session["mc_receipt"] = participant.number


def _in_charge(request, night):
    services.night_in_charge_record(actor=request.user, night=night,
                                    **cleaned(InChargeForm(request.POST, night=night)))


def _terms(request, night):
    services.night_update(actor=request.user, night=night, **cleaned(TermsForm(request.POST)))


@login_required
@require_POST
def night_command(request, pk: int, command: str):
    night = selectors.night_get(user=request.user, pk=pk)
    commands = {
        "admit": (lambda: _admit(request, night), ""),
        "terms": (lambda: _terms(request, night), _("The posted terms are changed.")),
        "in_charge": (lambda: _in_charge(request, night),
                      _("Recorded: the member in charge present throughout the night (30 DCMR 1301.5).")),
        "count": (lambda: services.night_count(actor=request.user, night=night),
                  _("The chips are counted; no more play.")),
        "award": (lambda: services.prizes_award(actor=request.user, night=night),
                  _("Training night closed: it awards nothing and reports nothing.") if night.training else
                  _("The prizes are awarded and handed over to the night's financial report.")),
    }
    if command not in commands:
        raise Http404
    call, done = commands[command]
    run_service(request, call, done)
    return redirect("montecarlo:night_detail", pk=night.pk)


# --- a participant ---


@login_required
def participant_ledger(request, pk: int, number: int):
    night = selectors.night_get(user=request.user, pk=pk)
    participant = selectors.participant_get(night=night, number=number)
    entries = participant.ledger.select_related("table").order_by("seq")
    return render(request, "montecarlo/nights/ledger.html",
                  {"night": night, "participant": participant, "entries": entries,
                   "can_deal": selectors.can_deal(user=request.user, night=night),
                   "tables": night.tables.filter(status="open").order_by("number")})


def receipt_url(participant) -> str:
    return public_url(reverse("montecarlo:receipt_scan", args=[participant.receipt_code]))


@login_required
def participant_receipt(request, pk: int, number: int):
    """The chip receipt, on screen or printed: the participant's number, chips and a QR code that opens their
    ledger for the night's dealers."""
    night = selectors.night_get(user=request.user, pk=pk)
    participant = selectors.participant_get(night=night, number=number)
    url = receipt_url(participant)
    return render(request, "montecarlo/nights/receipt.html",
                  {"night": night, "participant": participant, "qr": qr_svg(url), "url": url})


@login_required
def receipt_scan(request, code: str):
    """Where a receipt's QR code leads: the participant's ledger, for the night's staff and the Board."""
    participant = selectors.participant_by_receipt(user=request.user, code=code)
    return redirect("montecarlo:participant_ledger", pk=participant.night_id, number=participant.number)


# --- the Board: house rules waiting for the Agency (30 DCMR 1602.1) ---


@login_required
def approval_list(request):
    if not request.user.is_board:
        raise Http404
    return render(request, "montecarlo/nights/approvals.html",
                  {"approvals": selectors.approval_queue(user=request.user), "form": ApprovalForm(),
                   "can_decide": request.user.is_board_staff})


@login_required
@require_POST
def approval_decide(request, pk: int):
    approval = get_object_or_404(selectors.approval_queue(user=request.user), pk=pk)
    form = ApprovalForm(request.POST)
    if form.is_valid():
        run_service(request, lambda: services.approval_decide(
            actor=request.user, approval=approval, approve=form.cleaned_data["decision"] == "approve",
            note=form.cleaned_data["note"]), _("Decision recorded."))
    else:
        messages.error(request, _("Choose approve or refuse."))
    return redirect("montecarlo:approval_list")


# --- public, by the night's key ---


def night_public(request, key: str):
    """The posted house rules and prize list (30 DCMR 1603.2, 1604.5), with every table's game and limits; for a night
run offline in hall mode, the heads of the logs the Board received from the hall device."""
    night = selectors.night_by_key(key=key)
    return render(request, "montecarlo/nights/public.html", {
        **house_rules_context(night), "hall_heads": received_heads(kind=KIT_KIND.name, event_id=night.pk)})


def night_sheet(request, key: str):
    night = selectors.night_by_key(key=key)
    response = HttpResponse(house_rules_pdf(night), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="night-{night.pk}-house-rules.pdf"'
    return response


def leaderboard(request, key: str):
    night = selectors.night_by_key(key=key)
    # ?screen=tv: the same live board, alone on a TV at the back of the hall (no portal header, sized by the screen).
    tv = request.GET.get("screen") == "tv"
    return render(request, f"montecarlo/nights/{'leaderboard_tv' if tv else 'leaderboard'}.html",
                  {"night": night, "state": leaderboard_state(night), "hall_mode": settings.HALL,
                   "heads": [] if tv else night_heads(night),
                   "socket": f"/ws/montecarlo/leaderboard/{night.public_key}/"})


def leaderboard_heads(request, key: str):
    """At the hall, the signed heads under the leaderboard, fetched again (htmx) when the night's status changes: the
    count signs every log of the night."""
    night = selectors.night_by_key(key=key)
    return render(request, "licensing/hall/_signed_heads_section.html", {"heads": night_heads(night)})


def drawing_json(request, key: str):
    """The published chip drawing in the raffle-drawing/1 format, once the prizes are awarded by drawing."""
    night = selectors.night_by_key(key=key)
    drawing = published_drawing(night)
    if drawing is None:
        raise Http404
    return JsonResponse(drawing, json_dumps_params={"separators": (",", ":")})
