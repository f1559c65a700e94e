"""The caller's console and a hall flashboard side by side, served by daphne (HTTP and
websockets): a call recorded on the console shows on the flashboard live, and a claim by face
number is verified on the console."""

import datetime as dt
import re

import pytest
from django.utils import timezone

from tests.bingo.factories import bingo_calls, fresh_caches, live_world  # noqa: F401
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

        # While a call is on its way the ball field and the buttons are disabled, so a ball keyed in
        # meanwhile is not typed into a form the answer is about to replace (and lost).
        held = []
        console.route("**/console/record/", lambda route: held.append(route))
        field = console.get_by_label("Ball drawn from the blower")
        field.fill("75")
        console.get_by_role("button", name="Record ball").click()
        expect(field).to_be_disabled()
        expect(console.get_by_role("button", name="Record ball")).to_be_disabled()
        held[0].abort()
        console.unroute("**/console/record/")
        expect(field).to_be_enabled()

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

        # The valid claim holds the calls until the close pays it (30 DCMR 1405.16, 1406.3).
        expect(console.locator(".calls-held")).to_contain_text("30 DCMR 1405.16, 1406.3")
        expect(console.get_by_role("button", name="Draw a ball")).to_be_disabled()
        expect(console.get_by_role("button", name="Record ball")).to_be_disabled()

        # Checked again on the same call: the claim already heard is shown, no second card.
        console.get_by_label("Face number").fill("5")
        console.get_by_role("button", name="Check claim").click()
        expect(console.locator(".claim-repeated-note")).to_contain_text("Face 5 was already checked on")
        expect(console.locator('article.claim[data-face="5"]')).to_have_count(1)
        expect(console.locator('article.claim[data-repeated="true"]')).to_be_visible()

        # Closing asks first: dismissed, the game stays live; accepted, it pays the claim.
        dialogs = []

        def answer(dialog, accept):
            dialogs.append(dialog.message)
            dialog.accept() if accept else dialog.dismiss()

        console.once("dialog", lambda dialog: answer(dialog, False))
        console.get_by_role("button", name="Close game and pay winners").click()
        expect(console.locator("#board-heading [data-status]")).to_have_attribute("data-status", "live")
        assert dialogs == ["Close game 1 and pay 1 valid claim? A closed game cannot be reopened."]
        console.once("dialog", lambda dialog: answer(dialog, True))
        console.get_by_role("button", name="Close game and pay winners").click()
        expect(console.locator(".console-result")).to_contain_text("$100.00")
        expect(console.locator(".console-result")).to_contain_text("5 (" + world.series.code + ")")
        expect(board.locator("#flashboard")).to_have_attribute("data-status", "closed")
        # The Content-Security-Policy holds on both pages.
        blocked = [m for m in console.console_messages + board_messages if "Content Security Policy" in m]
        assert not blocked, blocked
    finally:
        board_context.close()


def test_taking_back_a_call_asks_first(asgi_url, browser_page):
    from playwright.sync_api import expect

    world = live_world()
    console = browser_page
    sign_in(console, asgi_url, world.caller)
    console.goto(f"{asgi_url}/bingo/games/{world.game.pk}/console/")
    console.get_by_label("Ball drawn from the blower").fill("7")
    console.get_by_role("button", name="Record ball").click()
    expect(console.locator("#console-last")).to_have_text("B 7")
    console.get_by_label("Reason for taking back the last call").fill("keyed 7 for 17")
    messages = []
    console.once("dialog", lambda dialog: (messages.append(dialog.message), dialog.dismiss()))
    console.get_by_role("button", name="Take back the last call").click()
    expect(console.locator("#console-last")).to_have_text("B 7")
    assert messages and messages[0].startswith("Take back B 7?")
    console.once("dialog", lambda dialog: dialog.accept())
    console.get_by_role("button", name="Take back the last call").click()
    expect(console.locator("#console-last")).to_have_text("—")
    # A ball the system drew stays drawn (30 DCMR 1405.14): the console offers no undo for it.
    console.get_by_role("button", name="Draw a ball").click()
    expect(console.locator(".undo-refused")).to_contain_text("30 DCMR 1405.14")
    expect(console.get_by_role("button", name="Take back the last call")).to_have_count(0)


def test_a_start_outside_the_licensed_hours_is_refused_on_the_console(asgi_url, browser_page):
    from playwright.sync_api import expect

    from tests.clock import board_time, travel

    # 03:10 on the Board's clock, for an operation licensed 18:00-22:00 that day (the server shares the clock).
    travel(board_time(timezone.localdate(), dt.time(3, 10)))
    world = live_world(start=False)
    console = browser_page
    sign_in(console, asgi_url, world.caller)
    console.goto(f"{asgi_url}/bingo/games/{world.game.pk}/console/")
    console.get_by_role("button", name="Start game").click()
    alert = console.locator(".form-errors[role=alert]")
    expect(alert).to_contain_text("Start game 1: the operation is licensed for")
    expect(alert).to_contain_text("18:00-22:00")
    expect(alert).to_contain_text("30 DCMR 1202.2(m)")
    expect(alert).to_contain_text("no bingo is played between 12:00 midnight and 9:00 am")
    expect(console.get_by_role("button", name="Start game")).to_be_visible()
    world.game.refresh_from_db()
    assert world.game.status == "planned"
