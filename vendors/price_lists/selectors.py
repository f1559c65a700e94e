"""Which price list is in force, and every version, for staff and the vendor (the registry shows only the one
in force, vendors/registry/)."""

import datetime as dt

from django.db.models import Q, QuerySet
from django.utils import timezone

from licensing.models import Application, License
from licensing.models.choices import ApplicationKind, ApplicationStatus, LicenseStatus, LicenseType
from vendors.models import PriceList, Vendor


def vendor_license_in_force(vendor: Vendor, *, on: dt.date | None = None) -> License | None:
    on = on or timezone.localdate()
    return (License.objects.filter(organization_id=vendor.organization_id, license_type=LicenseType.VENDOR,
                                   status=LicenseStatus.ACTIVE, effective_on__lte=on, expires_on__gte=on)
            .order_by("-effective_on").first())


def price_list_of_license(license: License) -> PriceList | None:
    """The list certified with the license, or the one of its latest approved amendment (1207.2(j))."""
    return (PriceList.objects.filter(
        Q(application_id=license.application_id)
        | Q(application__kind=ApplicationKind.AMENDMENT, application__base_license=license,
            application__status=ApplicationStatus.APPROVED))
        .order_by("-version").first())


def price_list_in_force(vendor: Vendor, *, on: dt.date | None = None) -> PriceList | None:
    license = vendor_license_in_force(vendor, on=on)
    return price_list_of_license(license) if license is not None else None


def price_list_history(vendor: Vendor) -> QuerySet[PriceList]:
    """Every version, newest first, with its application and items (for staff and the vendor's own pages)."""
    return (PriceList.objects.filter(vendor=vendor).select_related("application", "certified_by")
            .prefetch_related("items").order_by("-version"))


def price_list_for_application(application: Application) -> PriceList | None:
    return PriceList.objects.filter(application=application).prefetch_related("items").first()
