"""Every read of a night, its participants, ledgers and tables, scoped to the user: an organization's people
(directors, dealers, officers and the responsible members) read their organization's nights; the Board reads
all; anyone else reads none. Another organization's night is a 404, never a 403. The public pages (posted house
rules, the leaderboard) are reached by the night's unguessable key alone."""

from __future__ import annotations

from django.db.models import Case, QuerySet, Value, When
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _

from licensing.home.events import UpcomingEvent
from montecarlo.models import ApprovalStatus, GameApproval, GameTable, Night, Participant
from montecarlo.selectors import DEALER_ROLES, DIRECTOR_ROLES, has_role, organization_ids


def night_list(*, user) -> QuerySet[Night]:
    if not getattr(user, "is_authenticated", False):
        return Night.objects.none()
    queryset = Night.objects.select_related("license__organization", "premises")
    if user.is_board:
        return queryset
    return queryset.filter(license__organization_id__in=organization_ids(user=user))


def night_get(*, user, pk: int) -> Night:
    return get_object_or_404(night_list(user=user), pk=pk)


def night_by_key(*, key: str) -> Night:
    return get_object_or_404(Night.objects.select_related("license__organization", "premises"), public_key=key)


def participant_list(*, night: Night) -> QuerySet[Participant]:
    """The participants of a night already read through `night_get` (the scope is the night's)."""
    return night.participants.order_by("number")


def participant_get(*, night: Night, number: int) -> Participant:
    return get_object_or_404(Participant, night=night, number=number)


def participant_by_receipt(*, user, code: str) -> Participant:
    """The receipt's QR code opens the ledger for the night's staff and the Board; anyone else gets a 404."""
    return get_object_or_404(Participant.objects.select_related("night"),
                             night__in=night_list(user=user), receipt_code=code)


def table_list(*, user) -> QuerySet[GameTable]:
    return GameTable.objects.filter(night__in=night_list(user=user)).select_related("night__license", "game")


def table_get(*, user, night: Night, number: int) -> GameTable:
    return get_object_or_404(GameTable.objects.select_related("night__license__organization", "game"),
                             night=night, number=number)


def approval_queue(*, user) -> QuerySet[GameApproval]:
    """The Board's list of house rules waiting for (or given) the Agency's decision (30 DCMR 1602.1)."""
    if not getattr(user, "is_authenticated", False) or not user.is_board:
        return GameApproval.objects.none()
    waiting_first = Case(When(status=ApprovalStatus.PENDING, then=Value(0)), default=Value(1))
    return GameApproval.objects.select_related("night__license__organization", "game").order_by(
        waiting_first, "-requested_at")


def can_direct(*, user, night: Night) -> bool:
    return has_role(user=user, organization_id=night.license.organization_id, roles=DIRECTOR_ROLES)


def can_deal(*, user, night: Night) -> bool:
    return has_role(user=user, organization_id=night.license.organization_id, roles=DEALER_ROLES)


def upcoming_nights(*, user, organization, today, limit: int) -> list[UpcomingEvent]:
    """The organization's Monte Carlo Nights from today on, for its home page (licensing.home.events; its
    tournaments are montecarlo.tournaments.selectors.upcoming_tournaments)."""
    # Only what the lines show (a night's premises): the home is the most opened page.
    nights = night_list(user=user).filter(license__organization=organization, date__gte=today,
                                          training=False).select_related(None).select_related(
        "premises").order_by("date", "starts_at")[:limit]
    return [UpcomingEvent(date=night.date, starts_at=night.starts_at, kind=_("Monte Carlo Night"), title=night.name,
                          place=night.premises.name if night.premises_id else "",
                          url=reverse("montecarlo:night_detail", args=[night.pk])) for night in nights]
