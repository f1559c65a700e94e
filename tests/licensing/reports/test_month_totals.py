"""The month totals the Board's dashboard reads are kept exactly as reports are submitted and corrected: always
what summing the reports in force gives."""

import datetime as dt
import random
from decimal import Decimal

import pytest

from licensing.models import ReportMonthTotal, Role
from licensing.reports import services
from licensing.reports.content import schema
from licensing.reports.month_totals import month_totals_problems, month_totals_rebuild
from tests.licensing.factories import license_for, member

pytestmark = pytest.mark.django_db


def data(admissions: int, prize: str) -> dict:
    found = schema.blank(schema.BINGO)
    found["admissions"] = {"count": admissions, "price": "4.00"}
    found["games"] = [{"number": 1, "game_type": "regular", "prize": prize}]
    found["attestation"] = {"member_in_charge": "Ann", "gross_receipts_member": "Bo", "us_currency": True}
    return found


def test_submissions_and_corrections_keep_the_month_totals_exact():
    rng = random.Random(7)
    license = license_for(license_type="bingo", license_class="B", effective_on=dt.date(2027, 1, 1),
                          expires_on=dt.date(2027, 12, 31))
    officer = member(license.organization, Role.OFFICER)
    in_force = {}
    for _ in range(12):
        day = dt.date(2027, rng.randint(1, 3), rng.randint(1, 28))
        if day in in_force and rng.random() < 0.7:
            draft = services.report_correct(actor=officer, report=in_force[day], reason="recount")
            figures = data(rng.randint(0, 300), f"{rng.randint(0, 500)}.00")
            services.report_save(actor=officer, report=draft, data=figures)
        elif day not in in_force:
            draft = services.report_create(actor=officer, license=license, event_date=day,
                                           data=data(rng.randint(0, 300), f"{rng.randint(0, 500)}.00"))
        else:
            continue
        in_force[day] = services.report_submit(actor=officer, report=draft)
        assert month_totals_problems() == []
    kept = ReportMonthTotal.objects.filter(reports__gt=0)
    assert sum(t.reports for t in kept) == len(in_force)
    assert sum((t.handle for t in kept), Decimal(0)) == sum((r.handle for r in in_force.values()), Decimal(0))


def test_a_drift_is_found_and_the_rebuild_repairs_it():
    license = license_for(license_type="bingo", license_class="B", effective_on=dt.date(2027, 1, 1),
                          expires_on=dt.date(2027, 12, 31))
    officer = member(license.organization, Role.OFFICER)
    services.report_submit(actor=officer, report=services.report_create(
        actor=officer, license=license, event_date=dt.date(2027, 2, 3), data=data(10, "5.00")))
    ReportMonthTotal.objects.update(handle=Decimal("1.00"))
    assert len(month_totals_problems()) == 1
    assert month_totals_rebuild() == 1 and month_totals_problems() == []
