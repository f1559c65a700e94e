"""The "get started" page: what a signed-in person without a role can do next."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from core.forms import errors_to_form
from licensing.organizations.get_started.forms import OrganizationRegisterForm
from licensing.organizations.invitations.selectors import invitations_for_user
from licensing.organizations.services import organization_register
from licensing.selectors import user_memberships


@login_required
@require_http_methods(["GET", "POST"])
def get_started(request):
    form = OrganizationRegisterForm(request.POST or None)
    status = 200
    if form.is_bound:
        if form.is_valid():
            try:
                organization = organization_register(actor=request.user, **form.cleaned_data)
            except ValidationError as exc:
                errors_to_form(form, exc)
            else:
                messages.success(request, _("%(name)s is registered and you are its officer.") % {
                    "name": organization.name})
                return redirect("portal:organization_detail", pk=organization.pk)
        status = 400
    context = {"form": form, "memberships": user_memberships(user=request.user),
               "invitations": invitations_for_user(user=request.user)}
    return render(request, "licensing/organizations/get_started.html", context, status=status)
