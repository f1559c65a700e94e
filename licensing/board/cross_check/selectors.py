"""The vendor cross-check: per vendor and year, the prior-year gross sales the vendor declared to the Board
(30 DCMR 1207.2(e), the basis of its renewal fee, 1208.4) beside the supplies that licensed organizations
reported buying from it that year in their submitted financial reports.

- Declared: an application for a vendor license declares the gross sales of the year before it was filed;
  the latest one filed in a year counts (a draft or a withdrawn one does not).
- Reported: the supplies expense lines of the reports in force (submitted, not superseded) naming one of the
  vendor's license numbers, in the year of the purchase date (or of the event when no date is given).
- Flagged for staff when the two differ by more than a share of the declared amount and by more than an amount
  (licensing.board.cross_check.rules). A year with purchases and nothing declared is shown, unflagged: there is
  nothing to compare.
A vendor is its organization (kind "vendor"): its licenses change number at each renewal, its sales do not."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal

from django.core.exceptions import PermissionDenied
from django.db.models import Sum
from django.db.models.functions import Coalesce, ExtractYear
from django.utils import timezone
from django.utils.translation import gettext as _

from licensing.board.cross_check.rules import DECLARED_RULE, flagged
from licensing.models import Application, License, Organization, ReportLine, ReportStatus, User
from licensing.models.choices import ApplicationStatus, LicenseType

ZERO = Decimal("0.00")
SUPPLIES = {"section": "expenses", "category": "supplies"}


@dataclass(frozen=True)
class VendorYear:
    vendor: Organization
    year: int
    declared: Decimal | None
    reported: Decimal
    licenses: list[str] = field(default_factory=list)
    declared_application: int | None = None  # the application the declared figure is from
    declared_on: dt.date | None = None  # the day that application was filed: the flag's figures are that day's

    @property
    def difference(self) -> Decimal | None:
        return None if self.declared is None else self.reported - self.declared

    @property
    def flagged(self) -> bool:
        return flagged(declared=self.declared, reported=self.reported, on=self.declared_on)

    @property
    def rule(self) -> str:
        return DECLARED_RULE


def _declarations() -> dict[tuple[int, int], Application]:
    """(vendor organization, year declared for) -> the latest application filed the next year."""
    found: dict[tuple[int, int], Application] = {}
    applications = Application.objects.filter(
        license_type=LicenseType.VENDOR, gross_sales__isnull=False, submitted_at__isnull=False,
    ).exclude(status__in=[ApplicationStatus.DRAFT, ApplicationStatus.WITHDRAWN]).order_by("submitted_at", "pk")
    for application in applications:
        found[(application.organization_id, timezone.localtime(application.submitted_at).year - 1)] = application
    return found


def _purchases(numbers: dict[str, int]) -> dict[tuple[int, int], Decimal]:
    """(vendor organization, year) -> the supplies reported bought under its license numbers."""
    rows = (ReportLine.objects.filter(report__status=ReportStatus.SUBMITTED, vendor_license__in=list(numbers),
                                      **SUPPLIES)
            .annotate(year=ExtractYear(Coalesce("on_date", "report__event_date")))
            .values("vendor_license", "year").annotate(total=Sum("amount")).order_by())
    found: dict[tuple[int, int], Decimal] = {}
    for row in rows:
        key = (numbers[row["vendor_license"]], row["year"])
        found[key] = found.get(key, ZERO) + row["total"]
    return found


def vendor_cross_check(*, user: User, year: int | None = None, flagged_only: bool = False) -> list[VendorYear]:
    """Every vendor and year with a declaration or reported purchases, latest year first (the Board only)."""
    if not getattr(user, "is_board", False):
        raise PermissionDenied(_("Only the Board reads the vendor cross-check."))
    licenses = License.objects.filter(license_type=LicenseType.VENDOR).order_by("number")
    numbers = {number.upper(): organization for number, organization in licenses.values_list("number",
                                                                                               "organization_id")}
    by_vendor: dict[int, list[str]] = {}
    for number, organization in numbers.items():
        by_vendor.setdefault(organization, []).append(number)
    declared, reported = _declarations(), _purchases(numbers)
    keys = {key for key in (*declared, *reported) if year is None or key[1] == year}
    vendors = Organization.objects.in_bulk({organization for organization, _year in keys})
    rows = []
    for organization, found_year in keys:
        application = declared.get((organization, found_year))
        rows.append(VendorYear(
            vendor=vendors[organization], year=found_year,
            declared=application.gross_sales if application else None,
            reported=reported.get((organization, found_year), ZERO),
            licenses=by_vendor.get(organization, []),
            declared_application=application.pk if application else None,
            declared_on=timezone.localtime(application.submitted_at).date() if application else None))
    if flagged_only:
        rows = [row for row in rows if row.flagged]
    return sorted(rows, key=lambda row: (-row.year, row.vendor.name.casefold(), row.vendor.pk))

