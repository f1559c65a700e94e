"""The posting sheet of 30 DCMR 1400.9(e): the approximate percentage of the handle paid in prizes, used for the
lawful purpose and spent on expenses, which an organization posts where bingo cards are sold. Computed from its
bingo reports in force for one year (licensing.board.selectors.posting); a page and a printable PDF (WeasyPrint)
of the same template context."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone

from licensing.board.selectors import Posting
from licensing.board.shares import RULE
from licensing.models import License
from licensing.models.choices import LicenseType


def posting_context(found: Posting) -> dict:
    organization = found.organization
    licenses = License.objects.filter(organization=organization, license_type=LicenseType.BINGO,
                                      effective_on__lte=dt.date(found.year, 12, 31),
                                      expires_on__gte=dt.date(found.year, 1, 1))
    return {
        "posting": found,
        "organization": organization,
        "figures": found.figures,
        "shares": found.figures.shares,
        "licenses": licenses.order_by("number").values_list("number", flat=True),
        "rule": RULE,
        "printed_on": timezone.localdate(),
    }


def posting_pdf(found: Posting) -> bytes:
    from weasyprint import HTML  # heavy import, only where a PDF is made

    html = render_to_string("licensing/board/posting_sheet_pdf.html", posting_context(found))
    return HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf()
