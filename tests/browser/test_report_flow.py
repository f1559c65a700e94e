"""An organization files a bingo operation report in the portal: it sees a finding (a regular-period Class B
game prize over $2,000, 30 DCMR 1408.1), corrects the figure, attests and submits; the Board sees the
organization's figures on its compliance dashboard."""

import datetime as dt

import pytest
from django.utils import timezone

from licensing.models import Report, ReportStatus, Role
from tests.browser.conftest import sign_in
from tests.browser.screens import shot_path
from tests.licensing.factories import board_staff, license_for, member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
DAY = dt.date(2027, 3, 1)


def sign_out(page):
    page.get_by_role("button", name="Sign out").click()


def fill_row(page, field, row, value):
    page.get_by_label(f"{field}, row {row}", exact=True).fill(value)


def test_file_a_bingo_report_see_a_finding_correct_submit_and_the_board_sees_it(live_server, browser_page):
    base, page = live_server.url, browser_page
    license = license_for(license_type="bingo", license_class="B", dates=[DAY], effective_on=dt.date(2027, 1, 1),
                          expires_on=dt.date(2027, 12, 31), licensed_name="Holy Name Parish")
    officer, staff = member(license.organization, Role.OFFICER), board_staff()

    sign_in(page, base, officer)
    page.locator(".main-nav summary", has_text="Operations").click()  # the header's grouped menu
    page.get_by_role("link", name="Reports", exact=True).click()
    page.get_by_role("region", name="Start a report").get_by_label("License").select_option(str(license.pk))
    page.get_by_label("Date of the operation, drawing or event").fill(DAY.isoformat())
    page.get_by_role("button", name="Start the report").click()
    page.get_by_role("heading", name="Bingo operation report, March 1, 2027").wait_for()
    assert page.get_by_text("March 11, 2027").count() >= 1  # report due 10 days after (1413.1)

    page.get_by_role("link", name="Edit: Admissions (30 DCMR 1402.1)").click()
    page.get_by_label("Admissions sold").fill("150")
    page.get_by_label("Admission price").fill("4.00")
    page.get_by_role("button", name="Save").click()

    page.get_by_role("link", name="Edit: Games and prizes (30 DCMR 1408)").click()
    fill_row(page, "Game", 1, "1")
    page.get_by_label("Type, row 1").select_option("regular")
    fill_row(page, "Pattern", 1, "Coverall")
    fill_row(page, "Prize", 1, "2000.01")
    fill_row(page, "Winners", 1, "1")
    page.get_by_role("button", name="Save").click()

    findings = page.locator("#findings")
    findings.get_by_text("30 DCMR 1408.1").first.wait_for()
    assert "2,000.01" in findings.inner_text()

    page.get_by_role("link", name="Edit: Games and prizes (30 DCMR 1408)").click()
    fill_row(page, "Prize", 1, "2000.00")
    page.get_by_role("button", name="Save").click()
    page.locator("#findings").get_by_text("No findings.").wait_for()

    page.get_by_role("link", name="Edit: Attestation").click()
    page.get_by_label("Member in charge").fill("Ann Lee")
    page.get_by_label("Member responsible for gross receipts").fill("Bo Park")
    page.get_by_label("paid for in US currency", exact=False).check()  # 30 DCMR 1404.1(e)
    page.get_by_role("button", name="Save").click()
    page.get_by_label("I attest that this report is complete and true", exact=False).check()
    page.get_by_role("button", name="Submit the report").click()
    page.get_by_text("The report is submitted.").wait_for()
    report = Report.objects.get(license=license)
    assert report.status == ReportStatus.SUBMITTED and report.data["games"][0]["prize"] == "2000.00"
    sign_out(page)

    sign_in(page, base, staff)
    page.goto(f"{base}/portal/board/?year=2027")
    body = page.locator("main").inner_text()
    assert "Holy Name Parish" in body or license.organization.name in body
    assert "$600.00" in body  # the gross receipts: 150 admissions at $4.00


@pytest.mark.event_clock
def test_no_report_is_submitted_before_its_operation_and_one_not_held_is_marked(live_server, browser_page,
                                                                               tmp_path):
    """Journey 2: a report of tomorrow's operation is refused with the time the operation ends (30 DCMR 1413.1);
    the officer marks it as not held instead, with the reason, and nothing is due for it."""
    base, page = live_server.url, browser_page
    tomorrow = timezone.localdate() + dt.timedelta(days=1)
    license = license_for(license_type="bingo", license_class="B", dates=[tomorrow],
                          effective_on=tomorrow - dt.timedelta(days=30), expires_on=tomorrow + dt.timedelta(days=300))
    officer = member(license.organization, Role.OFFICER)
    sign_in(page, base, officer)
    page.goto(f"{base}/portal/reports/")
    page.get_by_role("region", name="Start a report").get_by_label("License").select_option(str(license.pk))
    page.get_by_label("Date of the operation, drawing or event").fill(tomorrow.isoformat())
    page.get_by_role("button", name="Start the report").click()
    page.get_by_role("heading", name="Bingo operation report", exact=False).wait_for()
    page.get_by_role("link", name="Edit: Admissions (30 DCMR 1402.1)").click()
    page.get_by_label("Admissions sold").fill("10")
    page.get_by_label("Admission price").fill("4.00")
    page.get_by_role("button", name="Save").click()
    page.get_by_role("link", name="Edit: Attestation").click()
    page.get_by_label("Member in charge").fill("Ann Lee")
    page.get_by_label("Member responsible for gross receipts").fill("Bo Park")
    page.get_by_label("paid for in US currency", exact=False).check()
    page.get_by_role("button", name="Save").click()
    page.get_by_label("I attest that this report is complete and true", exact=False).check()
    page.get_by_role("button", name="Submit the report").click()
    refusal = page.get_by_text("Not submitted: the event ends on", exact=False).first
    refusal.wait_for()
    assert "at 10 p.m." in refusal.inner_text() and "(30 DCMR 1413.1)" in refusal.inner_text()
    page.screenshot(path=shot_path(tmp_path, "report_before_its_event"), full_page=True)
    report = Report.objects.get(license=license)
    assert report.status == ReportStatus.DRAFT

    page.get_by_label("Why it was not held").fill("The hall's boiler failed; the operation is cancelled.")
    page.get_by_role("button", name="Mark as not held").click()
    page.get_by_text("Marked as not held", exact=False).first.wait_for()
    page.screenshot(path=shot_path(tmp_path, "report_not_held"), full_page=True)
    report.refresh_from_db()
    assert report.status == ReportStatus.NOT_HELD and report.not_held_by == officer
