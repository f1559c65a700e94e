"""A dealer runs a punto y banca round for two participants on the dealer's screen of a Monte Carlo Night: a bet
taken by participant number, one by the code a scanner reads off the chip receipt's QR, the cards entered with
the pickers; the engine settles, both ledgers show the result, and the public leaderboard (daphne, its websocket)
changes without a reload.

A training night (no prizes, nothing reported) may be played at any hour, so this test runs on the real clock:
daphne's reactor schedules its timers by the wall clock, which time-machine would move."""

import concurrent.futures

import pytest
from django.db import connection
from django.utils import timezone

from licensing.models import Role
from montecarlo.models import Participant
from tests.browser.conftest import sign_in
from tests.licensing.factories import member
from tests.montecarlo.factories import admit, mcn_license, night_for, table_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_dealer_runs_a_baccarat_round_for_two(asgi_url, browser_page):
    from playwright.sync_api import expect

    def prepare():
        try:
            today = timezone.localdate()
            night, director = night_for(license=mcn_license(date=today), training=True, day=today)
            dealer = member(night.license.organization, Role.DEALER)
            one, two = admit(night, director, 2, name="Rosa Diaz")
            table = table_for(night, director, "punto-banca", min_bet=20, max_bet=500)
            return night, dealer, one, two, table
        finally:
            connection.close()  # this thread's own connection (PostgreSQL), or the test DB stays busy

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        night, dealer, one, two, table = pool.submit(prepare).result()

    board_context = browser_page.context.browser.new_context(locale="en-US")
    board = board_context.new_page()
    errors = []
    board.on("console", lambda message: message.type == "error" and errors.append(message.text))
    try:
        board.goto(f"{asgi_url}/montecarlo/night/{night.public_key}/leaderboard/")
        expect(board.locator("#leaderboard")).to_have_attribute("data-live", "1")
        expect(board.locator('tr[data-number="1"] .mc-chips')).to_have_text("1000")

        page = browser_page
        sign_in(page, asgi_url, dealer)
        page.goto(f"{asgi_url}/montecarlo/nights/{night.pk}/tables/{table.number}/")
        page.get_by_role("button", name="Open a round").click()
        page.get_by_text("Round open: take the bets.").wait_for()

        page.get_by_label("Participant number or scanned receipt").fill("1")
        page.locator("label.mc-kind", has_text="Player").click()
        page.get_by_label("Chips", exact=True).fill("100")
        page.get_by_role("button", name="Take the bet").click()
        page.get_by_text("Bet taken.").wait_for()

        # A handheld scanner types the address the receipt's QR code holds.
        page.get_by_label("Participant number or scanned receipt").fill(
            f"{asgi_url}/montecarlo/r/{two.receipt_code}/")
        page.locator("label.mc-kind", has_text="Banker").click()
        page.locator('button[data-chips="200"]').click()
        page.get_by_role("button", name="Take the bet").click()
        page.locator('tr[data-bet="1.2"]').wait_for()

        for name, card in (("player0", "9h"), ("player1", "Kd"), ("banker0", "2c"), ("banker1", "3s")):
            page.locator(f'select[name="{name}"]').select_option(card)
        page.get_by_role("button", name="Settle").click()
        page.get_by_text("Settled: every payout is on the participants' ledgers.").wait_for()
        expect(page.locator('[data-field="last"]')).to_contain_text("player wins")

        assert Participant.objects.get(pk=one.pk).chips == 1100
        assert Participant.objects.get(pk=two.pk).chips == 800
        page.goto(f"{asgi_url}/montecarlo/nights/{night.pk}/participants/1/")
        expect(page.locator('[data-field="chips"]')).to_have_text("1100")
        expect(page.locator('tr[data-kind="won"]')).to_contain_text("+200")

        # The leaderboard followed live, without a reload: the winner first.
        expect(board.locator('tr[data-number="1"] .mc-chips')).to_have_text("1100")
        expect(board.locator('tr[data-number="2"] .mc-chips')).to_have_text("800")
        expect(board.locator("tbody tr").first).to_have_attribute("data-number", "1")
        # No script error and nothing the Content-Security-Policy blocked (the favicon is issue 15's).
        assert not [e for e in errors if "favicon" not in e and "404" not in e], errors
        assert not [m for m in page.console_messages if "Content Security Policy" in m or "Uncaught" in m]
    finally:
        board_context.close()
