"""Reports filed the way organizations file them (licensing.reports.services), for the dashboard tests."""

import datetime as dt

from licensing.models import Role
from licensing.reports import services
from licensing.reports.content import schema
from tests.licensing.factories import license_for, member

TERM = (dt.date(2025, 1, 1), dt.date(2026, 12, 31))


def bingo_license(organization=None):
    return license_for(license_type="bingo", license_class="B", organization=organization,
                       effective_on=TERM[0], expires_on=TERM[1])


def bingo_data(*, admissions: int = 100, prize: str = "100.00", expense: str | None = None,
               disbursed: str | None = None) -> dict:
    """A bingo operation: `admissions` at $4.00, 50 special cards at $1.00, one game paying `prize`."""
    data = schema.blank(schema.BINGO)
    data["admissions"] = {"count": admissions, "price": "4.00"}
    data["card_sales"] = [{"kind": "special", "count": 50, "price": "1.00", "first_serial": "S100",
                           "last_serial": "S149"}]
    data["games"] = [{"number": 1, "game_type": "regular", "pattern": "Line", "prize": prize, "winners": 1,
                      "paid_by": "cash", "check_requested": False}]
    if expense:
        data["expenses"] = [{"payee": "Hall rent LLC", "category": "rent", "amount": expense, "check_number": 101,
                             "basis": "fixed"}]
    if disbursed:
        data["disbursements"] = [{"date": "2026-01-10", "payee": "Parish school", "purpose": "Scholarships",
                                  "amount": disbursed}]
    data["attestation"] = {"member_in_charge": "Ann Lee", "gross_receipts_member": "Bo Park", "us_currency": True}
    return data


def officer_of(license):
    return member(license.organization, Role.OFFICER)


def filed(license, day: dt.date, *, officer=None, **figures):
    """A submitted report of the event on `day`."""
    officer = officer or officer_of(license)
    report = services.report_create(actor=officer, license=license, event_date=day, data=bingo_data(**figures))
    return services.report_submit(actor=officer, report=report)


def corrected(report, *, officer=None, **figures):
    """The report corrected to `figures`: the old version superseded, the new one in force."""
    officer = officer or officer_of(report.license)
    correction = services.report_correct(actor=officer, report=report, reason="The game prize was misread")
    services.report_save(actor=officer, report=correction, data=bingo_data(**figures))
    return services.report_submit(actor=officer, report=correction)


def drafted(license, day: dt.date, *, officer=None, **figures):
    officer = officer or officer_of(license)
    return services.report_create(actor=officer, license=license, event_date=day, data=bingo_data(**figures))
