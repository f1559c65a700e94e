"""Board staff's page of possible matches (30 DCMR 1401.13, 1206.4(e)): each open pair with both records described
and a form to confirm or dismiss it with a reason, the ties found, and the decisions made. Anyone but Board staff
is refused (403), as on the Board's other staff pages."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from core.forms import errors_to_form
from licensing.matches import selectors
from licensing.matches.forms import SAME, MatchDecisionForm
from licensing.matches.services import match_decide

DECISIONS_PER_PAGE = 50


def _form_for(match, index: int) -> MatchDecisionForm:
    return MatchDecisionForm(initial={"rule": match.rule, "person": match.person, "other": match.other},
                             auto_id=f"id_%s_{index}")


@login_required
@require_http_methods(["GET", "POST"])
def match_review(request):
    user = request.user
    if not user.is_board_staff:
        raise PermissionDenied(_("Only Board staff review possible matches."))
    posted, status = None, 200
    if request.method == "POST":
        posted = MatchDecisionForm(request.POST, auto_id="id_%s_posted")
        if posted.is_valid():
            data = posted.cleaned_data
            try:
                decision = match_decide(actor=user, rule=data["rule"], person=data["person"], other=data["other"],
                                        same=data["decision"] == SAME, reason=data["reason"])
            except ValidationError as error:
                errors_to_form(posted, error)
            else:
                done = (_("Confirmed: %(person)s is %(other)s (%(rule)s).") if decision.same
                        else _("Dismissed: %(person)s is not %(other)s (%(rule)s)."))
                messages.success(request, done % {"person": decision.person_name, "other": decision.other_name,
                                                  "rule": decision.rule})
                return redirect("portal:match_review")
        status = 400
    matches = selectors.match_list(user=user)
    rows = []
    for index, match in enumerate(matches):
        form = posted if posted is not None and posted.key == match.key else _form_for(match, index)
        rows.append((match, form))
    if posted is not None and not any(form is posted for _match, form in rows):
        # The pair is no longer open (decided meanwhile, a record changed): say why on top of the page.
        for errors in posted.errors.values():
            for message in errors:
                messages.error(request, message)
    decisions = Paginator(selectors.match_decision_list(user=user), DECISIONS_PER_PAGE).get_page(
        request.GET.get("page"))
    context = {"rows": rows, "ties": selectors.match_list(user=user, status=selectors.TIES), "decisions": decisions}
    return render(request, "licensing/matches/review.html", context, status=status)
