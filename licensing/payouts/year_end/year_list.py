"""The year's Forms W-2G for the organization's accountant: one row per form with every box (core.spreadsheets, so no
cell runs as a formula). Columns are stable snake_case, the same in every language; amounts are exact to the cent,
dates ISO 8601. Box 9 is what the forms hold: truncated, unless a filing person's audited export put it in full."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils import translation

from core.spreadsheets import spreadsheet
from licensing.models import Organization
from licensing.payouts.year_end.w2g import BOXES, W2G

PARTY_COLUMNS = ("name", "street", "city", "state", "postal_code")
COLUMNS = (
    "form_number", "calendar_year", "paid_on",
    *(f"payer_{column}" for column in (*PARTY_COLUMNS, "phone", "tin")),
    *(f"winner_{column}" for column in PARTY_COLUMNS),
    *(box.column for box in BOXES),
    "tin_refused", "backup_withholding", "identity_purged",
)


def _blank(value):
    return "" if value is None else value


def year_row(form: W2G) -> tuple:
    payer, winner = form.payer, form.winner
    return (
        form.form_number, form.year, form.paid_on,
        payer.name, payer.street, payer.city, payer.state, payer.postal_code, payer.phone, payer.tin,
        winner.name, winner.street, winner.city, winner.state, winner.postal_code,
        *(_blank(form.box(box.number)) for box in BOXES),
        form.tin_refused, form.backup_withholding, form.identity_purged,
    )


def year_csv(forms: Iterable[W2G]) -> bytes:
    """The CSV; box 3's words in English, the IRS's, whatever the language of the page that asked."""
    with translation.override("en"):
        return spreadsheet(COLUMNS, (year_row(form) for form in forms), title="w2g").export("csv").encode("utf-8")


def year_filename(organization: Organization, year: int, *, full: bool) -> str:
    return f"w2g-{year}-organization-{organization.pk}{'-full-tin' if full else ''}.csv"
