"""Builders shared by the deadline calendar, export and vendor cross-check tests: a bingo license licensed on
given days, a complete report document, a submitted report."""

import datetime as dt

from licensing.models import Role
from licensing.reports import services
from licensing.reports.content import schema
from tests.licensing.factories import license_for, member


def bingo_license(*, dates, organization=None, effective_on=None, expires_on=None, **fields):
    first = min(dates)
    return license_for(license_type="bingo", license_class="B", organization=organization, dates=dates,
                       effective_on=effective_on or dt.date(first.year, 1, 1),
                       expires_on=expires_on or dt.date(first.year, 12, 31), **fields)


def filled(*, expenses=()):
    data = schema.blank(schema.BINGO)
    data["admissions"] = {"count": 100, "price": "4.00"}
    data["games"] = [{"number": 1, "game_type": "regular", "pattern": "Line", "prize": "100.00", "winners": 1,
                      "paid_by": "cash", "check_requested": False}]
    # 30 DCMR 1412.4: each paid by a numbered check (a row may give its own number).
    data["expenses"] = [{"payee": "Capitol Bingo Supply", "category": "supplies", "amount": "0.00",
                         "basis": "fixed", "check_number": 100 + index, **row}
                        for index, row in enumerate(expenses, start=1)]
    data["attestation"] = {"member_in_charge": "Ann Lee", "gross_receipts_member": "Bo Park", "us_currency": True}
    return data


def submitted(license, day, *, officer=None, expenses=()):
    officer = officer or member(license.organization, Role.OFFICER)
    report = services.report_create(actor=officer, license=license, event_date=day, data=filled(expenses=expenses))
    return services.report_submit(actor=officer, report=report)
