"""Reads for the public vendor registry: no sign-in, so only what a vendor license certificate and the certified
price list show (never an owner's date of birth, a declaration or a document).

The registry lists vendor licenses. The default list is the vendors licensed today: an active license within its
dates (the one vendor_license_in_force finds). A suspended or revoked license leaves that list, and a status filter
shows it; its page keeps answering by number, so the QR code of a certificate and every record that names the
license still lead somewhere, and say what became of it (30 DCMR 1210.1)."""

import datetime as dt
from dataclasses import dataclass

from django.db.models import Exists, F, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce, Lower, NullIf
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from licensing.models import License
from licensing.models.choices import ApplicationKind, ApplicationStatus, LicenseStatus, LicenseType
from licensing.public.selectors import license_query_clean
from vendors.models import PriceList, PriceListItem, SupplyCategory, Vendor
from vendors.price_lists.selectors import price_list_in_force, vendor_license_in_force

# What the status filter offers (the list's default is LICENSED).
LICENSED, SUSPENDED, REVOKED, EXPIRED, ALL = "licensed", "suspended", "revoked", "expired", "all"
STATUS_CHOICES = [
    (LICENSED, _("Licensed")),
    (SUSPENDED, _("Suspended")),
    (REVOKED, _("Revoked")),
    (EXPIRED, _("Expired")),
    (ALL, _("Any status")),
]
# What an entry says of its license, beyond the filter's four: renewed (superseded by its successor) and not yet
# in force (a renewal issued before the term it starts).
SUPERSEDED, PENDING = "superseded", "pending"
REGISTRY_STATUS_CHOICES = [
    (LICENSED, _("Licensed")),
    (SUSPENDED, _("Suspended")),
    (REVOKED, _("Revoked")),
    (EXPIRED, _("Expired")),
    (SUPERSEDED, _("Renewed")),
    (PENDING, _("Not yet in force")),
]

PUBLIC_FIELDS = (
    "number", "licensed_name", "license_type", "status", "effective_on", "expires_on", "suspended_until",
    "application_id", "organization__name", "organization__street_address", "organization__city",
    "organization__state", "organization__postal_code", "organization__vendor__business_type",
)


def _price_list_of_license() -> Subquery:
    """The certified list of each license: its own application's, or its latest approved amendment's (1207.2(j)).
    The same choice as vendors.price_lists.selectors.price_list_of_license, one subquery for a whole page."""
    lists = PriceList.objects.filter(
        Q(application_id=OuterRef("application_id"))
        | Q(application__kind=ApplicationKind.AMENDMENT, application__base_license=OuterRef("pk"),
            application__status=ApplicationStatus.APPROVED)
    ).order_by("-version")
    return Subquery(lists.values("pk")[:1])


def _vendor_licenses() -> QuerySet[License]:
    return (License.objects.filter(license_type=LicenseType.VENDOR, organization__vendor__isnull=False)
            .select_related("organization__vendor").only(*PUBLIC_FIELDS))


def _status_q(status: str, today: dt.date) -> Q:
    if status == LICENSED:
        return Q(status=LicenseStatus.ACTIVE, effective_on__lte=today, expires_on__gte=today)
    if status == SUSPENDED:
        return Q(status=LicenseStatus.SUSPENDED)
    if status == REVOKED:
        return Q(status=LicenseStatus.REVOKED)
    if status == EXPIRED:  # the daily job marks it the morning after; the registry says so from the day after
        return Q(status=LicenseStatus.EXPIRED) | Q(status=LicenseStatus.ACTIVE, expires_on__lt=today)
    return Q()


def vendor_registry_search(*, query: str | None = None, status: str = LICENSED, category: str | None = None,
                           today: dt.date | None = None) -> QuerySet[License]:
    """Vendor licenses whose number starts with the query (any case), or whose vendor's licensed name, name or city
    contains it, in the given status, and with an item of the category on the certified price list; by name."""
    today = today or timezone.localdate()
    licenses = _vendor_licenses().annotate(registry_price_list=_price_list_of_license())
    licenses = licenses.filter(_status_q(status, today))
    query = license_query_clean(query)
    if query:
        licenses = licenses.filter(
            Q(number__startswith=query) | Q(number__startswith=query.upper()) | Q(licensed_name__icontains=query)
            | Q(organization__name__icontains=query) | Q(organization__city__icontains=query))
    if category:
        licenses = licenses.filter(Exists(PriceListItem.objects.filter(
            price_list_id=OuterRef("registry_price_list"), category=category)))
    name = Coalesce(NullIf(F("licensed_name"), Value("")), F("organization__name"))
    return licenses.order_by(Lower(name), "-effective_on", "number")


def registry_facts_attach(licenses, *, today: dt.date | None = None) -> list[License]:
    """Each license of a page gets what its row shows beyond its own fields: `registry_status` (registry_status),
    `catalogue_categories` (the supply categories on its certified price list, values in SupplyCategory's order)
    and `catalogue_category_labels`. One query for the page."""
    licenses = list(licenses)
    list_ids = {license.registry_price_list for license in licenses if license.registry_price_list}
    found: dict[int, set[str]] = {}
    for price_list_id, category in (PriceListItem.objects.filter(price_list_id__in=list_ids)
                                    .values_list("price_list_id", "category").distinct()):
        found.setdefault(price_list_id, set()).add(category)
    for license in licenses:
        categories = found.get(license.registry_price_list, set())
        license.registry_status = registry_status(license, today=today)
        license.catalogue_categories = [value for value in SupplyCategory.values if value in categories]
        license.catalogue_category_labels = [SupplyCategory(value).label for value in license.catalogue_categories]
    return licenses


def registry_status(license: License, *, today: dt.date | None = None) -> str:
    """What the registry says of a license today: licensed, suspended, revoked, expired, superseded or pending."""
    today = today or timezone.localdate()
    if license.status in (LicenseStatus.SUSPENDED, LicenseStatus.REVOKED, LicenseStatus.SUPERSEDED):
        return license.status
    if license.status == LicenseStatus.EXPIRED or license.expires_on < today:
        return EXPIRED
    if license.effective_on > today:
        return PENDING
    return LICENSED


@dataclass(frozen=True)
class RegistryEntry:
    license: License
    vendor: Vendor
    status: str
    license_in_force: License | None  # the vendor's license in force today, when it is another one
    price_list: PriceList | None  # the price list in force today (none while no license is in force)
    items: list


def vendor_registry_get(*, number: str, today: dt.date | None = None) -> RegistryEntry:
    """One vendor license by its number (any case), whatever its status, with the vendor's price list in force."""
    today = today or timezone.localdate()
    number = license_query_clean(number)
    license = (_vendor_licenses().annotate(registry_price_list=_price_list_of_license())
               .filter(number__in={number, number.upper()}).first())
    if license is None:
        raise Http404("No vendor license with this number.")
    registry_facts_attach([license], today=today)
    vendor = license.organization.vendor
    in_force = vendor_license_in_force(vendor, on=today)
    price_list = price_list_in_force(vendor, on=today) if in_force is not None else None
    items = list(price_list.items.order_by("category", "catalogue_number")) if price_list else []
    return RegistryEntry(
        license=license, vendor=vendor, status=registry_status(license, today=today),
        license_in_force=in_force if in_force is not None and in_force.pk != license.pk else None,
        price_list=price_list, items=items)
