"""An application read back: every answer, step by step, as the person filing reads it before submitting and as
the printable PDF (WeasyPrint, like licensing.licenses.certificates). Each step's answers are the fields its form
asks (licensing.applications.forms), so a question added to a form is read back without touching this module."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.formats import date_format, time_format
from django.utils.translation import gettext as _

from core.money import money_text
from licensing.applications import forms
from licensing.applications.steps import ON_PREMISES, STEP_TITLES, steps_for
from licensing.models import Application
from licensing.models.choices import ApplicationKind, LicenseType

DASH = "—"
DETAIL_FORMS = {LicenseType.RAFFLE: forms.RaffleForm, LicenseType.MONTECARLO: forms.MonteCarloForm,
                LicenseType.MULTIHALL: forms.MultiHallForm}
MONEY_FIELDS = {"rent_amount", "ticket_price", "aggregate_prize_value", "highest_prize", "gross_sales",
                "staffing_income"}


@dataclass(frozen=True)
class Section:
    step: str
    title: str
    rows: list[tuple[str, str]]  # (question, answer as read)


def answer_text(value, *, money: bool = False) -> str:
    """An answer as a person reads it, in their language: dates and times by the locale's formats."""
    if value is None or value == "":
        return DASH
    if isinstance(value, bool):
        return _("Yes") if value else _("No")
    if money or isinstance(value, Decimal):
        return money_text(value)
    if isinstance(value, dt.datetime):
        return date_format(timezone.localtime(value), "DATETIME_FORMAT")
    if isinstance(value, dt.date):
        return date_format(value, "DATE_FORMAT")
    if isinstance(value, dt.time):
        return time_format(value, "TIME_FORMAT")
    return str(value)


def _field_rows(application: Application, form_class) -> list[tuple[str, str]]:
    rows = []
    for name in form_class._meta.fields:
        field = Application._meta.get_field(name)
        value = getattr(application, name)
        rows.append((str(field.verbose_name).capitalize(), answer_text(value, money=name in MONEY_FIELDS)))
    return rows


def _details(application: Application) -> list[tuple[str, str]]:
    rows = [(_("License"), f"{application.get_license_type_display()} {application.license_class}"),
            (_("Period"), application.get_period_display()),
            (_("This application is"), application.get_kind_display())]
    if application.base_license_id:
        rows.append((_("License renewed, amended or extended"), application.base_license.number))
    rows.append((_("Applies as a senior group"), answer_text(application.as_senior_group)))
    if application.license_type in ON_PREMISES:
        premises = application.premises
        rows += [(_("Premises"), f"{premises.name}, {premises.street_address} {premises.postal_code}"
                  if premises else DASH),
                 (_("Certificate of occupancy"), (premises.certificate_of_occupancy or DASH) if premises else DASH)]
    if application.license_type in DETAIL_FORMS:
        rows += _field_rows(application, DETAIL_FORMS[application.license_type])
    if application.kind == ApplicationKind.AMENDMENT:
        rows += _field_rows(application, forms.AmendmentForm)
    return rows


def _schedule(application: Application) -> list[tuple[str, str]]:
    occasions = application.occasions.order_by("date", "starts_at")
    if not occasions:
        return [(_("Dates"), _("No date entered yet."))]
    return [(answer_text(occasion.date), _("%(starts)s to %(ends)s") % {
        "starts": answer_text(occasion.starts_at), "ends": answer_text(occasion.ends_at)}) for occasion in occasions]


SECTION_ROWS = {
    "details": _details,
    "schedule": _schedule,
    "lease": lambda application: _field_rows(application, forms.LeaseForm),
    "purpose": lambda application: _field_rows(application, forms.PurposeForm),
}


def application_summary(application: Application) -> list[Section]:
    """Every answer of the application, one section per step of its guided form (the review step excluded)."""
    return [Section(step=step, title=str(STEP_TITLES[step]), rows=SECTION_ROWS[step](application))
            for step in steps_for(application) if step in SECTION_ROWS]


def summary_pdf(application: Application) -> bytes:
    """The summary as a printable PDF, in the language of the request."""
    from weasyprint import HTML  # heavy import, only where a PDF is made

    html = render_to_string("licensing/applications/summary_pdf.html", {
        "application": application, "sections": application_summary(application),
        "printed_at": timezone.localtime()})
    return HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf()
