"""The Form 1096 (Annual Summary and Transmittal of U.S. Information Returns) totals of an organization's Forms
W-2G of one calendar year, as the IRS's Form 1096 asks them: the filer's employer identification number (box 1: the
organization's EIN, the payer's on its forms; "" until its facts give it), the type of return (box 6, code 32 for
W-2G), the total number of forms (box 3), the federal income tax withheld (box 4: the sum of the forms' box 4) and the
total amount reported (box 5: for Form W-2G, the sum of box 1)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, QuerySet, Sum

from licensing.models import Organization, Payout

TYPE_OF_RETURN = "W-2G"
TYPE_CODE = "32"  # Form 1096, box 6: the code of Form W-2G
ZERO = Decimal("0.00")


@dataclass(frozen=True)
class Form1096:
    year: int
    forms: int  # box 3
    withheld: Decimal  # box 4
    reported: Decimal  # box 5
    ein: str = ""  # box 1: the filer's employer identification number
    type_of_return: str = TYPE_OF_RETURN
    type_code: str = TYPE_CODE


def form_1096_totals(forms: QuerySet[Payout], *, year: int, organization: Organization) -> Form1096:
    """The totals of the organization's forms of the year (licensing.payouts.selectors.year_forms), summed by the
    database."""
    sums = forms.order_by().aggregate(count=Count("pk"), withheld=Sum("withheld"), reported=Sum("reportable"))
    return Form1096(year=year, forms=sums["count"], withheld=sums["withheld"] or ZERO,
                    reported=sums["reported"] or ZERO, ein=organization.ein)
