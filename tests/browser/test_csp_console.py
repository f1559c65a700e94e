"""Journey 11: no Content-Security-Policy errors in the browser console on the Monte Carlo Night page (27 today)
and the members page (9 today): every style and script comes from a static file (style-src 'self')."""


import pytest
from django.utils import timezone

from licensing.models import Role
from tests.browser.conftest import off_the_event_loop, sign_in
from tests.browser.screens import csp_errors, shot_path
from tests.licensing.factories import MembershipFactory, make_eligible, member
from tests.montecarlo.factories import admit, mcn_license, night_for, table_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]



def test_the_monte_carlo_night_page_loads_without_csp_errors(asgi_url, browser_page, tmp_path):
    def prepare():
        today = timezone.localdate()
        night, director = night_for(license=mcn_license(date=today), training=True, day=today)
        admit(night, director, 3, name="Rosa Diaz")
        table_for(night, director, "punto-banca", min_bet=20, max_bet=500)
        return night, director

    night, director = off_the_event_loop(prepare)
    page = browser_page
    sign_in(page, asgi_url, director)
    for address in (f"/montecarlo/nights/{night.pk}/", f"/montecarlo/nights/{night.pk}/tables/1/",
                    f"/montecarlo/night/{night.public_key}/", f"/montecarlo/night/{night.public_key}/leaderboard/"):
        page.console_messages.clear()
        page.goto(f"{asgi_url}{address}")
        page.wait_for_load_state("networkidle")
        page.screenshot(path=shot_path(tmp_path, "csp-" + address.strip("/").replace("/", "-")), full_page=True)
        assert not csp_errors(page), (address, page.console_messages)


def test_the_members_page_loads_without_csp_errors(live_server, browser_page, organization, tmp_path):
    officer = MembershipFactory(organization=organization, role=Role.OFFICER).user
    make_eligible(organization, uploaded_by=officer, members=30)
    member(organization, Role.DEALER)
    page = browser_page
    sign_in(page, live_server.url, officer)
    page.console_messages.clear()
    page.goto(f"{live_server.url}/portal/organizations/{organization.pk}/members/")
    page.wait_for_load_state("networkidle")
    page.screenshot(path=shot_path(tmp_path, "csp-members"), full_page=True)
    assert not csp_errors(page), page.console_messages
