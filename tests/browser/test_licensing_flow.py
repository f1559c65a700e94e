"""An organization files a bingo application in the portal, staff send a deficiency, the
organization cures it, staff record its check for the fee, four board members vote and the certificate PDF
downloads."""

import datetime as dt

import pytest
from django.utils import timezone

from licensing.models import Application, License
from licensing.models.choices import ApplicationStatus, DocumentKind
from tests.browser.conftest import fee_record_on_review_page, sign_in
from tests.licensing.factories import (
    MembershipFactory,
    add_document,
    board_member,
    board_staff,
    make_eligible,
    set_bond,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]




def at_step(page, title):
    page.locator(".steps li.current", has_text=title).wait_for()


def sign_out(page):
    page.get_by_role("button", name="Sign out").click()


def test_bingo_application_from_filing_to_certificate(live_server, browser_page, organization, tmp_path):
    base, page = live_server.url, browser_page
    officer = MembershipFactory(organization=organization).user
    make_eligible(organization, uploaded_by=officer)
    set_bond("bingo", "C")
    staff, members = board_staff(), [board_member() for _ in range(4)]

    # The organization files, step by step.
    sign_in(page, base, officer)
    page.wait_for_url(f"{base}/portal/organizations/{organization.pk}/")  # one organization: its home
    page.get_by_role("link", name="Start an application").click()
    page.get_by_label("License type").select_option("bingo")
    page.get_by_label("License class").select_option("C")
    page.get_by_role("button", name="Start the application").click()
    at_step(page, "Details")
    page.get_by_label("Name of the premises").fill("Parish hall")
    page.get_by_label("Street address").fill("1419 V Street NW")
    page.get_by_label("ZIP code").fill("20009")
    page.get_by_label("Certificate of occupancy number").fill("CO-2019-04417")  # 30 DCMR 1400.8: required for bingo
    page.get_by_role("button", name="Save and continue").click()
    at_step(page, "Schedule")
    day = timezone.localdate() + dt.timedelta(days=20)
    page.locator("#id_o-0-date").fill(day.isoformat())
    page.locator("#id_o-0-starts_at").fill("18:00")
    page.locator("#id_o-0-ends_at").fill("22:00")
    page.get_by_role("button", name="Save and continue").click()
    at_step(page, "Premises lease")
    page.get_by_role("button", name="Save and continue").click()  # not leased
    at_step(page, "Purpose")
    page.get_by_label("Lawful purpose of the proceeds").fill("Scholarships for the parish school")
    page.get_by_role("button", name="Save and continue").click()
    page.get_by_text("No blocking findings").wait_for()
    page.get_by_role("button", name="Submit to the Board").click()
    page.get_by_text("Submitted. Board staff will review it").wait_for()
    application = Application.objects.get(organization=organization)
    assert application.status == ApplicationStatus.SUBMITTED
    sign_out(page)

    # Staff send a deficiency notice.
    sign_in(page, base, staff)
    page.goto(f"{base}/portal/review/{application.pk}/")
    page.locator("form[action$='/deficiency/'] textarea").fill("File the certificate of occupancy for the hall.")
    page.get_by_role("button", name="Send the notice").click()
    page.get_by_text("File the certificate of occupancy for the hall.").first.wait_for()
    application.refresh_from_db()
    assert application.status == ApplicationStatus.DEFICIENT
    sign_out(page)

    # The organization cures it and submits again.
    add_document(organization, DocumentKind.CERTIFICATE_OF_OCCUPANCY, uploaded_by=officer, application=application)
    sign_in(page, base, officer)
    page.goto(f"{base}/portal/applications/{application.pk}/")
    page.get_by_text("Correct the application and submit it again").wait_for()
    page.get_by_role("link", name="Review and submit").last.click()
    page.get_by_role("button", name="Submit to the Board").click()
    page.get_by_text("Submitted. Board staff will review it").wait_for()
    sign_out(page)

    # Staff record the organization's check for the fee; then four board members vote aye: the license issues.
    sign_in(page, base, staff)
    fee_record_on_review_page(page, base, application)
    sign_out(page)
    for member in members:
        sign_in(page, base, member)
        page.goto(f"{base}/portal/review/{application.pk}/")
        page.get_by_label("Aye").check()
        page.get_by_role("button", name="Cast my vote").click()
        page.wait_for_load_state()
        sign_out(page)
    license = License.objects.get(application=application)
    assert license.certificate, "the certificate task ran (eager) and saved the PDF"

    # The organization downloads the certificate.
    sign_in(page, base, officer)
    page.goto(f"{base}/portal/applications/{application.pk}/")
    with page.expect_download() as download_info:
        page.get_by_role("link", name="Download the certificate (PDF)").click()
    path = tmp_path / "certificate.pdf"
    download_info.value.save_as(path)
    assert path.read_bytes().startswith(b"%PDF")
    assert download_info.value.suggested_filename == f"{license.number}.pdf"
