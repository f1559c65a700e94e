"""Journey 6: the dealer sees the outcome. After a punto y banca round the table's screen lists every bet with
won, lost or pushed and the chips it paid; closing the table, counting the chips and closing a training night each
ask first (htmx's hx-confirm: no inline script, the page's CSP holds), and a dismissed question changes nothing;
the training night's end says it awards nothing. A training night plays at any hour (the WSGI live server)."""


import pytest
from django.utils import timezone
from playwright.sync_api import expect

from licensing.models import Role
from montecarlo.models import GameTable, Night
from montecarlo.tables import services as table_services
from tests.browser.conftest import off_the_event_loop, sign_in
from tests.browser.screens import csp_errors, shot_path
from tests.licensing.factories import member
from tests.montecarlo.factories import admit, mcn_license, night_for, table_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def answer(page, *, accept: bool, seen: list):
    def handle(dialog):
        seen.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()
    page.once("dialog", handle)


def test_the_dealer_sees_each_bets_outcome_and_the_irreversible_steps_ask_first(live_server, browser_page, tmp_path):
    def prepare():
        today = timezone.localdate()
        night, director = night_for(license=mcn_license(date=today), training=True, day=today, prizes=[])
        dealer = member(night.license.organization, Role.DEALER)
        admit(night, director, 3, name="Rosa Diaz")
        table = table_for(night, director, "punto-banca", min_bet=20, max_bet=500)
        for event in ({"type": "open"}, {"type": "bet", "participant": 1, "kind": "player", "amount": 100},
                      {"type": "bet", "participant": 2, "kind": "banker", "amount": 100},
                      {"type": "bet", "participant": 3, "kind": "tie", "amount": 20}):
            table_services.table_play(actor=dealer, table=table, event=event)
        return night, director, table

    night, director, table = off_the_event_loop(prepare)
    page, base = browser_page, live_server.url
    sign_in(page, base, director)
    page.goto(f"{base}/montecarlo/nights/{night.pk}/tables/{table.number}/")
    # The dealer enters the cards: the player's natural 9 beats the banker's 5.
    for name, card in (("player0", "9h"), ("player1", "Kd"), ("banker0", "2c"), ("banker1", "3d")):
        page.locator(f'select[name="{name}"]').select_option(card)
    page.get_by_role("button", name="Settle").click()
    page.get_by_text("Settled: every payout is on the participants' ledgers.").wait_for()
    results = page.locator(".mc-results-table tbody tr")
    expect(results).to_have_count(3)
    expect(results.nth(0)).to_contain_text("won")
    expect(results.nth(0)).to_contain_text("200 (100 won)")
    expect(results.nth(1)).to_contain_text("lost")
    expect(results.nth(2)).to_contain_text("lost")
    page.screenshot(path=shot_path(tmp_path, "dealer_outcome_table"), full_page=True)

    seen: list[str] = []
    page.locator("summary", has_text="For the director").click()
    answer(page, accept=False, seen=seen)
    page.get_by_role("button", name="Close the table").click()
    page.wait_for_timeout(500)
    assert seen and seen[0].startswith("Close table 1?")
    assert GameTable.objects.get(pk=table.pk).status == "open"  # dismissed: nothing happened
    answer(page, accept=True, seen=seen)
    page.get_by_role("button", name="Close the table").click()
    expect(page.locator("h1")).to_contain_text("Closed")

    page.goto(f"{base}/montecarlo/nights/{night.pk}/")
    answer(page, accept=True, seen=seen)
    page.get_by_role("button", name="Count the chips").click()
    page.get_by_role("button", name="Close the training night (no prizes)").wait_for()
    assert seen[-1].startswith("Count the chips now?")
    expect(page.get_by_text("A training night awards no prizes and reports nothing.")).to_be_visible()
    answer(page, accept=True, seen=seen)
    page.get_by_role("button", name="Close the training night (no prizes)").click()
    page.get_by_text("Training night closed: it awards nothing and reports nothing.").wait_for()
    assert seen[-1].startswith("Close the training night?")
    expect(page.locator("h1")).to_contain_text("Closed: a training night awards nothing")
    assert Night.objects.get(pk=night.pk).status == "awarded"
    page.screenshot(path=shot_path(tmp_path, "dealer_outcome_training_end"), full_page=True)
    assert not csp_errors(page)
