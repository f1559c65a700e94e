"""The year-end reads, scoped to the organization's payout desk (licensing.payouts.selectors.DESK_ROLES): anyone
else, the Board included, gets a 404, as for a form that does not exist. The Board reads counts and amounts only
(licensing.payouts.selectors.board_totals)."""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from licensing.models import Organization, Payout, PayoutStatus, User
from licensing.payouts.selectors import DESK_ROLES, desk_payouts, year_forms
from licensing.selectors import organization_ids_with_roles

# The calendar years a form can be asked of: a year outside has none, and would overflow the date arithmetic.
FIRST_YEAR, LAST_YEAR = 2000, 2999


def w2g_payout_get(*, user: User, pk: int) -> Payout:
    """A paid prize's Form W-2G, for the desk of its organization; 404 for anyone else and for a payout that
    has no form."""
    return get_object_or_404(desk_payouts(user=user).filter(w2g=True, status=PayoutStatus.PAID)
                             .select_related("paid_by"), pk=pk)


def desk_organization_get(*, user: User, pk: int) -> Organization:
    """An organization whose payout desk the user works; 404 otherwise."""
    if not user.is_authenticated:
        raise Http404(_("No such organization."))
    return get_object_or_404(Organization.objects.filter(
        pk__in=organization_ids_with_roles(user=user, roles=DESK_ROLES)), pk=pk)


def year_checked(year: int) -> int:
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise Http404(_("Forms W-2G are kept by calendar year, %(first)d to %(last)d.")
                      % {"first": FIRST_YEAR, "last": LAST_YEAR})
    return year


def desk_year_forms(*, user: User, organization_pk: int, year: int) -> tuple[Organization, QuerySet[Payout]]:
    """The organization (its desk's only) and its Forms W-2G of the calendar year, in number order."""
    organization = desk_organization_get(user=user, pk=organization_pk)
    forms = year_forms(organization_id=organization.pk, year=year_checked(year))
    return organization, forms.select_related("organization", "paid_by")


def form_years(*, organization: Organization) -> list[int]:
    """The calendar years the organization paid a reported prize in, newest first (the page's year links)."""
    return sorted({day.year for day in Payout.objects.filter(
        organization=organization, w2g=True, status=PayoutStatus.PAID).dates("paid_on", "year")}, reverse=True)
