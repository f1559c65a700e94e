"""Portal pages of the Board review: the staff queue, the application under review, the members' votes,
and the organization's read-only status of its application."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.csp import CSP
from django.utils.translation import gettext as _
from django.views.decorators.clickjacking import xframe_options_sameorigin
from django.views.decorators.csp import csp_override
from django.views.decorators.http import require_GET, require_POST

from core import charts
from core.forms import errors_to_form
from licensing.fees import payments as fee_payments
from licensing.fees.context import fee_context
from licensing.fees.forms import FeePaymentForm, FeePaymentVoidForm, FeeWaiverForm
from licensing.models import License
from licensing.models.choices import OPEN_STATUSES, ApplicationStatus, DenialReason, LicenseType, VoteChoice
from licensing.organizations.views import document_file_response, stored_file_response
from licensing.premises.selectors import premises_correction_list
from licensing.register.values import value
from licensing.review import dossier
from licensing.review import selectors as selectors_review
from licensing.review import services as review_services
from licensing.review.filters import OPEN, ApplicationReviewFilter
from licensing.review.forms import DeficiencyNoticeForm, DenialForm, VoteForm
from licensing.review.rules import QUORUM_KEY
from licensing.review.thread import selectors as thread_selectors
from licensing.review.thread.forms import MessageForm
from licensing.review.thread.services import application_message_post as message_post

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
    context = {
        "filter": filterset, "page": page, "total": paginator.count,
        "age_chart": _age_chart(selectors_review.queue_age_counts(filterset.qs)),
        # Written once per page, not per row: the rows are the queue's rendering cost (issue 15's profile).
        "review_base": reverse("portal:review_queue"),  # a row links to review_base + pk + "/" (review_detail)
        "of_quorum": _("of %(quorum)d needed") % {"quorum": value(QUORUM_KEY)},
    }
    template = "licensing/review/_queue_results.html" if request.htmx else "licensing/review/queue.html"
    return render(request, template, context)


def _age_label(first: int, last: int | None) -> str:
    if last is None:
        return _("more than %(days)d days") % {"days": first - 1}
    return _("%(first)d–%(last)d days") % {"first": first, "last": last}


def _age_chart(counts: list[int]) -> charts.Chart:
    """The queue by days waiting (selectors_review.AGE_BUCKETS), drawn by core.charts with its table."""
    return charts.bar_chart(
        chart_id="queue-ageing", title=_("Applications in the queue by days waiting"), money=False,
        categories=[_age_label(first, last) for first, last in selectors_review.AGE_BUCKETS],
        series=[charts.Series(key="waiting", label=_("Applications"), values=counts)],
    )


def thread_context(request, application, form=None, *, readable: bool | None = None) -> dict:
    """The reply thread as the reader may see it: nothing for who may not read it, the form for who may write.
    `readable`: whether the reader may read it, when the caller has asked already (application_status_context)."""
    user = request.user
    if readable is None:
        readable = thread_selectors.can_read_thread(user=user, application=application)
    if not readable:
        return {"thread_shown": False}
    can_post = thread_selectors.can_post_in_thread(user=user, application=application)
    open_notice = None
    if can_post and not user.is_board_staff:  # the organization is told when its reply answers a notice
        open_notice = application.deficiency_notices.filter(cured_at__isnull=True, expired_at__isnull=True).first()
    return {
        "thread_shown": True,
        "thread": thread_selectors.message_list(user=user, application=application),
        "thread_form": (form or MessageForm()) if can_post else None,
        "thread_open_notice": open_notice,
    }


def _tally(application, votes) -> dict:
    """The Board's count toward the quorum in force today (30 DCMR 1202.4): "3 of 4 needed"."""
    ayes = sum(1 for vote in votes if vote.choice == VoteChoice.AYE)
    return {"ayes": ayes, "quorum": value(QUORUM_KEY), "cast": len(votes)}


def _detail_context(request, application, **forms) -> dict:
    user = request.user
    is_open = application.status in OPEN_STATUSES
    votes = list(application.votes.select_related("member").order_by("cast_at"))
    my_vote = next((vote for vote in votes if vote.member_id == user.pk), None) if user.is_board_member else None
    decision = getattr(application, "decision", None)
    documents = list(selectors_review.application_documents(application=application))
    context = {
        "application": application,
        "findings": application.findings,
        "documents": documents,
        "answers": dossier.application_answers(application),
        "lease": dossier.lease_terms(application),
        "people": dossier.organization_people(application),
        "premises_facts": dossier.premises_facts(application, documents),
        "tally": _tally(application, votes),
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
        **thread_context(request, application, forms.get("thread_form")),
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
            application=application, actor=request.user, choice=data["choice"], comment=data["comment"]
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


def application_status_context(application, *, user) -> dict:
    """What an organization sees of its application's fate: notices, decision, license; and whether the reader
    may open the reply thread (its filing people and the Board: a caller or a dealer of the organization may not)."""
    decision = getattr(application, "decision", None)
    return {
        "application": application,
        "thread_readable": thread_selectors.can_read_thread(user=user, application=application),
        "notices": application.deficiency_notices.all(),
        "decision": decision,
        "license": License.objects.filter(application=application).first(),
        "decision_reasons": [DenialReason(r).label for r in decision.reasons] if decision else [],
        **fee_context(application=application),  # the fee and its receipts, read-only
    }


@login_required
def application_status(request, pk: int):
    """Where an application stands, for its organization's people (and the Board), with its reply thread."""
    application = selectors_review.application_status_get(user=request.user, pk=pk)
    status = application_status_context(application, user=request.user)
    context = {**status, **thread_context(request, application, readable=status["thread_readable"]),
               "on_status_page": True}
    template = (
        "licensing/review/_application_status.html" if request.htmx else "licensing/review/application_status.html"
    )
    return render(request, template, context)


@login_required
@require_POST
def application_message(request, pk: int):
    """A message in the thread, from the review page (staff) or the status page (the organization). A refusal
    shows the same page again with the errors on the form."""
    application = thread_selectors.thread_application_get(user=request.user, pk=pk)
    form = MessageForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            message_post(actor=request.user, application=application, body=form.cleaned_data["body"],
                         attachments=form.cleaned_data["attachments"])
        except ValidationError as error:
            errors_to_form(form, error)
        else:
            messages.success(request, _("Your message is sent."))
            page = "portal:review_detail" if request.user.is_board else "portal:application_status"
            return redirect(reverse(page, args=[application.pk]) + "#thread")
    if request.user.is_board:
        application = selectors_review.review_application_get(user=request.user, pk=pk)
        return render(request, "licensing/review/detail.html",
                      _detail_context(request, application, thread_form=form), status=400)
    status = application_status_context(application, user=request.user)
    context = {**status, **thread_context(request, application, form, readable=status["thread_readable"]),
               "on_status_page": True}
    return render(request, "licensing/review/application_status.html", context, status=400)


@login_required
@require_GET
def application_message_attachment(request, pk: int, attachment_pk: int):
    """A file sent in the thread, as a download, for whoever may read the thread; 404 for anyone else."""
    application = thread_selectors.thread_application_get(user=request.user, pk=pk)
    attachment = thread_selectors.attachment_get(user=request.user, application=application, pk=attachment_pk)
    return stored_file_response(attachment.file, content_type=attachment.content_type,
                                original_name=attachment.original_name, fallback="attachment")


# The review page previews a document in an <iframe>: this response alone may be framed, and only by this
# site (the site answers X-Frame-Options DENY and CSP frame-ancestors 'none' everywhere else).
framed_by_this_site = csp_override({**settings.SECURE_CSP, "frame-ancestors": [CSP.SELF]})


@login_required
@require_GET
@xframe_options_sameorigin
@framed_by_this_site
def review_document_preview(request, pk: int, document_pk: int):
    """One of the application's documents, inline, for the review page's preview: the Board only."""
    _require_board(request.user)
    application = selectors_review.review_application_get(user=request.user, pk=pk)
    document = selectors_review.application_document_get(application=application, pk=document_pk)
    return document_file_response(document, inline=True)
