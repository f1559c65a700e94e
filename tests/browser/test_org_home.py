"""The organization's home in a real browser: an officer whose application has an open deficiency notice and
whose organization has a financial report due signs in, lands on the home and sees both first, with their
deadlines counting down; the page is screenshotted at 1440x900 and 1920x1080."""


import pytest

from licensing.models import AuditEvent, Role
from tests.browser.conftest import sign_in
from tests.browser.screens import shot_path
from tests.licensing.factories import MembershipFactory, OrganizationFactory, UserFactory
from tests.licensing.home.factories import deficiency, renewal_window, report_due

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_officer_sees_what_to_do_on_the_home(asgi_url, browser_page, tmp_path):
    organization = OrganizationFactory(name="Columbia Heights Lions Club")
    officer = UserFactory(full_name="Rosa Martínez")
    MembershipFactory(organization=organization, user=officer, role=Role.OFFICER)
    notice = deficiency(organization, cure_in=12, message="Send the signed lease for the parish hall "
                                                          "(30 DCMR 1400.4).")
    report = report_due(organization, held_days_ago=5)
    renewal_window(organization, expires_in=80)
    AuditEvent.objects.filter(organization=organization).exists()  # the trail the page reads as sentences

    page = browser_page
    page.set_viewport_size({"width": 1440, "height": 900})
    sign_in(page, asgi_url, officer)
    page.wait_for_url(f"{asgi_url}/portal/organizations/{organization.pk}/")  # one organization: its home

    todo = page.locator("section[aria-labelledby='todo-heading']")
    cards = todo.locator(".action-card")
    assert cards.count() == 3
    deficiency_card = cards.filter(has_text="Deficiency notice")
    assert "12 days left" in deficiency_card.inner_text()
    assert notice.cure_by.strftime("%b") in deficiency_card.inner_text()  # the cure date, written out
    assert "Send the signed lease" in deficiency_card.inner_text()
    report_card = cards.filter(has_text=f"Financial report of license {report.license.number}")
    assert "days left" in report_card.inner_text() and "30 DCMR 1413.1" in report_card.inner_text()
    assert "licensing." not in page.content()  # no raw event code anywhere

    page.screenshot(path=shot_path(tmp_path, "home-org-home"))
    page.screenshot(path=shot_path(tmp_path, "home-org-home-full"), full_page=True)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.screenshot(path=shot_path(tmp_path, "home-org-home-1920"))

    deficiency_card.get_by_role("link", name="Answer the notice").click()
    page.wait_for_url(f"{asgi_url}/portal/applications/{notice.application_id}/")
    assert not [m for m in page.console_messages if "Content Security Policy" in m], page.console_messages
