"""How the money of a bingo operation is paid: only US currency is taken (30 DCMR 1404.1(e)), declared with the
report; every expense and worker reimbursement is paid by a numbered check on the bingo account (1412.4)."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from rest_framework.test import APIClient

from licensing.models import ReportStatus, Role
from licensing.reports import rules, services
from licensing.reports.content import schema
from tests.licensing.factories import license_for, member

pytestmark = pytest.mark.django_db
DAY = dt.date(2026, 3, 2)


def bingo_license(license_class="B"):
    return license_for(license_type="bingo", license_class=license_class, dates=[DAY],
                       effective_on=dt.date(2026, 1, 1), expires_on=dt.date(2026, 12, 31))


def filled(*, us_currency=True, expenses=(), reimbursements=()):
    data = schema.blank(schema.BINGO)
    data["admissions"] = {"count": 100, "price": "4.00"}
    data["games"] = [{"number": 1, "game_type": "regular", "pattern": "Line", "prize": "100.00", "winners": 1}]
    data["expenses"] = [{"payee": "Hall Rentals LLC", "category": "rent", "amount": "100.00", **row}
                        for row in expenses]
    data["reimbursements"] = [{"worker": "Ann Lee", "amount": "15.00", **row} for row in reimbursements]
    data["attestation"] = {"member_in_charge": "Ann Lee", "gross_receipts_member": "Bo Park",
                           "us_currency": us_currency}
    return data


def draft(license, **changes):
    officer = member(license.organization, Role.OFFICER)
    return officer, services.report_create(actor=officer, license=license, event_date=DAY, data=filled(**changes))


def refusal(officer, report) -> dict:
    with pytest.raises(ValidationError) as caught:
        services.report_submit(actor=officer, report=report)
    return caught.value.message_dict


# --- 30 DCMR 1404.1(e) ---


def test_a_bingo_report_is_submitted_only_with_the_us_currency_declaration():
    license = bingo_license()
    officer, report = draft(license, us_currency=False)
    errors = refusal(officer, report)
    assert errors["attestation.us_currency"] == [
        "30 DCMR 1404.1(e): declare that every admission, card, bingo supply and charity game ticket was paid for "
        "in US currency before the report is submitted (30 DCMR 1404.1(e))"]
    services.report_save(actor=officer, report=report, data=filled(us_currency=True))
    assert services.report_submit(actor=officer, report=report).status == ReportStatus.SUBMITTED


def test_the_declaration_through_the_api_and_the_portal(client):
    license = bingo_license()
    officer, report = draft(license, us_currency=False)
    api = APIClient()
    api.force_authenticate(officer)
    answer = api.post(f"/api/v1/reports/{report.pk}/submit")
    assert answer.status_code == 400
    error = answer.json()["errors"][0]
    assert (error["rule"], error["field"]) == ("30 DCMR 1404.1(e)", "attestation.us_currency")
    client.force_login(officer)
    page = client.get(reverse("portal:report_section", args=[report.pk, "attestation"])).content.decode()
    assert 'name="attestation-us_currency"' in page and "paid for in US currency (30 DCMR 1404.1(e))" in page
    client.post(reverse("portal:report_section", args=[report.pk, "attestation"]),
                {"attestation-member_in_charge": "Ann Lee", "attestation-gross_receipts_member": "Bo Park",
                 "attestation-us_currency": "on"})
    report.refresh_from_db()
    assert report.data["attestation"]["us_currency"] is True
    assert api.post(f"/api/v1/reports/{report.pk}/submit").status_code == 200


# --- 30 DCMR 1412.4 ---


def test_an_expense_paid_by_check_gives_its_number_to_submit():
    license = bingo_license()
    officer, report = draft(license, expenses=[{"paid_by": "check", "check_number": None}])
    errors = refusal(officer, report)
    assert errors["expenses.1.check_number"] == [
        "30 DCMR 1412.4: Expenses, row 1: Check number: the row is paid by check; give the check's number before "
        "the report is submitted (30 DCMR 1412.4)"]
    services.report_save(actor=officer, report=report, data=filled(expenses=[{"paid_by": "check",
                                                                             "check_number": 1001}]))
    assert services.report_submit(actor=officer, report=report).status == ReportStatus.SUBMITTED


def test_a_reimbursement_is_paid_by_numbered_check_too():
    license = bingo_license()
    officer, report = draft(license, reimbursements=[{"paid_by": "check"}])
    assert "reimbursements.1.check_number" in refusal(officer, report)
    # Paid in cash: filed as it happened, and a finding the Board reads.
    services.report_save(actor=officer, report=report, data=filled(reimbursements=[{"paid_by": "cash"}]))
    report = services.report_submit(actor=officer, report=report)
    [finding] = [f for f in report.findings if f["rule"] == "30 DCMR 1412.4"]
    assert finding["field"] == "reimbursements.1.paid_by" and "was paid in cash" in finding["message"]


def test_a_numbered_reimbursement_has_no_finding_and_class_d_writes_no_checks():
    rows = [{"worker": "Ann Lee", "amount": "15.00", "paid_by": "check", "check_number": 7}]
    assert rules.reimbursements_by_check(rows) == []
    [finding] = rules.reimbursements_by_check([{**rows[0], "check_number": None}])
    assert finding.field == "reimbursements.1.check_number"
    license = bingo_license(license_class="D")  # no bingo account (1411.1): nothing to number
    officer, report = draft(license, reimbursements=[{"paid_by": "check"}])
    report.data["admissions"]["price"] = "0.25"
    assert services.report_submit(actor=officer, report=report).status == ReportStatus.SUBMITTED


def test_the_api_refuses_an_unnumbered_check_naming_the_row():
    license = bingo_license()
    officer, report = draft(license, expenses=[{"paid_by": "check"}])
    api = APIClient()
    api.force_authenticate(officer)
    answer = api.post(f"/api/v1/reports/{report.pk}/submit")
    assert answer.status_code == 400
    assert [e["field"] for e in answer.json()["errors"] if e["rule"] == "30 DCMR 1412.4"] == [
        "expenses.1.check_number"]
