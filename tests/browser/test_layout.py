"""Journey 10, layout: the review page's payments table stays inside its card at 1280 px; the members page fits
390 px (no sideways scroll, no table wider than its box). Measured on the element boxes; screenshots saved."""

import pytest

from tests.browser.conftest import fee_record_on_review_page, sign_in
from tests.browser.screens import no_horizontal_scroll, shot_path
from tests.licensing.factories import (
    ApplicationFactory,
    BingoOccasionFactory,
    MembershipFactory,
    OrganizationFactory,
    approve,
    board_staff,
    make_eligible,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The boxes that reach past their parent's right edge, or whose content is wider than their box.
OVERFLOWING = """selector => [...document.querySelectorAll(selector)].filter(element => {
    const box = element.getBoundingClientRect(), parent = element.parentElement.getBoundingClientRect();
    return box.right > parent.right + 1 || box.left < parent.left - 1 || element.scrollWidth > element.clientWidth + 1;
}).map(element => element.outerHTML.slice(0, 80))"""


def test_the_payments_table_stays_in_its_card_at_1280(live_server, browser_page, tmp_path):
    page = browser_page
    page.set_viewport_size({"width": 1280, "height": 900})
    organization = OrganizationFactory(name="Takoma Park Lions Club")
    application = ApplicationFactory(submitted=True, organization=organization)
    BingoOccasionFactory(application=application)
    approve(application, pay=False)
    sign_in(page, live_server.url, board_staff(full_name="Dana Whitfield Montgomery-Alvarez"))
    fee_record_on_review_page(page, live_server.url, application, reference="118700442")
    page.goto(f"{live_server.url}/portal/review/{application.pk}/")
    table = page.locator("#fee table.payments")
    table.wait_for()
    card, box = page.locator("#fee").bounding_box(), table.bounding_box()
    assert box["x"] >= card["x"] and box["x"] + box["width"] <= card["x"] + card["width"] + 1, (card, box)
    assert page.evaluate(OVERFLOWING, "#fee table.payments, #fee table.payments td") == []
    assert no_horizontal_scroll(page)
    page.locator("#fee").screenshot(path=shot_path(tmp_path, "layout-review-payments-1280"))


def test_the_members_page_fits_a_phone(live_server, browser_page, organization, tmp_path):
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    officer = MembershipFactory(organization=organization).user
    make_eligible(organization, uploaded_by=officer, members=22)
    sign_in(page, live_server.url, officer)
    page.goto(f"{live_server.url}/portal/organizations/{organization.pk}/members/")
    page.locator("table.members").wait_for()
    assert no_horizontal_scroll(page), page.evaluate("document.documentElement.scrollWidth")
    assert page.evaluate(OVERFLOWING, "table.members, table.members tr, main") == []
    # Each member's cells read under their column's name.
    assert page.evaluate("getComputedStyle(document.querySelector('table.members td[data-label]'), '::before')"
                         ".content").startswith('"Address')
    page.screenshot(path=shot_path(tmp_path, "layout-members-390"), full_page=True)
    page.locator("table.members tbody tr").first.get_by_role("link", name="Edit").click()
    page.locator("tr.editing").wait_for()
    assert no_horizontal_scroll(page)
    assert page.evaluate(OVERFLOWING, "table.members, tr.editing") == []
    page.screenshot(path=shot_path(tmp_path, "layout-members-390-editing"), full_page=True)
