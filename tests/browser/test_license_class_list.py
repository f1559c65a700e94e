"""Journey 11: the license class list follows the license type on the application's start form (30 DCMR 1204.1,
1204.16, 1414.1): choosing raffle shows only raffle classes. The script is a static file (no inline script)."""

import pytest

from licensing.models import Role
from tests.browser.conftest import sign_in
from tests.browser.screens import csp_errors, shot_path
from tests.licensing.factories import MembershipFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def visible_classes(page) -> list[str]:
    return page.evaluate("""Array.from(document.querySelectorAll('select[name="license_class"] option'))
        .filter(o => !o.hidden && !o.disabled).map(o => o.value)""")


def test_choosing_raffle_shows_only_raffle_classes(live_server, browser_page, organization, tmp_path):
    officer = MembershipFactory(organization=organization, role=Role.OFFICER).user
    page = browser_page
    sign_in(page, live_server.url, officer)
    page.goto(f"{live_server.url}/portal/organizations/{organization.pk}/applications/new/")
    assert visible_classes(page) == ["A", "B", "C", "D"]  # bingo, the first type
    page.get_by_label("License type").select_option("raffle")
    assert visible_classes(page) == ["1", "2", "3", "4", "5"]
    assert page.get_by_label("License class").input_value() == "1"
    page.screenshot(path=shot_path(tmp_path, "start-raffle-classes"), full_page=True)
    page.get_by_label("License type").select_option("montecarlo")
    assert visible_classes(page) == ["1", "2"]
    page.get_by_label("License type").select_option("multihall")
    assert visible_classes(page) == ["A", "B", "C"]
    page.get_by_label("License type").select_option("raffle")
    page.get_by_label("License class").select_option("3")
    page.get_by_role("button", name="Start the application").click()
    page.wait_for_url("**/details/")
    from licensing.models import Application
    assert Application.objects.values_list("license_type", "license_class").get() == ("raffle", "3")
    assert not csp_errors(page), page.console_messages
