"""An organization officer signs in, switches to Spanish and sees the dashboard."""

import pytest

from tests.licensing.factories import PASSWORD, MembershipFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_officer_signs_in_switches_to_spanish_and_sees_the_dashboard(live_server, browser_page, organization):
    officer = MembershipFactory(organization=organization).user
    MembershipFactory(user=officer)  # two organizations: the dashboard lists them (one would open its home)
    page = browser_page

    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="Sign in").first.click()
    page.get_by_label("Email address").fill(officer.email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()

    page.wait_for_url(f"{live_server.url}/portal/")
    assert page.get_by_role("heading", name="Your organizations").is_visible()
    assert page.get_by_role("link", name=organization.name).is_visible()

    page.get_by_label("Language").select_option("es")
    page.get_by_role("button", name="Change").click()
    page.wait_for_load_state()

    assert page.locator("html").get_attribute("lang") == "es"
    assert page.get_by_role("heading", name="Sus organizaciones").is_visible()
    assert page.get_by_role("button", name="Cerrar sesión").is_visible()
    page.get_by_role("link", name=organization.name).click()
    assert page.get_by_role("heading", name="Personas que representan a esta organización").is_visible()
    # The Content-Security-Policy holds: nothing on the page was blocked.
    assert not [m for m in page.console_messages if "Content Security Policy" in m], page.console_messages
