"""Journey 10: the TV flashboard's prize stays inside its card (the biggest prizes, both languages, TV and phone),
and when a game closes the board shows its winners, also once the next game is waiting to start."""

from decimal import Decimal

import pytest

from bingo.live import services
from tests.bingo.factories import GameFactory, live_world, record  # noqa: F401
from tests.browser.conftest import off_the_event_loop
from tests.browser.screens import csp_errors, no_horizontal_scroll, shot_path

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("keep_migrated_data", "close_executor_connections")]

SCREENS = {"tv-1920": (1920, 1080), "tv-3840": (3840, 2160), "tv-1366": (1366, 768), "phone-390": (390, 844)}
# Each element's box against the card it is shown in: none may reach out of it.
OUTSIDE = """pairs => pairs.filter(([child, parent]) => {
    const c = document.querySelector(child).getBoundingClientRect();
    const p = document.querySelector(child).closest(parent).getBoundingClientRect();
    return c.left < p.left - 1 || c.right > p.right + 1 || c.top < p.top - 1 || c.bottom > p.bottom + 1
        || document.querySelector(child).scrollWidth > document.querySelector(child).clientWidth + 1;
}).map(([child]) => child)"""
IN_CARD = [["#flash-prize", ".flash-fact"], ["#flash-result", ".flash-fact"]]



@pytest.mark.parametrize("language", ["en", "es"])
def test_the_prize_stays_in_its_card_and_the_winners_show_when_the_game_closes(asgi_url, browser_page, tmp_path,
                                                                              language):
    from playwright.sync_api import expect

    world = off_the_event_loop(lambda: live_world(prize=Decimal("1999.00"), license_class="A", sold=(1, 120)))
    context = browser_page.context.browser.new_context(locale="en-US" if language == "en" else "es-ES")
    page = context.new_page()
    page.console_messages = []
    page.on("console", lambda message: page.console_messages.append(f"{message.type}: {message.text}"))
    page.goto(f"{asgi_url}/bingo/flashboard/{world.hall.key}/")
    expect(page.locator("#flash-connection")).to_have_attribute("data-state", "online")

    def close_and_plan_the_next():
        record(world, list(range(1, 76)))  # every ball: every sold face has its bingo
        services.game_close(actor=world.caller, game=world.game, winners=3)
        GameFactory(operation=world.game.operation, number=2, pattern=world.game.pattern, prize=Decimal("1999.00"))

    off_the_event_loop(close_and_plan_the_next)
    page.reload()
    expect(page.locator("#flashboard")).to_have_attribute("data-winners", "3")
    expect(page.locator("#flash-result")).to_contain_text("Winners of game 1: 3" if language == "en" else "1: 3")
    for name, (width, height) in SCREENS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        page.screenshot(path=shot_path(tmp_path, f"flashboard-winners-{name}-{language}"),
                        full_page=name.startswith("phone"))
        assert no_horizontal_scroll(page), name
        assert page.evaluate(OUTSIDE, IN_CARD) == [], (name, language)
    assert not csp_errors(page), page.console_messages
    context.close()
