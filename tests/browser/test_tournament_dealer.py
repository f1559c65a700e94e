"""A tournament director seats 9 players on two tables, and a dealer plays a hand to showdown on
the dealer screen: one tap per action, the cards shown entered, the stacks updated."""

import pytest

from licensing.models import Role
from montecarlo.services_state import load_engine
from tests.browser.conftest import sign_in
from tests.montecarlo.tournament_django_builders import BOARD, LOSERS, WINNER, mcn_license, member, plan

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
NINE = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy"]


def test_director_seats_nine_and_dealer_plays_to_showdown(live_server, browser_page):
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    dealer = member(license.organization, Role.DEALER)
    tournament = plan(director, license)
    page = browser_page
    base = live_server.url

    sign_in(page, base, director)
    page.goto(f"{base}/montecarlo/tournaments/{tournament.pk}/")
    for name in NINE:
        page.get_by_label("Player's name").fill(name)
        page.get_by_role("button", name="Register").click()
        page.get_by_role("cell", name=name, exact=True).wait_for()
    page.get_by_role("button", name="Draw seats").click()
    page.get_by_role("heading", name="Table 2").wait_for()
    page.get_by_role("button", name="Start the clock").click()
    page.get_by_role("button", name="Pause the clock").wait_for()
    engine = load_engine(tournament)
    assert sorted(len(t.seats) for t in engine.tables.values()) == [4, 5]

    page.get_by_role("button", name="Sign out").click()
    sign_in(page, base, dealer)
    page.goto(f"{base}/montecarlo/tournaments/{tournament.pk}/tables/1/")
    page.get_by_role("button", name="Deal the next hand").click()
    heading = page.locator("#act-heading")
    heading.wait_for()
    seats = len(load_engine(tournament).table_view(1)["seats"])
    first = load_engine(tournament).table_view(1)["to_act"]
    for tap in range(seats):
        before = heading.text_content()
        page.locator(f'button[data-action="{"allin" if tap == 0 else "call"}"]').click()
        if tap < seats - 1:
            page.wait_for_function("b => document.querySelector('#act-heading')?.textContent !== b", arg=before)
    page.get_by_role("heading", name="Showdown: enter the board and the cards shown").wait_for()
    for index, card in enumerate(BOARD):
        page.locator(f'input[name="board{index}"]').fill(card)
    showdown_seats = [int(v) for v in page.locator('input[type="hidden"][name="seat"]').evaluate_all(
        "els => els.map(e => e.value)")]
    losers = iter(LOSERS)
    for seat in showdown_seats:
        cards = WINNER if seat == first else next(losers)
        page.locator(f'input[name="card_{seat}_0"]').fill(cards[0])
        page.locator(f'input[name="card_{seat}_1"]').fill(cards[1])
    page.get_by_role("button", name="Award the pots").click()
    page.get_by_text("Pots awarded.").wait_for()

    engine = load_engine(tournament)
    winner = engine.players[next(s["player"] for s in engine.table_view(1)["seats"] if s["seat"] == first)]
    assert winner.chips == 10000 * seats
    row = page.locator(f'tr[data-seat="{first}"] .mc-chips')
    assert row.text_content().strip() == str(10000 * seats)
    assert not [m for m in page.console_messages if "Content Security Policy" in m], page.console_messages
