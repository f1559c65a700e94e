"""The header's grouped menus: one row at 1280 px for a person with every staff role, opened and closed with
the keyboard alone; a favicon; and no sideways scrolling at 390 px on the table pages."""

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from licensing.models import BoardGroup, Role
from tests.browser.conftest import sign_in
from tests.browser.screens import csp_errors, no_horizontal_scroll, shot_path
from tests.licensing.factories import LicenseFactory, MembershipFactory, board_staff

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def everyone(organization):
    """Board staff, member and administrator, admin staff, and an officer: the longest navigation there is."""
    user = board_staff(is_staff=True)
    for group in (BoardGroup.MEMBER, BoardGroup.ADMIN):
        user.groups.add(Group.objects.get_or_create(name=group.value)[0])
    MembershipFactory(organization=organization, role=Role.OFFICER, user=user)
    return user


def test_the_staff_navigation_fits_one_row_at_1280_and_works_with_the_keyboard(asgi_url, browser_page, everyone,
                                                                              tmp_path):
    page = browser_page
    page.set_viewport_size({"width": 1280, "height": 800})
    sign_in(page, asgi_url, everyone)
    tops = page.eval_on_selector_all(".nav-menus > li",
                                     "items => items.map(i => Math.round(i.getBoundingClientRect().top))")
    assert len(tops) >= 6 and max(tops) - min(tops) < 10, tops  # one row
    nav = page.locator(".main-nav").bounding_box()
    assert nav["height"] < 50, nav

    # Keyboard only: Tab to the Review menu, Enter opens it, Tab reaches its first link, Escape closes it.
    review = page.locator(".nav-menu summary", has_text="Review")
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent.trim()") == "Review":
            break
    assert review.evaluate("element => element === document.activeElement")
    page.keyboard.press("Enter")
    queue = page.locator(".nav-menu").get_by_role("link", name="Review queue")  # the home links to it too
    queue.wait_for(state="visible")
    page.screenshot(path=shot_path(tmp_path, "polish-nav-1280"))
    page.keyboard.press("Tab")
    assert queue.evaluate("element => element === document.activeElement")
    page.keyboard.press("Escape")
    queue.wait_for(state="hidden")
    assert review.evaluate("element => element === document.activeElement")
    # Space opens a menu too, and opening one closes the other.
    page.keyboard.press("Space")
    queue.wait_for(state="visible")
    page.locator(".nav-menu summary", has_text="Operations").click()
    queue.wait_for(state="hidden")
    page.get_by_role("link", name="Reports", exact=True).click()
    page.wait_for_url(f"{asgi_url}{reverse('portal:report_list')}**")
    assert not csp_errors(page), page.console_messages


def test_the_favicon_is_served_and_linked(asgi_url, browser_page):
    page = browser_page
    page.goto(f"{asgi_url}/")
    icon = page.locator('link[rel="icon"]').get_attribute("href")
    assert page.request.get(f"{asgi_url}{icon}").ok
    response = page.request.get(f"{asgi_url}/favicon.ico")
    assert response.ok and response.url.endswith(".svg")
    assert not [m for m in page.console_messages if "404" in m], page.console_messages


def test_table_pages_do_not_scroll_sideways_on_a_phone(asgi_url, browser_page, everyone, organization, tmp_path):
    LicenseFactory(organization=organization)
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, asgi_url, everyone)
    addresses = [reverse(name) for name in ("portal:review_queue", "public:license_lookup", "public:charity_totals",
                                            "vendors:registry_list", "portal:board_dashboard", "portal:report_list")]
    for address in [*addresses, reverse("portal:organization_detail", args=[organization.pk])]:
        page.goto(f"{asgi_url}{address}")
        assert no_horizontal_scroll(page), (address, page.evaluate("document.documentElement.scrollWidth"))
        assert not csp_errors(page), (address, page.console_messages)
    page.goto(f"{asgi_url}{reverse('portal:review_queue')}")
    page.screenshot(path=shot_path(tmp_path, "polish-review-queue-390"), full_page=True)
