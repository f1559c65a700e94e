"""Portal: board staff accept or reject a correction of the premises on record, from the application's review page."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from licensing.premises import selectors, services


def _decide(request, pk: int, decide, done: str):
    if not request.user.is_board_staff:
        raise PermissionDenied
    correction = selectors.premises_correction_get(user=request.user, pk=pk)
    try:
        decide(actor=request.user, correction=correction)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, done)
    return redirect("portal:review_detail", pk=correction.application_id)


@login_required
@require_POST
def correction_accept(request, pk: int):
    return _decide(request, pk, services.premises_correction_accept,
                   _("The correction is accepted: the premises on record now read as corrected."))


@login_required
@require_POST
def correction_reject(request, pk: int):
    return _decide(request, pk, services.premises_correction_reject, _("The correction is rejected."))
