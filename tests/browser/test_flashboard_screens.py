"""The hall flashboard fills a TV (1920x1080, 3840x2160) without scrolling and works on a phone (390x844);
the caller's console fits a tablet (1024x768, 768x1024) with big touch targets. Screenshots into SHOTS_DIR."""

from decimal import Decimal

import pytest

from tests.bingo.factories import fresh_caches, live_world, record  # noqa: F401
from tests.browser.conftest import sign_in
from tests.browser.screens import csp_errors, no_horizontal_scroll, shot_path

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("keep_migrated_data", "close_executor_connections")]

CALLS = [7, 12, 19, 23, 31, 38, 44, 45, 52, 60, 61, 66, 71, 74]
SCREENS = {"tv-1920": (1920, 1080), "tv-3840": (3840, 2160), "phone-390": (390, 844)}


def _boxes_inside(page, selectors) -> list[str]:
    """The selectors whose box reaches past the bottom or right of the viewport."""
    return page.evaluate("""selectors => selectors.filter(s => {
        const box = document.querySelector(s).getBoundingClientRect();
        return box.bottom > window.innerHeight + 1 || box.right > window.innerWidth + 1; })""", selectors)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_flashboard_fills_a_tv_and_fits_a_phone(asgi_url, browser_page, tmp_path, language):
    from playwright.sync_api import expect

    world = live_world(prize=Decimal("1250.00"))
    record(world, CALLS)
    context = browser_page.context.browser.new_context(locale="en-US" if language == "en" else "es-ES")
    page = context.new_page()
    page.console_messages = []
    page.on("console", lambda message: page.console_messages.append(f"{message.type}: {message.text}"))
    for name, (width, height) in SCREENS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{asgi_url}/bingo/flashboard/{world.hall.key}/")
        expect(page.locator("#flash-connection")).to_have_attribute("data-state", "online")
        expect(page.locator("#flash-last")).to_have_text("O 74")
        prize = "$1,250.00"  # core.money.money_text, as the fee calculator
        expect(page.locator("#flash-prize")).to_have_text(prize)
        assert no_horizontal_scroll(page), name
        if name.startswith("tv"):
            # The whole board, the last number, the pattern and the prize on the screen at once, no scrolling.
            assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight"), name
            assert _boxes_inside(page, [".flash-board", "#flash-last", "#flash-pattern", "#flash-prize"]) == []
            last = page.locator("#flash-last").bounding_box()["height"]
            cell = page.locator(".flash-cell").first.bounding_box()["height"]
            assert last > height * 0.15 and cell > height * 0.06, (name, last, cell)  # read from the back of a hall
        assert page.locator(".flash-cell.called").count() == len(CALLS)
        page.screenshot(path=shot_path(tmp_path, f"polish-flashboard-{name}-{language}"), full_page=name == "phone-390")
    assert page.locator("html").get_attribute("lang") == language
    assert not csp_errors(page), page.console_messages
    context.close()


def test_the_console_fits_a_tablet(asgi_url, browser_page, tmp_path):
    world = live_world()
    record(world, CALLS[:5])
    page = browser_page
    sign_in(page, asgi_url, world.caller)
    for width, height in ((1024, 768), (768, 1024)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{asgi_url}/bingo/games/{world.game.pk}/console/")
        page.get_by_role("button", name="Record ball").wait_for()
        assert no_horizontal_scroll(page), (width, page.evaluate("document.documentElement.scrollWidth"))
        small = page.evaluate("""() => [...document.querySelectorAll('main button, main input, main select')]
            .filter(e => e.offsetParent && e.type !== 'hidden')
            .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect().height])
            .filter(([, h]) => h < 44)""")
        assert small == [], small  # touch targets at least 44 px high (WCAG 2.5.5)
        page.screenshot(path=shot_path(tmp_path, f"polish-console-{width}x{height}"), full_page=True)
    assert not csp_errors(page), page.console_messages
