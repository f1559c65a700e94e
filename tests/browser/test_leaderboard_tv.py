"""Journey 10: the Monte Carlo Night leaderboard has a TV layout: the whole screen, no scrolling, the top ten in
type read from across the hall, still live over its websocket; the ordinary page links to it."""


import pytest
from django.utils import timezone

from tests.browser.conftest import off_the_event_loop
from tests.browser.screens import csp_errors, no_horizontal_scroll, shot_path
from tests.montecarlo.factories import admit, mcn_license, night_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = {"tv-1920": (1920, 1080), "tv-3840": (3840, 2160), "tv-1366": (1366, 768)}


def test_the_leaderboard_fills_a_tv(asgi_url, browser_page, tmp_path):
    from playwright.sync_api import expect

    def prepare():
        today = timezone.localdate()
        night, director = night_for(license=mcn_license(date=today), training=True, day=today)
        admit(night, director, 14, name="Maria Guadalupe Hernandez-Castellanos")
        return night

    night = off_the_event_loop(prepare)
    page = browser_page
    page.goto(f"{asgi_url}/montecarlo/night/{night.public_key}/leaderboard/")
    page.get_by_role("link", name="Show on a TV (full screen layout)").click()
    page.wait_for_url("**?screen=tv")
    expect(page.locator("#leaderboard")).to_have_attribute("data-live", "1")
    assert page.locator(".site-header").count() == 0  # the TV shows the board alone
    for name, (width, height) in SCREENS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        page.screenshot(path=shot_path(tmp_path, f"leaderboard-{name}"))
        assert no_horizontal_scroll(page), name
        assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight"), name
        rows = page.evaluate("""() => [...document.querySelectorAll('.mc-tv-board tbody tr')]
            .filter(row => row.offsetParent).map(row => row.getBoundingClientRect().bottom)""")
        assert len(rows) == 10 and max(rows) <= height, (name, rows)
        chips = page.locator(".mc-tv-board tbody tr").first.locator(".mc-chips").bounding_box()["height"]
        assert chips > height * 0.045, (name, chips)  # read from the back of the hall
    assert not csp_errors(page), page.console_messages
