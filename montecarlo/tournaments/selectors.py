"""Every tournament read scoped to a user: an organization's people see their organization's tournaments; the
Board sees all; anyone else sees none. Another organization's tournament is a 404, never a 403, so its existence
is not disclosed. The public clock and results are reached by the tournament's unguessable key alone. Who may
direct or deal is read here for the pages; the services refuse with montecarlo.selectors.require_director."""

from __future__ import annotations

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _

from licensing.home.events import UpcomingEvent
from montecarlo.models import Night, NightStatus, Tournament
from montecarlo.selectors import DEALER_ROLES, DIRECTOR_ROLES, has_role, organization_ids


def tournament_list(*, user) -> QuerySet[Tournament]:
    if not getattr(user, "is_authenticated", False):
        return Tournament.objects.none()
    queryset = Tournament.objects.select_related("license__organization")
    if user.is_board:
        return queryset
    return queryset.filter(license__organization_id__in=organization_ids(user=user))


def tournament_get(*, user, pk: int) -> Tournament:
    return get_object_or_404(tournament_list(user=user), pk=pk)


def tournament_or_none(*, user, pk: int) -> Tournament | None:
    """A staff socket's tournament, or None (the socket is refused) where the page would be a 404."""
    return tournament_list(user=user).filter(pk=pk).first()


def tournament_by_key(*, key: str) -> Tournament:
    """Public: the clock screen is reached by the tournament's unguessable key alone."""
    return get_object_or_404(Tournament.objects.select_related("license__organization"), public_key=key)


def tournament_by_key_or_none(*, key: str) -> Tournament | None:
    """The public clock socket's tournament, or None (the socket is refused)."""
    return Tournament.objects.filter(public_key=key).first()


def night_choices(*, licenses) -> QuerySet[Night]:
    """The open nights a tournament may be planned at: those of the licenses the director plans under
    (montecarlo.selectors.director_licenses)."""
    return Night.objects.filter(license__in=licenses, status=NightStatus.OPEN)


def can_direct(*, user, tournament: Tournament) -> bool:
    return has_role(user=user, organization_id=tournament.license.organization_id, roles=DIRECTOR_ROLES)


def can_deal(*, user, tournament: Tournament) -> bool:
    return has_role(user=user, organization_id=tournament.license.organization_id, roles=DEALER_ROLES)


def upcoming_tournaments(*, user, organization, today, limit: int) -> list[UpcomingEvent]:
    """The organization's Hold'em tournaments from today on, for its home page (licensing.home.events)."""
    tournaments = tournament_list(user=user).filter(license__organization=organization, date__gte=today
                                                    ).select_related(None).order_by("date", "starts_at")[:limit]
    return [UpcomingEvent(date=tournament.date, starts_at=tournament.starts_at, kind=_("Hold'em tournament"),
                          title=tournament.name, url=reverse("montecarlo:tournament_detail", args=[tournament.pk]))
            for tournament in tournaments]
