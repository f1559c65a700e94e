"""Planning in a real browser under the CSP: the pattern editor's clickable grid, and adding a
game to the plan with htmx (the findings box updates without a page load)."""

import pytest

from bingo.engine.card import FREE_BIT
from bingo.models import Pattern
from tests.bingo.factories import bingo_license, plan, planner
from tests.browser.conftest import browser_page, sign_in  # noqa: F401 - the fixture is used by name

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_draw_a_pattern_then_plan_a_game_with_it(live_server, browser_page):  # noqa: F811
    page = browser_page
    license = bingo_license()
    operation = plan(license)
    sign_in(page, live_server.url, planner(license.organization))

    page.goto(f"{live_server.url}/bingo/patterns/custom/")
    for square in (0, 4, 20, 24, 6):
        page.locator(f'button.cell[data-square="{square}"]').click()
    page.locator('button.cell[data-square="6"]').click()  # a second click uncovers it again
    assert page.locator('button.cell[data-square="6"]').get_attribute("aria-pressed") == "false"
    assert page.locator("button.cell.free").is_disabled()
    page.get_by_label("Name (English)").fill("Big corners")
    page.get_by_label("Name (Spanish)").fill("Esquinas grandes")
    page.get_by_role("button", name="Save the pattern").click()
    page.get_by_text("Big corners").first.wait_for()
    pattern = Pattern.objects.get(organization=license.organization)
    assert pattern.masks == [(1 << 0) | (1 << 4) | (1 << 20) | (1 << 24) | FREE_BIT]

    page.goto(f"{live_server.url}/bingo/operations/{operation.pk}/")
    page.evaluate("window.notReloaded = true")
    form = page.locator("#games-section form.stacked-form")
    form.get_by_label("Pattern").select_option(label="Big corners")
    form.get_by_label("Card price").fill("2.01")
    form.get_by_label("Prize").fill("100")
    form.get_by_role("button", name="Add the game").click()
    page.locator("#games-section .errorlist", has_text="30 DCMR 1402").wait_for()
    form = page.locator("#games-section form.stacked-form")
    form.get_by_label("Card price").fill("2.00")
    form.get_by_role("button", name="Add the game").click()
    page.locator("table.games tbody tr", has_text="Big corners").wait_for()
    assert page.evaluate("window.notReloaded") is True
    assert operation.games.get().pattern == pattern
    assert not [m for m in page.console_messages if "Content Security Policy" in m]
