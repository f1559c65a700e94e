"""Portal pages of the Board review: the staff queue, the application under review, the members' votes,
and the organization's read-only status of its application."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.forms import errors_to_form
from licensing.fees import payments as fee_payments
from licensing.fees.context import fee_context
from licensing.fees.forms import FeePaymentForm, FeePaymentVoidForm, FeeWaiverForm
from licensing.models import License, Vote
from licensing.models.choices import OPEN_STATUSES, ApplicationStatus, DenialReason, LicenseType
from licensing.premises.selectors import premises_correction_list
from licensing.review import selectors as selectors_review
from licensing.review import services as review_services
from licensing.review.filters import OPEN, ApplicationReviewFilter
from licensing.review.forms import DeficiencyNoticeForm, DenialForm, VoteForm

QUEUE_PAGE_SIZE = 50
# What a licensee of another app filed (Application.submitted_snapshot, shaped by that app's hooks,
# licensing.applications.kinds): shown by a template of its license type, read from the snapshot alone.
SNAPSHOT_TEMPLATES = {
    LicenseType.VENDOR: "licensing/review/snapshot_vendor.html",
}


def _require_board(user) -> None:
    if not user.is_board:
        raise PermissionDenied


@login_required
def review_queue(request):
    _require_board(request.user)
    data = request.GET.copy()
    data.setdefault("status", OPEN)  # the queue opens on the work still to do
    base = selectors_review.review_application_list(user=request.user)
    filterset = ApplicationReviewFilter(data, base)
    paginator = Paginator(filterset.qs, QUEUE_PAGE_SIZE)
    page = paginator.get_page(request.GET.get("page"))
    context = {"filter": filterset, "page": page, "total": paginator.count}
    template = "licensing/review/_queue_results.html" if request.htmx else "licensing/review/queue.html"
    return render(request, template, context)


def _detail_context(request, application, **forms) -> dict:
    user = request.user
    is_open = application.status in OPEN_STATUSES
    my_vote = Vote.objects.filter(application=application, member=user).first() if user.is_board_member else None
    votes = application.votes.select_related("member").order_by("cast_at")
    decision = getattr(application, "decision", None)
    context = {
        "application": application,
        "findings": application.findings,
        "documents": selectors_review.application_documents(application=application),
        "occasions": application.occasions.select_related("premises"),
        "premises_corrections": premises_correction_list(user=user, application=application),
        "notices": application.deficiency_notices.select_related("issued_by"),
        "votes": votes,
        "my_vote": my_vote,
        "decision": decision,
        "decision_reasons": [DenialReason(r).label for r in decision.reasons] if decision else [],
        "license": License.objects.filter(application=application).first(),
        "history": selectors_review.application_history(user=user, application=application),
        "snapshot": application.submitted_snapshot or {},
        "snapshot_template": SNAPSHOT_TEMPLATES.get(application.license_type),
        "deficiency_form": None,
        "denial_form": None,
        "vote_form": None,
        **fee_context(application=application, user=user, forms=forms),  # the fee, its payments, staff's forms
    }
    if user.is_board_staff and application.status == ApplicationStatus.SUBMITTED:
        context["deficiency_form"] = forms.get("deficiency_form") or DeficiencyNoticeForm()
    if user.is_board_staff and is_open:
        context["denial_form"] = forms.get("denial_form") or DenialForm()
    if user.is_board_member and my_vote is None and application.status == ApplicationStatus.SUBMITTED:
        context["vote_form"] = forms.get("vote_form") or VoteForm()
    return context


@login_required
def review_detail(request, pk: int):
    _require_board(request.user)
    application = selectors_review.review_application_get(user=request.user, pk=pk)
    return render(request, "licensing/review/detail.html", _detail_context(request, application))


def _post_form(request, pk: int, form_class, context_key: str, act, success: str, staff_only: bool = False):
    """Validate the form, call the service; on a refusal show the page again with the errors inline."""
    _require_board(request.user)
    if staff_only and not request.user.is_board_staff:
        raise PermissionDenied
    application = selectors_review.review_application_get(user=request.user, pk=pk)
    form = form_class(request.POST)
    if form.is_valid():
        try:
            act(application, form.cleaned_data)
        except ValidationError as error:
            errors_to_form(form, error)
        except review_services.VoteAlreadyCast as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, success)
            return redirect("portal:review_detail", pk=pk)
    application.refresh_from_db()
    context = _detail_context(request, application, **{context_key: form})
    if context[context_key] is None:
        # The form is gone from the page (already voted, application decided meanwhile): say why at the top.
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect("portal:review_detail", pk=pk)
    return render(request, "licensing/review/detail.html", context, status=400)


@login_required
@require_POST
def review_deficiency(request, pk: int):
    return _post_form(
        request, pk, DeficiencyNoticeForm, "deficiency_form",
        lambda application, data: review_services.deficiency_notice_issue(
            actor=request.user, application=application, message=data["message"], cure_days=data["cure_days"]
        ),
        _("Deficiency notice sent to the organization."),
    )


@login_required
@require_POST
def review_deny(request, pk: int):
    return _post_form(
        request, pk, DenialForm, "denial_form",
        lambda application, data: review_services.application_deny(
            actor=request.user, application=application, reasons=data["reasons"], explanation=data["explanation"]
        ),
        _("The denial is recorded and the organization told."),
    )


@login_required
@require_POST
def review_vote(request, pk: int):
    return _post_form(
        request, pk, VoteForm, "vote_form",
        lambda application, data: review_services.vote_cast(
            application=application, actor=request.user, choice=data["choice"]
        ),
        _("Your vote is recorded."),
    )


@login_required
@require_POST
def review_fee_payment(request, pk: int):
    return _post_form(
        request, pk, FeePaymentForm, "fee_payment_form",
        lambda application, data: fee_payments.fee_payment_record(
            actor=request.user, application=application, **data),
        _("The payment is recorded; the organization gets its receipt by email."), staff_only=True,
    )


@login_required
@require_POST
def review_fee_waive(request, pk: int):
    return _post_form(
        request, pk, FeeWaiverForm, "fee_waiver_form",
        lambda application, data: fee_payments.fee_waive(
            actor=request.user, application=application, reason=data["reason"]),
        _("The fee is waived."), staff_only=True,
    )


@login_required
@require_POST
def review_fee_payment_void(request, pk: int, payment: int):
    return _post_form(
        request, pk, FeePaymentVoidForm, "fee_void_form",
        lambda application, data: fee_payments.fee_payment_void(
            actor=request.user, payment=get_object_or_404(application.fee_payments, pk=payment),
            reason=data["reason"]),
        _("The payment is void; it no longer counts toward the fee."), staff_only=True,
    )


@login_required
def votes_awaiting(request):
    if not request.user.is_board_member:
        raise PermissionDenied
    applications = selectors_review.applications_awaiting_vote(user=request.user)
    page = Paginator(applications, QUEUE_PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "licensing/review/votes.html", {"page": page})


def application_status_context(application) -> dict:
    """What an organization sees of its application's fate: notices, decision, license."""
    decision = getattr(application, "decision", None)
    return {
        "application": application,
        "notices": application.deficiency_notices.all(),
        "decision": decision,
        "license": License.objects.filter(application=application).first(),
        "decision_reasons": [DenialReason(r).label for r in decision.reasons] if decision else [],
        **fee_context(application=application),  # the fee and its receipts, read-only
    }


@login_required
def application_status(request, pk: int):
    """Read-only: where an application stands, for its organization's people (and the Board)."""
    application = selectors_review.application_status_get(user=request.user, pk=pk)
    context = application_status_context(application)
    template = (
        "licensing/review/_application_status.html" if request.htmx else "licensing/review/application_status.html"
    )
    return render(request, template, context)
