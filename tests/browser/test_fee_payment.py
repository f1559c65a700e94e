"""The Board approves an application by its votes; it waits for its fee. Staff record the organization's check
on the review page; the license issues, and the organization sees its license and downloads its receipt."""

import os
from pathlib import Path

import pytest

from licensing.models import FeePayment, License
from licensing.models.choices import ApplicationStatus
from tests.browser.conftest import sign_in
from tests.licensing.factories import (
    ApplicationFactory,
    BingoOccasionFactory,
    MembershipFactory,
    OrganizationFactory,
    approve,
    board_staff,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def sign_out(page):
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_load_state()


def shot(page, tmp_path, name):
    folder = Path(os.environ.get("SHOTS_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"fees-{name}.png"), full_page=True)


def test_staff_record_a_check_and_the_waiting_license_issues(live_server, browser_page, tmp_path):
    base, page = live_server.url, browser_page
    organization = OrganizationFactory(name="Takoma Park Lions Club", email="lions@example.org")
    officer = MembershipFactory(organization=organization).user
    application = ApplicationFactory(submitted=True, organization=organization)
    BingoOccasionFactory(application=application)
    approve(application, pay=False)  # the Board's four ayes
    application.refresh_from_db()
    assert application.status == ApplicationStatus.APPROVED
    assert not License.objects.filter(application=application).exists()

    # The organization sees its application approved and waiting for the fee, and how to pay it.
    sign_in(page, base, officer)
    page.goto(f"{base}/portal/applications/{application.pk}/status/")
    page.get_by_text("Approved, awaiting the fee").wait_for()
    page.get_by_text("Pay $250.00 by check or money order to").wait_for()
    sign_out(page)

    # Staff find it in the review queue among the approved applications awaiting their fee (it has left the open
    # ones), open it, and record the check on the review page: first too much (refused, inline), then the fee.
    sign_in(page, base, board_staff(full_name="Dana Whitfield"))
    page.goto(f"{base}/portal/review/")
    page.get_by_text("No application matches these filters.").wait_for()
    page.get_by_label("Status").select_option("awaiting_fee")
    row = page.locator("table.queue tbody tr", has_text="Takoma Park Lions Club")
    row.get_by_text("awaiting the fee").wait_for()
    shot(page, tmp_path, "queue-awaiting-fee")
    row.get_by_role("link", name=str(application.pk)).click()
    page.wait_for_url(f"{base}/portal/review/{application.pk}/")
    page.get_by_text("Approved, awaiting the fee").wait_for()
    form = page.locator("form", has=page.get_by_role("button", name="Record the payment"))
    form.get_by_label("Method").select_option("check")
    form.get_by_label("Check or money order number").fill("3318")
    form.get_by_label("Amount").fill("300.00")
    form.get_by_role("button", name="Record the payment").click()
    page.get_by_text("That is more than is left to pay").wait_for()
    assert not FeePayment.objects.exists()
    form = page.locator("form", has=page.get_by_role("button", name="Record the payment"))
    form.get_by_label("Amount").fill("250.00")
    form.get_by_role("button", name="Record the payment").click()
    page.get_by_text("The payment is recorded").wait_for()
    payment = FeePayment.objects.get()
    page.get_by_role("link", name=payment.receipt_number).wait_for()
    page.locator("#fee").scroll_into_view_if_needed()
    shot(page, tmp_path, "review-page")
    license = License.objects.get(application=application)
    sign_out(page)

    # The organization sees its license and downloads its receipt.
    sign_in(page, base, officer)
    page.goto(f"{base}/portal/applications/{application.pk}/status/")
    page.get_by_text(f"License {license.number}").wait_for()
    shot(page, tmp_path, "organization-status")
    href = page.get_by_role("link", name=payment.receipt_number).get_attribute("href")
    receipt = page.request.get(f"{base}{href}")  # with the officer's session
    assert receipt.ok and receipt.headers["content-type"] == "application/pdf"
    assert receipt.body().startswith(b"%PDF")
