"""The vendor cross-check: a vendor's declared prior-year gross sales (30 DCMR 1207.2(e)) beside the supplies
licensed organizations reported buying from it, flagged over 10% and over $1,000.00 apart (both strictly)."""

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from licensing.board.cross_check.rules import flagged
from licensing.board.cross_check.selectors import vendor_cross_check
from licensing.models import LicenseeKind, Role
from licensing.models.choices import ApplicationKind, ApplicationStatus
from licensing.reports import services
from tests.licensing.factories import (
    ApplicationFactory,
    LicenseFactory,
    OrganizationFactory,
    UserFactory,
    board_member,
    board_staff,
    member,
)
from tests.licensing.reports.factories import bingo_license, filled, submitted

pytestmark = pytest.mark.django_db

EASTERN = ZoneInfo("America/New_York")
JUNE, SEPTEMBER = dt.date(2026, 6, 1), dt.date(2026, 9, 1)


@pytest.mark.parametrize(("declared", "reported", "expected"), [
    ("10000.00", "11000.00", False),  # $1,000.00 and 10.00% apart: neither is over
    ("10000.00", "11000.01", True),
    ("10000.00", "8999.99", True),  # under-declared or over-declared alike
    ("20000.00", "22000.00", False),  # 10.00% apart (and $2,000.00): not over 10%
    ("20000.00", "22000.01", True),
    ("5000.00", "6000.00", False),  # 20% apart but only $1,000.00
    ("5000.00", "6000.01", True),
    ("50000.00", "54000.00", False),  # $4,000.00 apart but only 8%
    ("0.00", "1000.00", False),
    ("0.00", "1000.01", True),  # declared none, bought from
    (None, "50000.00", False),  # nothing declared: nothing to compare
])
def test_the_flag_boundaries(declared, reported, expected):
    assert flagged(declared=Decimal(declared) if declared else None, reported=Decimal(reported)) is expected


def vendor(name="Capitol Bingo Supply", *, declared=None, filed=None, number="VN-2027-00001", **fields):
    """A vendor licensed from an application filed on `filed` declaring `declared` for the year before."""
    organization = OrganizationFactory(name=name, kind=LicenseeKind.VENDOR)
    application = ApplicationFactory(
        organization=organization, license_type="vendor", license_class="", premises=None,
        status=ApplicationStatus.APPROVED, gross_sales=Decimal(declared) if declared else None,
        submitted_at=dt.datetime.combine(filed or dt.date(2027, 1, 15), dt.time(10), tzinfo=EASTERN), **fields)
    LicenseFactory(application=application, number=number)
    return organization


def declare(organization, declared, filed, **fields):
    return ApplicationFactory(
        organization=organization, license_type="vendor", license_class="", premises=None,
        gross_sales=Decimal(declared), status=fields.pop("status", ApplicationStatus.APPROVED),
        submitted_at=dt.datetime.combine(filed, dt.time(10), tzinfo=EASTERN), **fields)


def supplies(amount, number="vn-2027-00001", on=None, **row):
    return {"category": "supplies", "amount": amount, "vendor_license": number,
            "purchase_date": on.isoformat() if on else None, **row}


def row_of(rows, organization, year):
    return next(row for row in rows if row.vendor == organization and row.year == year)


@pytest.fixture
def club():
    return bingo_license(dates=[JUNE, SEPTEMBER])


def test_purchases_reported_beside_the_sales_declared(club):
    capitol = vendor(declared="10000.00")
    other = vendor("Other Supply", number="VN-2027-00002")
    officer = member(club.organization, Role.OFFICER)
    june = submitted(club, JUNE, officer=officer, expenses=[
        supplies("6000.00", on=dt.date(2026, 5, 30)),
        supplies("700.00", on=dt.date(2025, 12, 30)),  # bought the year before: counts for 2025
        supplies("999.00", number="VN-2027-00002"),  # another vendor
        {"category": "rent", "amount": "4000.00", "vendor_license": "VN-2027-00001"},  # not supplies
    ])
    submitted(club, SEPTEMBER, officer=officer, expenses=[supplies("5000.01")])  # no date: the event's year
    draft = bingo_license(dates=[JUNE])
    services.report_create(actor=member(draft.organization, Role.OFFICER), license=draft, event_date=JUNE,
                           data=filled(expenses=[supplies("9999.00")]))  # a draft counts for nothing

    rows = vendor_cross_check(user=board_staff())
    found = row_of(rows, capitol, 2026)
    assert (found.declared, found.reported, found.difference, found.flagged) == (
        Decimal("10000.00"), Decimal("11000.01"), Decimal("1000.01"), True)
    assert found.licenses == ["VN-2027-00001"] and found.rule == "30 DCMR 1207.2(e)"
    earlier = row_of(rows, capitol, 2025)
    assert (earlier.declared, earlier.reported, earlier.flagged) == (None, Decimal("700.00"), False)
    assert row_of(rows, other, 2026).reported == Decimal("999.00")
    assert [(row.year, row.vendor.name) for row in rows] == [
        (2026, "Capitol Bingo Supply"), (2026, "Other Supply"), (2025, "Capitol Bingo Supply")]

    # A correction replaces the version it corrects: $5,999.99 + $5,000.01 is $1,000.00 over, not flagged.
    correction = services.report_correct(actor=officer, report=june, reason="The invoice was $5,999.99")
    data = correction.data
    data["expenses"][0]["amount"] = "5999.99"
    services.report_save(actor=officer, report=correction, data=data)
    services.report_submit(actor=officer, report=correction)
    found = row_of(vendor_cross_check(user=board_staff(), year=2026), capitol, 2026)
    assert (found.reported, found.flagged) == (Decimal("11000.00"), False)
    assert vendor_cross_check(user=board_staff(), year=2026, flagged_only=True) == []


def test_the_latest_declaration_filed_in_a_year_counts(club):
    capitol = vendor(declared="10000.00", filed=dt.date(2027, 1, 15))
    declare(capitol, "30000.00", dt.date(2027, 2, 1), kind=ApplicationKind.AMENDMENT)
    declare(capitol, "99999.00", dt.date(2027, 3, 1), status=ApplicationStatus.WITHDRAWN)
    declare(capitol, "4000.00", dt.date(2026, 1, 10), kind=ApplicationKind.RENEWAL)  # declares 2025
    submitted(club, JUNE, expenses=[supplies("30500.00")])
    rows = vendor_cross_check(user=board_member())
    assert (row_of(rows, capitol, 2026).declared, row_of(rows, capitol, 2026).flagged) == (Decimal("30000.00"), False)
    assert (row_of(rows, capitol, 2025).declared, row_of(rows, capitol, 2025).reported) == (
        Decimal("4000.00"), Decimal("0.00"))
    assert row_of(rows, capitol, 2025).flagged is True  # declared $4,000.00, nobody reported buying


@pytest.mark.parametrize(("role", "page", "api"), [
    ("anonymous", 302, 401), ("officer", 403, 403), ("vendor", 403, 403), ("nobody", 403, 403),
    ("board_staff", 200, 200), ("board_member", 200, 200),
])
def test_only_the_board_reads_it(client, club, role, page, api):
    capitol = vendor(declared="10000.00")
    submitted(club, JUNE, expenses=[supplies("12000.00")])
    user = {"anonymous": None, "nobody": UserFactory, "board_staff": board_staff, "board_member": board_member,
            "officer": lambda: member(club.organization, Role.OFFICER),
            "vendor": lambda: member(capitol, Role.VENDOR_REPRESENTATIVE)}[role]
    if user is not None:
        client.force_login(user())
    answer = client.get(reverse("portal:report_vendor_cross_check"))
    assert answer.status_code == page
    if page == 200:
        assert "Capitol Bingo Supply" in answer.content.decode()
    listed = client.get(reverse("reports-vendor-cross-check"), {"flagged": "true"})
    assert listed.status_code == api
    if api == 200:
        assert listed.json() == [{
            "vendor": capitol.pk, "vendor_name": "Capitol Bingo Supply", "licenses": ["VN-2027-00001"],
            "year": 2026, "declared": "10000.00", "declared_application": capitol.applications.get().pk,
            "reported": "12000.00", "difference": "2000.00", "flagged": True, "rule": "30 DCMR 1207.2(e)"}]


def test_bad_questions_are_refused_naming_the_field(client, club):
    client.force_login(board_staff())
    for bad in ({"year": "1999"}, {"year": "٢٠٢٦"}, {"year": "x"}, {"flagged": "perhaps"}):
        answer = client.get(reverse("reports-vendor-cross-check"), bad)
        assert answer.status_code == 400 and answer.json()["errors"][0]["field"] == next(iter(bad)), bad
    page = client.get(reverse("portal:report_vendor_cross_check"), {"year": "٢٠٢٦"})
    assert page.status_code == 400 and "digits 0 to 9" in page.content.decode()
    assert client.get(reverse("reports-vendor-cross-check"), {"year": "2031"}).json() == []
