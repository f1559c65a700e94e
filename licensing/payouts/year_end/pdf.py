"""A paid prize's Form W-2G as the winner takes it away: Copy B (for the winner's federal return) and Copy C (the
winner's records) on one letter page, laid out as the IRS's grid of numbered boxes, rendered by WeasyPrint from an
HTML template when asked for (as the fee receipt is, licensing.fees.receipts). The taxpayer number is truncated,
as the IRS allows on the winner's copies; the page says so, and says what is blank and why."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.conf import settings
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from core.money import money_text
from licensing.models import Payout
from licensing.payouts.year_end.w2g import BOXES, TRUNCATION_RULE, W2G, w2g_content

IRS_DATE = "%m/%d/%Y"  # the IRS's forms write dates month first, whatever the page's language


def _text(box, value) -> str:
    if value is None or value == "":
        return ""
    if box.money:
        return money_text(Decimal(value))
    if isinstance(value, dt.date):
        return value.strftime(IRS_DATE)
    return str(value)


def w2g_notes(form: W2G) -> list[str]:
    """What the winner (and the desk) should know of this copy: what it is, what is blank and why."""
    notes = [_("This is the winner's copy: Copy B, to report the winnings on the federal income tax return (attach "
               "it when box 4 shows tax withheld), and Copy C, for the winner's records. The payer files Copy A with "
               "the IRS.")]
    if form.tin_refused:
        notes.append(_("The winner gave no taxpayer identification number: box 9 is blank and box 4 is backup "
                       "withholding (26 U.S.C. 3406)."))
    elif not form.tin_full:
        notes.append(_("Box 9 shows the winner's taxpayer identification number truncated to its last four digits, "
                       "as the IRS allows on the winner's copies (%(rule)s); Copy A carries it in full.")
                     % {"rule": TRUNCATION_RULE})
    if not form.payer.tin:
        notes.append(_("The payer's federal identification number (EIN) is not on the organization's record in this "
                       "system, so that box is blank: write it in before handing this copy over, and add it to the "
                       "organization's facts so that the next forms carry it."))
    notes.append(_("Boxes 13-18 (state and local) are blank: no District of Columbia or local income tax was "
                   "withheld from these winnings at the payout desk."))
    if form.identity_purged:
        notes.append(_("The winner's name, address and identification were removed after the retention period; "
                       "the amounts stay."))
    return notes


def w2g_context(form: W2G) -> dict:
    boxes = {box.number: {"number": box.number, "label": box.label, "text": _text(box, form.box(box.number))}
             for box in BOXES}
    copies = [
        {"name": _("Copy B"), "text": _("For Winner. Report this income on your federal tax return. If federal income "
                                        "tax is withheld in box 4, attach this copy to your return. This information "
                                        "is being furnished to the Internal Revenue Service.")},
        {"name": _("Copy C"), "text": _("For Winner's Records.")},
    ]
    return {"form": form, "boxes": boxes, "copies": copies, "notes": w2g_notes(form),
            "purged": _("(removed after the retention period)")}


def w2g_html(payout: Payout) -> str:
    return render_to_string("licensing/payouts/w2g_pdf.html", w2g_context(w2g_content(payout)))


def w2g_pdf(payout: Payout) -> bytes:
    from weasyprint import HTML  # heavy import, only where a PDF is made

    return HTML(string=w2g_html(payout), base_url=str(settings.BASE_DIR)).write_pdf()


def w2g_response(payout: Payout) -> HttpResponse:
    """The PDF, shown in the browser; never kept in a shared cache (it names the winner)."""
    response = HttpResponse(w2g_pdf(payout), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{payout.form_number}.pdf"'
    response["Cache-Control"] = "private, no-store"
    return response
