"""Board staff portal page for enforcement: suspend, revoke or fine one license, and its history."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _

from core.forms import errors_to_form
from licensing.audit.selectors import audit_event_list
from licensing.enforcement.forms import FineForm, RevokeForm, SuspendForm
from licensing.enforcement.selectors import enforcement_action_list, license_for_enforcement_get
from licensing.enforcement.services import license_fine, license_revoke, license_suspend

FORMS = {form.action: form for form in (SuspendForm, RevokeForm, FineForm)}
DONE = {
    "suspend": _("License %(number)s is suspended. The organization has been notified."),
    "revoke": _("License %(number)s is revoked. The organization has been notified."),
    "fine": _("The fine on license %(number)s is recorded. The organization has been notified."),
}


def _act(*, action: str, actor, license, data: dict):
    data = {key: value for key, value in data.items() if key != "confirm"}
    if action == "suspend":
        return license_suspend(actor=actor, license=license, **data)
    if action == "revoke":
        return license_revoke(actor=actor, license=license, **data)
    return license_fine(actor=actor, license=license, **data)


@login_required
def license_enforcement(request, pk: int):
    user = request.user
    if user.is_board_member and not user.is_board_staff:
        # Board members know the license exists (they vote); acting on it is staff work.
        raise PermissionDenied(_("Only board staff may take enforcement action."))
    license = license_for_enforcement_get(user=user, pk=pk)
    forms = {action: form_class() for action, form_class in FORMS.items()}
    status = 200

    if request.method == "POST":
        action = request.POST.get("action")
        if action not in FORMS:
            status = 400
            messages.error(request, _("Choose suspend, revoke or fine."))
        else:
            form = forms[action] = FORMS[action](request.POST)
            if form.is_valid():
                try:
                    _act(action=action, actor=user, license=license, data=form.cleaned_data)
                except ValidationError as error:
                    errors_to_form(form, error)
                else:
                    messages.success(request, DONE[action] % {"number": license.number})
                    return redirect("portal:license_enforcement", pk=license.pk)
            status = 400

    context = {
        "license": license,
        "forms": forms,
        "actions": enforcement_action_list(user=user, license=license),
        "events": audit_event_list(user=user).filter(
            object_type="licensing.license", object_id=str(license.pk)
        )[:15],
    }
    return render(request, "licensing/enforcement/license_enforcement.html", context, status=status)
