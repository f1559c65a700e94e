"""Who sees and pays the organization's payouts. The desk: the officers, the member in charge and the alternate,
the member responsible for gross receipts, and the tournament director (who awards a tournament's and a night's
prizes). A full taxpayer number: the filing people only (licensing.models.organizations.FILING_ROLES). Board staff
see counts and amounts (board_totals), never a winner's identity."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q, QuerySet, Sum
from django.utils.translation import gettext as _

from licensing.models import Payout, PayoutStatus, Role, User
from licensing.models.organizations import FILING_ROLES
from licensing.selectors import has_role, organization_ids_with_roles

DESK_ROLES = frozenset({Role.OFFICER, Role.MEMBER_IN_CHARGE, Role.ALTERNATE, Role.GROSS_RECEIPTS,
                        Role.TOURNAMENT_DIRECTOR})


def require_role(actor: User, organization_id: int, roles) -> None:
    if not actor.is_authenticated or not has_role(user=actor, organization_id=organization_id, roles=roles):
        raise PermissionDenied(_("Only the organization's officers, member in charge, alternate, member responsible "
                                 "for gross receipts and tournament director work the payout desk."))


def can_see_tin(actor: User, organization_id: int) -> bool:
    return actor.is_authenticated and has_role(user=actor, organization_id=organization_id, roles=FILING_ROLES)


def desk_payouts(*, user: User) -> QuerySet[Payout]:
    """Every payout of the organizations whose desk the user works."""
    return (Payout.objects.filter(organization_id__in=organization_ids_with_roles(user=user, roles=DESK_ROLES))
            .select_related("organization", "license"))


def year_forms(*, organization_id: int, year: int) -> QuerySet[Payout]:
    """The organization's Forms W-2G of a calendar year (by the day paid), in number order."""
    return Payout.objects.filter(organization_id=organization_id, w2g=True, status=PayoutStatus.PAID,
                                 paid_on__year=year).order_by("form_number")


def board_totals(*, year: int) -> QuerySet:
    """For the Board: per organization, the prizes paid, the forms and what was withheld; no identity."""
    paid = Q(status=PayoutStatus.PAID, paid_on__year=year)
    return (Payout.objects.filter(paid).values("organization_id", "organization__name")
            .annotate(payouts=Count("pk"), paid=Sum("amount"), forms=Count("pk", filter=Q(w2g=True)),
                      reportable=Sum("reportable"), withheld=Sum("withheld")).order_by("organization__name"))
