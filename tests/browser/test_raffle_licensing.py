"""Journey 1 (issue 26): with the demo's schedules, an organization files a raffle application in the portal
from start to submission: the fee and the bond of its class resolve (Board data, 30 DCMR 1202.2(r), 1205.2) and
nothing says "the Board has not set the fee"."""

import datetime as dt
from decimal import Decimal

import pytest
from django.utils import timezone

from demo import licensing as demo_seed
from licensing.models import Application
from licensing.models.choices import ApplicationStatus, DocumentKind
from tests.browser.conftest import sign_in
from tests.browser.screens import csp_errors, shot_path
from tests.licensing.factories import MembershipFactory, add_document, make_eligible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def at_step(page, title):
    page.locator(".steps li.current", has_text=title).wait_for()


def test_a_raffle_is_filed_out_of_the_box(live_server, browser_page, organization, tmp_path):
    base, page = live_server.url, browser_page
    demo_seed.schedules()  # what `make run` seeds
    officer = MembershipFactory(organization=organization).user
    make_eligible(organization, uploaded_by=officer)
    add_document(organization, DocumentKind.PRINTERS_AFFIDAVIT, uploaded_by=officer)  # 30 DCMR 1202.2(n)

    sign_in(page, base, officer)
    page.wait_for_url(f"{base}/portal/organizations/{organization.pk}/")
    page.get_by_role("link", name="Start an application").click()
    page.get_by_label("License type").select_option("raffle")
    page.get_by_label("License class").select_option("2")
    page.get_by_role("button", name="Start the application").click()
    at_step(page, "Details")
    page.get_by_label("Ticket price").fill("5.00")
    page.get_by_label("Tickets printed").fill("500")
    page.get_by_label("First ticket number").fill("1")
    page.get_by_label("Last ticket number").fill("500")
    page.get_by_label("Total prize value").fill("1200.00")
    drawing_at = timezone.localtime() + dt.timedelta(days=40)
    page.get_by_label("Drawing date and time").fill(drawing_at.strftime("%Y-%m-%dT19:00"))
    page.get_by_label("Drawing place").fill("Parish hall, 1419 V Street NW")
    page.get_by_role("button", name="Save and continue").click()
    at_step(page, "Purpose")
    page.get_by_label("Lawful purpose of the proceeds").fill("Scholarships for the parish school")
    page.get_by_role("button", name="Save and continue").click()
    page.get_by_text("No blocking findings").wait_for()
    body = page.content()
    assert "has not set" not in body and "$50.00" in body
    page.screenshot(path=shot_path(tmp_path, "raffle-application-review"), full_page=True)
    page.get_by_role("button", name="Submit to the Board").click()
    page.get_by_text("Submitted. Board staff will review it").wait_for()
    application = Application.objects.get(organization=organization)
    assert application.status == ApplicationStatus.SUBMITTED
    assert (application.application_fee, application.bond_amount) == (Decimal("50.00"), Decimal("1000.00"))
    assert not csp_errors(page), page.console_messages
