"""The caller's console and a hall flashboard side by side, served by daphne (HTTP and
websockets): a call recorded on the console shows on the flashboard live, and a claim by face
number is verified on the console."""

import re

import pytest

from tests.bingo.live_world import (  # noqa: F401
    bingo_calls,
    fresh_caches,
    live_world,
)
from tests.browser.conftest import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("keep_migrated_data", "close_executor_connections")]


def test_a_call_on_the_console_shows_on_the_flashboard_and_a_claim_is_verified(asgi_url, browser_page):
    from playwright.sync_api import expect

    world = live_world(start=False)
    console = browser_page
    board_context = console.context.browser.new_context(locale="en-US")
    board = board_context.new_page()
    board_messages = []
    board.on("console", lambda message: board_messages.append(f"{message.type}: {message.text}"))
    try:
        board.goto(f"{asgi_url}/bingo/flashboard/{world.hall.key}/")
        expect(board.locator("#flash-connection")).to_have_attribute("data-state", "online")

        sign_in(console, asgi_url, world.caller)
        console.goto(f"{asgi_url}/bingo/games/{world.game.pk}/console/")
        console.get_by_role("button", name="Start game").click()
        expect(console.get_by_role("button", name="Draw a ball")).to_be_visible()
        expect(board.locator("#flashboard")).to_have_attribute("data-status", "live")

        calls = bingo_calls(world.face(5))
        for number in calls:
            console.get_by_label("Ball drawn from the blower").fill(str(number))
            console.get_by_role("button", name="Record ball").click()
            label = f"{'BINGO'[(number - 1) // 15]} {number}"
            expect(console.locator("#console-last")).to_have_text(label)
            # The flashboard hears the call over its websocket, no reload.
            expect(board.locator("#flash-last")).to_have_text(label)
            expect(board.locator(f'.flash-cell[data-number="{number}"]')).to_have_class(re.compile(r"\bcalled\b"))
        expect(board.locator("#flash-count")).to_have_text(str(len(calls)))
        expect(console.locator(".floor-count")).not_to_have_attribute("data-new", "0")

        console.get_by_label("Face number").fill("5")
        console.get_by_role("button", name="Check claim").click()
        claim = console.locator('article.claim[data-face="5"]')
        expect(claim).to_contain_text("Valid bingo on the number just called.")
        expect(claim.locator("td.winning")).to_have_count(5)  # the top row: five numbers

        console.get_by_role("button", name="Close game and pay winners").click()
        expect(console.locator(".console-result")).to_contain_text("$100.00")
        expect(board.locator("#flashboard")).to_have_attribute("data-status", "closed")
        # The Content-Security-Policy holds on both pages.
        blocked = [m for m in console.console_messages + board_messages if "Content Security Policy" in m]
        assert not blocked, blocked
    finally:
        board_context.close()
