"""Invitation pages: an organization's invitations (send, and revoke a pending one) for its officers, and the
page an invitation link opens (accept it, or sign up / sign in first)."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from core.forms import errors_to_form
from licensing.organizations.invitations import selectors, services
from licensing.organizations.invitations.forms import InvitationForm


@login_required
@require_http_methods(["GET", "POST"])
def invitations(request, pk: int):
    organization = selectors.organization_for_inviting(user=request.user, pk=pk)
    form = InvitationForm(request.POST or None, organization=organization)
    status = 200
    if form.is_bound:
        if form.is_valid():
            try:
                invitation = services.invitation_send(actor=request.user, organization=organization,
                                                      **form.cleaned_data)
            except ValidationError as exc:
                errors_to_form(form, exc)
            else:
                messages.success(request, _("The invitation is on its way to %(email)s.") % {"email": invitation.email})
                return redirect("portal:organization_invitations", pk=organization.pk)
        status = 400
    context = {"organization": organization, "form": form,
               "invitations": selectors.invitation_list(user=request.user, organization=organization),
               "invitation_days": settings.ORGANIZATION_INVITATION_DAYS}
    return render(request, "licensing/organizations/invitations.html", context, status=status)


@login_required
@require_POST
def invitation_revoke(request, pk: int, invitation_pk: int):
    organization = selectors.organization_for_inviting(user=request.user, pk=pk)
    invitation = selectors.invitation_get(user=request.user, organization=organization, pk=invitation_pk)
    try:
        services.invitation_revoke(actor=request.user, invitation=invitation)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("The invitation to %(email)s is revoked.") % {"email": invitation.email})
    return redirect("portal:organization_invitations", pk=organization.pk)


@require_http_methods(["GET", "POST"])
def invitation_accept(request, token: str):
    """Open to anyone holding the link: it says what the invitation is, and a signed-in person whose verified
    address is the invited one accepts it. Someone without an account signs up from here and comes back."""
    invitation = selectors.invitation_by_token(token=token)
    error = services.invitation_refusal(invitation)
    status = 200 if error is None else 410 if invitation is not None else 404
    if request.method == "POST" and error is None:
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={request.path}")
        try:
            membership = services.invitation_accept(actor=request.user, token=token)
        except ValidationError as exc:
            error, status = " ".join(exc.messages), 400
        else:
            messages.success(request, _("You now act for %(organization)s as %(role)s.") % {
                "organization": membership.organization.name, "role": membership.get_role_display()})
            return redirect("portal:organization_detail", pk=membership.organization_id)
    return render(request, "licensing/organizations/invitation_accept.html",
                  {"invitation": invitation if error is None or status == 400 else None, "error": error,
                   "next": request.path}, status=status)
