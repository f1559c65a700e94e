"""A tournament director registers 9 players (with their dates of birth) and seats them on two tables,
and a dealer plays a hand to showdown on the dealer screen: one tap per action; at the showdown the
hand that raised last must show and one other hand mucks; the stacks are updated and "last hand" says
who won which pot with which hand. The Board's clock is frozen inside the licensed hours (the WSGI
live server; daphne is not used here)."""

import pytest

from licensing.models import Role
from montecarlo.tournaments.state import load_engine
from tests.browser.conftest import sign_in
from tests.licensing.factories import member
from tests.montecarlo.factories import (  # noqa: F401  (board_clock: the fixture)
    BOARD,
    LOSERS,
    WINNER,
    TournamentFactory,
    board_clock,
    mcn_license,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("board_clock")]
NINE = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy"]


def test_director_seats_nine_and_dealer_plays_to_showdown(live_server, browser_page):
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    dealer = member(license.organization, Role.DEALER)
    tournament = TournamentFactory(actor=director, license=license)
    page = browser_page
    base = live_server.url

    sign_in(page, base, director)
    page.goto(f"{base}/montecarlo/tournaments/{tournament.pk}/")
    for name in NINE:
        page.get_by_label("Player's name").fill(name)
        page.get_by_label("Date of birth").fill("1980-05-17")
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
    # The first to act went all in, a raise, and called by all: it must show (1604.3(t)(2)(A)).
    must = page.locator(f'fieldset[data-showdown-seat="{first}"]')
    assert must.get_by_text("Must show").is_visible() and must.locator('input[type="radio"]').count() == 0
    mucker = next(seat for seat in reversed(showdown_seats) if seat != first)
    page.locator(f'fieldset[data-showdown-seat="{mucker}"]').get_by_label("Mucks (not entered)").check()
    losers = iter(LOSERS)
    for seat in showdown_seats:
        if seat == mucker:
            continue
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
    last = page.locator("section.mc-last-hand")
    pot = " ".join(last.locator('li[data-pot="1"]').text_content().split())
    assert pot == (f"Main pot {10000 * seats} → {winner.name} (seat {first}), one pair "
                   f"({WINNER[0]} {WINNER[1]})")
    hand = engine.hands[-1]
    assert hand["mucked"] == [hand["seats"].index(mucker)]
    mucker_name = engine.players[hand["players"][hand["seats"].index(mucker)]].name  # out now: no chips left
    assert f"Mucked: {mucker_name} (seat {mucker})" in " ".join(last.text_content().split())
    assert not [m for m in page.console_messages if "Content Security Policy" in m], page.console_messages
