"""Lifting sign-in locks: the Board staff's page of locked accounts and addresses (a completed password reset
unlocks the account too: licensing.accounts.signals)."""

from allauth.account.views import LoginView
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from licensing.accounts.lockout.responses import lockout_minutes
from licensing.accounts.lockout.selectors import lockout_list
from licensing.accounts.lockout.services import lockout_clear


class LockoutAwareLoginView(LoginView):
    """allauth's sign-in page, telling the person how many wrong passwords lock the account."""

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update({"failure_limit": settings.AXES_FAILURE_LIMIT, "lockout_minutes": lockout_minutes()})
        return context


login = LockoutAwareLoginView.as_view()


@login_required
@require_http_methods(["GET", "POST"])
def lockouts(request):
    locked = lockout_list(user=request.user)
    if request.method == "POST":
        try:
            removed = lockout_clear(actor=request.user, email=request.POST.get("email", ""),
                                    ip_address=request.POST.get("ip_address", ""))
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            messages.success(request, _("Unlocked (%(count)d failure records removed).") % {"count": removed})
            return redirect("portal:lockouts")
    return render(request, "licensing/accounts/lockout/lockouts.html", locked)
