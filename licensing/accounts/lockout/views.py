"""Lifting sign-in locks: the password reset confirmation (a completed reset unlocks the account) and
the Board staff's page of locked accounts and addresses."""

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from licensing.accounts.lockout.selectors import lockout_list
from licensing.accounts.lockout.services import lockout_clear, lockout_clear_after_reset


class UnlockingPasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's reset confirmation; a new password set through the emailed link also unlocks the account."""

    def form_valid(self, form):
        response = super().form_valid(form)
        lockout_clear_after_reset(user=form.user)
        return response


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
    return render(request, "licensing/lockouts.html", locked)
