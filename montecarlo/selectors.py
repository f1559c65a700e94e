"""Every tournament read scoped to a user: an organization's people see their organization's
tournaments; the Board sees all; anyone else sees none. Another organization's tournament is a
404, never a 403, so its existence is not disclosed. The public clock is reached by key alone."""

from __future__ import annotations

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from licensing.models import License, Role
from licensing.models.choices import LicenseStatus, LicenseType
from licensing.selectors import has_role, organization_ids_with_roles
from montecarlo.models import Tournament

# Who runs a tournament: plans it, registers players, draws seats, runs the clock, approves moves.
DIRECTOR_ROLES = frozenset({Role.TOURNAMENT_DIRECTOR, Role.OFFICER})
# Who deals (30 DCMR 1603.24: an MCN worker deals); a director may deal too.
DEALER_ROLES = DIRECTOR_ROLES | {Role.DEALER}
# Everyone of the organization who may read its tournaments.
READER_ROLES = DEALER_ROLES | {Role.MEMBER_IN_CHARGE, Role.ALTERNATE, Role.GROSS_RECEIPTS}


def organization_ids(*, user, roles=READER_ROLES) -> QuerySet:
    """Ids of the organizations where the user holds one of the roles."""
    return organization_ids_with_roles(user=user, roles=roles)


def tournament_list(*, user) -> QuerySet[Tournament]:
    if not getattr(user, "is_authenticated", False):
        return Tournament.objects.none()
    queryset = Tournament.objects.select_related("license__organization")
    if user.is_board:
        return queryset
    return queryset.filter(license__organization_id__in=organization_ids(user=user))


def tournament_get(*, user, pk: int) -> Tournament:
    return get_object_or_404(tournament_list(user=user), pk=pk)


def tournament_by_key(*, key: str) -> Tournament:
    """Public: the clock screen is reached by the tournament's unguessable key alone."""
    return get_object_or_404(Tournament.objects.select_related("license__organization"), public_key=key)


def director_licenses(*, user) -> QuerySet[License]:
    """Active Monte Carlo Night licenses of the organizations the user directs tournaments for."""
    if not getattr(user, "is_authenticated", False):
        return License.objects.none()
    return License.objects.filter(
        organization_id__in=organization_ids(user=user, roles=DIRECTOR_ROLES),
        license_type=LicenseType.MONTECARLO, status=LicenseStatus.ACTIVE,
    ).select_related("organization")


def can_direct(*, user, tournament: Tournament) -> bool:
    return has_role(user=user, organization_id=tournament.license.organization_id, roles=DIRECTOR_ROLES)


def can_deal(*, user, tournament: Tournament) -> bool:
    return has_role(user=user, organization_id=tournament.license.organization_id, roles=DEALER_ROLES)
