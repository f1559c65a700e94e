"""Reads for the Board's review, scoped like every read.

The review queue is the Board's alone (staff review, members vote): anyone else gets an empty
queryset, so a detail answers 404."""

import datetime as dt

from django.db.models import (
    Count,
    DateTimeField,
    DurationField,
    Exists,
    ExpressionWrapper,
    F,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
)
from django.db.models.functions import Coalesce
from django.shortcuts import get_object_or_404
from django.utils import timezone

from licensing.audit.selectors import audit_event_list
from licensing.models import (
    Application,
    AuditEvent,
    DeficiencyNotice,
    Document,
    License,
    User,
    Vote,
)
from licensing.models.choices import ApplicationStatus, VoteChoice
from licensing.organizations.selectors import records_organization_list
from licensing.review.filters import ApplicationReviewFilter


def _open_notice(field: str) -> Subquery:
    notices = DeficiencyNotice.objects.filter(
        application=OuterRef("pk"), cured_at__isnull=True, expired_at__isnull=True
    ).order_by("-issued_at")
    return Subquery(notices.values(field)[:1])


def _vote_count(**conditions) -> Coalesce:
    # A correlated subquery, not a JOIN + GROUP BY: it runs for the rows of one page only, and
    # the paginator's COUNT(*) drops it, so the queue does not slow down as applications pile up.
    votes = (
        Vote.objects.filter(application=OuterRef("pk"), **conditions)
        .order_by()
        .values("application")
        .annotate(total=Count("pk"))
        .values("total")
    )
    return Coalesce(Subquery(votes, output_field=IntegerField()), 0)


def review_application_list(*, user: User, filters: dict | None = None) -> QuerySet[Application]:
    """Every submitted application, oldest first. One query per page whatever its size: the counts, the open
    notice and the time waiting (`waiting`, a timedelta: `.days` is the queue's "days waiting") come as
    annotations, the organization and premises by join."""
    if not user.is_authenticated or not user.is_board:
        return Application.objects.none()
    queryset = (
        Application.objects.exclude(status=ApplicationStatus.DRAFT)
        .select_related("organization", "premises", "base_license")
        .annotate(
            ayes=_vote_count(choice=VoteChoice.AYE),
            nays=_vote_count(choice=VoteChoice.NAY),
            votes_count=_vote_count(),
            cure_by=_open_notice("cure_by"),
            waiting=ExpressionWrapper(Value(timezone.now(), output_field=DateTimeField()) - F("submitted_at"),
                                      output_field=DurationField()),
            # Approved with no license yet: the license waits for the fee (licensing.fees.payments).
            licensed=Exists(License.objects.filter(application=OuterRef("pk"))),
        )
        .order_by("submitted_at", "pk")
    )
    return ApplicationReviewFilter(filters, queryset).qs if filters is not None else queryset


# The queue's age buckets, in whole days waiting since submission: (first day, last day or None).
AGE_BUCKETS = ((0, 7), (8, 14), (15, 30), (31, 60), (61, None))


def queue_age_counts(queryset: QuerySet[Application], *, now: dt.datetime | None = None) -> list[int]:
    """How many of the queue's applications have waited each AGE_BUCKETS span, in one query."""
    now = now or timezone.now()

    def waited_at_least(days: int) -> Q:
        return Q(submitted_at__lte=now - dt.timedelta(days=days))

    counts = {}
    for index, (first, last) in enumerate(AGE_BUCKETS):
        condition = waited_at_least(first) if first else Q(submitted_at__isnull=False)
        if last is not None:
            condition &= ~waited_at_least(last + 1)
        counts[f"bucket_{index}"] = Count("pk", filter=condition)
    totals = queryset.order_by().aggregate(**counts)
    return [totals[f"bucket_{index}"] for index in range(len(AGE_BUCKETS))]


def review_application_get(*, user: User, pk: int) -> Application:
    return get_object_or_404(review_application_list(user=user), pk=pk)


def applications_awaiting_vote(*, user: User) -> QuerySet[Application]:
    """What a board member has yet to vote on (30 DCMR 1202.4)."""
    if not user.is_authenticated or not user.is_board_member:
        return Application.objects.none()
    return review_application_list(user=user).filter(status=ApplicationStatus.SUBMITTED).exclude(votes__member=user)


def application_documents(*, application: Application) -> QuerySet[Document]:
    """The application's own documents and the organization's standing ones (bylaws, determination letter)."""
    return (
        Document.objects.filter(organization_id=application.organization_id)
        .filter(Q(application=application) | Q(application__isnull=True))
        .select_related("uploaded_by")
        .order_by("kind", "-uploaded_at")
    )


def application_document_get(*, application: Application, pk: int) -> Document:
    return get_object_or_404(application_documents(application=application), pk=pk)


def application_history(*, user: User, application: Application) -> QuerySet[AuditEvent]:
    """Every audit row about this application: its own, its notices', and its license's."""
    notice_ids = [str(pk) for pk in application.deficiency_notices.values_list("pk", flat=True)]
    about = (
        Q(object_type="licensing.application", object_id=str(application.pk))
        | Q(object_type="licensing.deficiencynotice", object_id__in=notice_ids)
        | Q(payload__application=application.pk)
    )
    return audit_event_list(user=user).filter(about).order_by("created_at", "id")


def application_status_get(*, user: User, pk: int) -> Application:
    """An application as those who file for its organization see it (the Board sees every one): 404 for anyone
    else, the organization's game roles included."""
    queryset = Application.objects.filter(organization__in=records_organization_list(user=user)).select_related(
        "organization"
    )
    return get_object_or_404(queryset, pk=pk)
