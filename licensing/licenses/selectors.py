"""Reads of licenses, in the organization scope: an organization's people see their own, the Board sees
all; another organization's license is a 404."""

import datetime as dt

from django.db.models import Exists, OuterRef, QuerySet
from django.shortcuts import get_object_or_404

from licensing.models import Application, License, Organization, User
from licensing.models.choices import ApplicationKind, ApplicationStatus, LicenseStatus, Period
from licensing.organizations.selectors import organization_list


def license_list(*, user: User) -> QuerySet[License]:
    return (
        License.objects.filter(organization__in=organization_list(user=user))
        .select_related("organization", "premises", "application", "parent")
        .order_by("-issued_at", "-pk")
    )


def license_get(*, user: User, pk: int) -> License:
    return get_object_or_404(license_list(user=user), pk=pk)


def _renewal_filed():
    """A renewal application for the license that went beyond a draft (denied ones count: it was filed)."""
    return Application.objects.filter(kind=ApplicationKind.RENEWAL, base_license=OuterRef("pk")).exclude(
        status__in=[ApplicationStatus.DRAFT, ApplicationStatus.WITHDRAWN]
    )


def renewable_licenses(*, expires_from: dt.date, expires_to: dt.date) -> QuerySet[License]:
    """Active regular licenses expiring in the range with no renewal filed (unscoped: for the reminders job).
    Limited-period licenses (at most 7 days, 30 DCMR 1204.1) are not renewed."""
    return License.objects.filter(
        status=LicenseStatus.ACTIVE, period=Period.REGULAR, expires_on__gte=expires_from, expires_on__lte=expires_to,
    ).exclude(Exists(_renewal_filed())).select_related("organization")


def licenses_to_renew(*, user: User, organization: Organization, today: dt.date,
                      window_days: int) -> QuerySet[License]:
    """The organization's licenses in their renewal window (expiring within `window_days`), not yet renewed."""
    return renewable_licenses(expires_from=today, expires_to=today + dt.timedelta(days=window_days)).filter(
        organization__in=organization_list(user=user), organization=organization).order_by("expires_on", "pk")
