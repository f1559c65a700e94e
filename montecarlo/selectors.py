"""The Monte Carlo app's roles on the licensing scope, shared by its features: who directs (plans and runs nights
and tournaments, sets up tables), who deals, who reads; the organizations where a user holds them, the licenses a
director plans under, and the one refusal of a director's change (`require_director`). Each feature's reads are
its own selectors (montecarlo/nights/selectors.py, montecarlo/tournaments/selectors.py)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from licensing.models import License, Role
from licensing.models.choices import LicenseStatus, LicenseType
from licensing.selectors import has_role, organization_ids_with_roles

# Who runs a tournament: plans it, registers players, draws seats, runs the clock, approves moves.
DIRECTOR_ROLES = frozenset({Role.TOURNAMENT_DIRECTOR, Role.OFFICER})
# Who deals (30 DCMR 1603.24: an MCN worker deals); a director may deal too.
DEALER_ROLES = DIRECTOR_ROLES | {Role.DEALER}
# Everyone of the organization who may read its tournaments.
READER_ROLES = DEALER_ROLES | {Role.MEMBER_IN_CHARGE, Role.ALTERNATE, Role.GROSS_RECEIPTS}


def organization_ids(*, user, roles=READER_ROLES) -> QuerySet:
    """Ids of the organizations where the user holds one of the roles."""
    return organization_ids_with_roles(user=user, roles=roles)


def director_licenses(*, user) -> QuerySet[License]:
    """Active Monte Carlo Night licenses of the organizations the user directs tournaments for."""
    if not getattr(user, "is_authenticated", False):
        return License.objects.none()
    return License.objects.filter(
        organization_id__in=organization_ids(user=user, roles=DIRECTOR_ROLES),
        license_type=LicenseType.MONTECARLO, status=LicenseStatus.ACTIVE,
    ).select_related("organization")


def require_director(actor, license: License, message=None) -> None:
    """Refuse (403) a director's change under this license (a night's, a tournament's, a table's) to anyone but
    the organization's tournament directors and officers. `message` says what was refused, as each screen has
    always said it; without one, "may do this"."""
    if not has_role(user=actor, organization_id=license.organization_id, roles=DIRECTOR_ROLES):
        # str(): a lazy message is read here, in the language of the request refused.
        raise PermissionDenied(str(message) if message is not None else
                               _("Only the organization's tournament directors or officers may do this."))
