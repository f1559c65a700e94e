"""The year-end pages of the payout desk: a paid prize's Form W-2G (the winner's copies, PDF), and the year's forms
of an organization with their Form 1096 totals and the CSV for the accountant. For the organization's desk only:
anyone else gets a 404. The CSV with the winners' full taxpayer numbers is for the filing people, asked for
explicitly (?tin=full), and audited."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from licensing.models import Organization, User
from licensing.organizations.fixes import organization_fix_url
from licensing.organizations.selectors import can_file_for
from licensing.payouts.selectors import can_see_tin
from licensing.payouts.year_end.pdf import w2g_response
from licensing.payouts.year_end.selectors import desk_year_forms, form_years, w2g_payout_get
from licensing.payouts.year_end.services import year_forms_tins_export
from licensing.payouts.year_end.totals import form_1096_totals
from licensing.payouts.year_end.w2g import w2g_content
from licensing.payouts.year_end.year_list import year_csv, year_filename

FULL, MASKED = "full", "masked"


def tin_full_asked(raw) -> bool:
    """?tin=full asks for the full numbers; nothing (or ?tin=masked) for the truncated ones; anything else is
    refused, naming the parameter."""
    if raw in (None, "", MASKED):
        return False
    if raw == FULL:
        return True
    raise ValidationError({"tin": _("Write tin=full for the full taxpayer numbers (filing people only), or leave it "
                                    "out for the numbers truncated.")}, code="invalid_choice")


def year_csv_response(*, user: User, organization: Organization, year: int, forms, full: bool) -> HttpResponse:
    """The year's CSV, truncated numbers by default; the full ones only for a filing person, audited."""
    if full:
        contents = year_forms_tins_export(actor=user, organization=organization, year=year)
    else:
        contents = [w2g_content(payout) for payout in forms]
    response = HttpResponse(year_csv(contents), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{year_filename(organization, year, full=full)}"'
    response["Cache-Control"] = "private, no-store"
    return response


@login_required
def payout_w2g_pdf(request, pk: int):
    return w2g_response(w2g_payout_get(user=request.user, pk=pk))


@login_required
def payouts_year(request, pk: int, year: int):
    organization, forms = desk_year_forms(user=request.user, organization_pk=pk, year=year)
    return render(request, "licensing/payouts/w2g_year.html", {
        "organization": organization, "year": year, "forms": [w2g_content(payout) for payout in forms],
        "totals": form_1096_totals(forms, year=year, organization=organization),
        "years": form_years(organization=organization), "can_see_tin": can_see_tin(request.user, organization.pk),
        # No EIN, no payer's number on the forms: the page says where it is entered (the profile's field), and who
        # may enter it (the filing people; the rest of the desk reads the facts there).
        "ein_url": "" if organization.ein else organization_fix_url(organization.pk, "ein"),
        "can_file": can_file_for(user=request.user, organization=organization)})


@login_required
def payouts_year_csv(request, pk: int, year: int):
    organization, forms = desk_year_forms(user=request.user, organization_pk=pk, year=year)
    try:
        full = tin_full_asked(request.GET.get("tin"))
    except ValidationError as error:
        return render(request, "bad_input.html", {"problems": error.messages}, status=400)
    return year_csv_response(user=request.user, organization=organization, year=year, forms=forms, full=full)
