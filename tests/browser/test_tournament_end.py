"""Journey 5: a tournament stops when it ends. Three players play all-in hands on the dealer's screen until one is
left; then the dealer's screen says the tournament is over, names the winner and offers no "Deal the next hand",
and the public clock screen has stopped (no countdown) and shows the finishing order (30 DCMR 1603.25). The
Board's clock is frozen inside the licensed hours (the WSGI live server; the clock screen renders its state)."""

import pytest
from playwright.sync_api import expect

from licensing.models import Role
from montecarlo.tournaments.state import load_engine
from tests.browser.conftest import sign_in
from tests.browser.screens import csp_errors, shot_path
from tests.licensing.factories import member
from tests.montecarlo.factories import board_clock, play_to_one, running  # noqa: F401  (board_clock: the fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("board_clock")]


def test_an_ended_tournament_stops_its_clock_and_deals_no_more(live_server, browser_page, tmp_path):
    tournament, director = running(["Ana", "Ben", "Cy"])
    dealer = member(tournament.license.organization, Role.DEALER)
    page, base = browser_page, live_server.url
    sign_in(page, base, dealer)
    page.goto(f"{base}/montecarlo/tournaments/{tournament.pk}/tables/1/")
    expect(page.get_by_role("button", name="Deal the next hand")).to_be_visible()
    play_to_one(director, tournament)  # the hands, as the dealer's taps record them (test_tournament_dealer)
    winner = load_engine(tournament).results()[0]["name"]

    page.goto(f"{base}/montecarlo/tournaments/{tournament.pk}/tables/1/")
    expect(page.get_by_role("heading", name="The tournament is over: no more hands.")).to_be_visible()
    expect(page.get_by_text(f"Winner: {winner}.")).to_be_visible()
    expect(page.get_by_role("button", name="Deal the next hand")).to_have_count(0)
    expect(page.locator(".mc-clock-summary")).to_contain_text("stopped: the tournament is over")
    page.screenshot(path=shot_path(tmp_path, "tournament_end_dealer"), full_page=True)

    page.goto(f"{base}/montecarlo/clock/{tournament.public_key}/")
    expect(page.locator('[data-field="status"]')).to_have_text("Finished")
    expect(page.locator('[data-field="time"]')).to_be_hidden()
    expect(page.locator('[data-field="result"] li').first).to_have_text(winner)
    expect(page.locator('[data-field="result"] li')).to_have_count(3)
    page.wait_for_timeout(1200)
    expect(page.locator('[data-field="time"]')).to_be_hidden()  # no countdown comes back
    page.screenshot(path=shot_path(tmp_path, "tournament_end_clock"), full_page=True)
    assert not csp_errors(page)
