"""The public tournament clock, served by daphne with its websocket: the director starts and
pauses the clock on the director's page, and the clock screen follows live, without a reload.

A training tournament (marked so, no prizes) may start its clock at any hour, so this test runs on the
real clock: daphne's reactor schedules its timers by the wall clock, which time-machine would move."""

import concurrent.futures
import random

import pytest
from django.db import connection
from django.utils import timezone

from licensing.models import Role
from montecarlo.tournaments import services
from tests.browser.conftest import sign_in
from tests.licensing.factories import member
from tests.montecarlo.factories import ADULT, TournamentFactory, mcn_license

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
NINE = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy"]


def test_the_clock_screen_follows_the_director_live(asgi_url, browser_page):
    from playwright.sync_api import expect

    def prepare():
        try:
            license = mcn_license(date=timezone.localdate())
            director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
            tournament = TournamentFactory(actor=director, license=license, training=True, prizes=[],
                                           date=timezone.localdate())
            for name in NINE:
                services.player_register(actor=director, tournament=tournament, name=name, date_of_birth=ADULT)
            services.seats_draw(actor=director, tournament=tournament, rng=random.Random(3))
            return tournament, director
        finally:
            connection.close()  # this thread's own connection (PostgreSQL), or the test DB stays busy

    # In a thread of its own: Playwright's event loop runs in this one, and the services
    # broadcast to the screens with async_to_sync.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        tournament, director = pool.submit(prepare).result()

    clock_context = browser_page.context.browser.new_context(locale="en-US")
    clock = clock_context.new_page()
    errors = []
    clock.on("console", lambda message: message.type == "error" and errors.append(message.text))
    try:
        clock.goto(f"{asgi_url}/montecarlo/clock/{tournament.public_key}/")
        expect(clock.locator('[data-field="connection"]')).to_have_text("Live")
        expect(clock.locator('[data-field="status"]')).to_have_text("Starting soon")
        expect(clock.locator('[data-field="players"]')).to_have_text("9 / 9")
        expect(clock.locator('[data-field="average"]')).to_have_text("10000")
        before = clock.locator('[data-field="time"]').inner_text()

        director_page = browser_page
        sign_in(director_page, asgi_url, director)
        director_page.goto(f"{asgi_url}/montecarlo/tournaments/{tournament.pk}/")
        director_page.get_by_role("button", name="Start the clock").click()
        director_page.get_by_role("button", name="Pause the clock").wait_for()

        # The screen hears the start over its socket and counts down on its own.
        expect(clock.locator('[data-field="status"]')).to_have_text("")
        expect(clock.locator('[data-field="time"]')).not_to_have_text(before, timeout=5000)

        director_page.get_by_role("button", name="Pause the clock").click()
        expect(clock.locator('[data-field="status"]')).to_have_text("Clock paused")
        paused = clock.locator('[data-field="time"]').inner_text()
        clock.wait_for_timeout(1500)
        assert clock.locator('[data-field="time"]').inner_text() == paused
        assert not [e for e in errors if "Content Security Policy" in e]
    finally:
        clock_context.close()
