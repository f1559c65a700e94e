"""Portal pages of the Board administrator: the Board's accounts, the invitation form, and
deactivate / reactivate / invite again on each row (htmx swaps the row). Anyone else gets 403."""

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from core.forms import errors_to_form
from licensing.accounts import selectors, services
from licensing.accounts.forms import BoardAccountInviteForm
from licensing.accounts.rules import board_account_refusal
from licensing.models import User


@dataclass(frozen=True)
class AccountRow:
    account: User
    roles: list
    may_change: bool
    invitation_pending: bool
    error: str = ""


def _row(actor: User, account: User, error: str = "") -> AccountRow:
    roles = selectors.board_roles(account)
    return AccountRow(account=account, roles=[role.label for role in roles],
                      may_change=board_account_refusal(actor=actor, account=account) is None,
                      invitation_pending=not account.has_usable_password(), error=error)


@login_required
@require_http_methods(["GET", "POST"])
def board_accounts(request):
    accounts = selectors.board_account_list(user=request.user)
    form = BoardAccountInviteForm(request.POST if request.method == "POST" else None)
    status = 200
    if form.is_bound:
        if form.is_valid():
            try:
                account = services.board_account_invite(actor=request.user, **form.cleaned_data)
            except ValidationError as exc:
                errors_to_form(form, exc)
            else:
                messages.success(request, _("%(name)s is invited: an email with a link to choose a password is on "
                                            "its way to %(email)s.") % {"name": account.full_name,
                                                                        "email": account.email})
                return redirect("portal:board_accounts")
        status = 400
    rows = [_row(request.user, account) for account in accounts]
    return render(request, "licensing/accounts/board_accounts.html", {"rows": rows, "form": form}, status=status)


def _row_action(request, pk: int, act, done: str):
    account = selectors.board_account_get(user=request.user, pk=pk)
    error = ""
    try:
        account = act(actor=request.user, account=account)
    except ValidationError as exc:
        error = " ".join(exc.messages)
    if request.htmx:
        return render(request, "licensing/accounts/_account_row.html", {"row": _row(request.user, account, error)})
    if error:
        messages.error(request, error)
    else:
        messages.success(request, done % {"name": account.full_name})
    return redirect("portal:board_accounts")


@login_required
@require_POST
def board_account_deactivate(request, pk: int):
    return _row_action(request, pk, services.board_account_deactivate,
                       _("%(name)s is deactivated and signed out everywhere."))


@login_required
@require_POST
def board_account_reactivate(request, pk: int):
    return _row_action(request, pk, services.board_account_reactivate, _("%(name)s is active again."))


@login_required
@require_POST
def board_account_invitation_resend(request, pk: int):
    return _row_action(request, pk, services.board_account_invitation_resend,
                       _("A new invitation is on its way to %(name)s."))
