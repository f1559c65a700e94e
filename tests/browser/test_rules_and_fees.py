"""The Board changes a fee in the portal: the administrator proposes the Bingo Class A original fee of $600.00 from a
day a month ahead and sees what it would do (live, then on the confirm step); a board member approves it; the public
fee calculator quotes $500.00 the day before and $600.00 from that day.

The calculator reads the register once licensing.fees.quotes does (the fees helper's change); until then its last
step fails while the register itself already answers $600.00 from that day."""

import datetime as dt
import tempfile
from pathlib import Path

import pytest
from django.utils import timezone

from licensing.models import BoardNumber, NumberStatus
from licensing.register import values
from tests.browser.conftest import sign_in
from tests.licensing.factories import board_admin, board_member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
KEY = "fee.bingo.A.original"
SCREENSHOT = Path(tempfile.gettempdir()) / "rules_page.png"  # to look at after a run


def sign_out(page):
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_load_state()


def quote_on(page, base: str, day: dt.date) -> str:
    """The public calculator's application fee for a Bingo Class A original application submitted on `day`."""
    page.goto(f"{base}/public/fees/?license_type=bingo&license_class=A&period=regular&kind=original"
              f"&on={day.isoformat()}")
    assert page.get_by_label("Applying on").input_value() == day.isoformat()
    fee = page.locator("#fee-quote dt", has_text="Application fee").locator("xpath=following-sibling::dd[1]")
    fee.wait_for()
    return fee.inner_text().strip()


def test_the_administrator_proposes_a_fee_a_member_approves_it_and_the_calculator_quotes_it(live_server,
                                                                                          browser_page):
    base, page = live_server.url, browser_page
    start = timezone.localdate() + dt.timedelta(days=30)
    admin, member = board_admin(full_name="Avery Administrator"), board_member()

    # The administrator opens Rules and fees from the Board menu and changes the fee from its line.
    sign_in(page, base, admin)
    page.locator(".nav-menu summary", has_text="Board").click()
    page.locator(".nav-menu").get_by_role("link", name="Rules and fees").click()
    page.wait_for_url(f"{base}/portal/board/rules/")
    line = page.locator(f"tr[id='rule-{KEY}']")
    assert "$500.00" in line.inner_text() and "30 DCMR 1204.1" in line.inner_text()
    line.get_by_role("link", name="Change Bingo Class A original fee").click()
    page.wait_for_url(f"{base}/portal/board/rules/propose/?key={KEY}")
    assert page.locator("#id_key").input_value() == KEY
    assert page.locator("#id_citation").input_value() == "30 DCMR 1204.1"  # the row in force's
    page.get_by_label("New value").fill("600.00")
    page.get_by_label("In force from").fill(start.isoformat())
    page.get_by_label("Reason").fill("The Board's budget for next year.")
    page.locator("#preview").get_by_text("Bingo Class A original fee goes from $500.00 to $600.00").wait_for()
    page.screenshot(path=str(SCREENSHOT.with_name("rules_propose.png")), full_page=True)
    page.get_by_role("button", name="Preview the change").click()
    page.locator(".notice").get_by_text("goes from $500.00 to $600.00").wait_for()  # the confirm step
    page.get_by_role("button", name="Send for approval").click()
    page.get_by_text("waits for a second person's approval").wait_for()
    proposal = BoardNumber.objects.get(key=KEY, status=NumberStatus.PROPOSED)
    waiting = page.locator(f"#proposal-{proposal.pk}")
    waiting.get_by_text("You proposed this change").wait_for()
    assert waiting.get_by_role("button", name="Approve").count() == 0  # four eyes
    sign_out(page)

    # A board member approves it.
    sign_in(page, base, member)
    page.goto(f"{base}/portal/board/rules/")
    waiting = page.locator(f"#proposal-{proposal.pk}")
    waiting.get_by_text("goes from $500.00 to $600.00").wait_for()
    page.screenshot(path=SCREENSHOT, full_page=True)
    waiting.get_by_label("Note (optional)").fill("Agreed at the meeting.")
    waiting.get_by_role("button", name="Approve").click()
    page.get_by_text("The change is approved").wait_for()
    page.locator(f"tr[id='rule-{KEY}']").get_by_text("$600.00").wait_for()  # scheduled
    proposal.refresh_from_db()
    assert proposal.status == NumberStatus.APPROVED and proposal.decided_by == member
    values.forget()
    assert values.value(KEY, start - dt.timedelta(days=1)) == 500
    assert values.value(KEY, start) == 600
    sign_out(page)

    # Anyone: the calculator quotes the fee in force on the day of applying.
    assert quote_on(page, base, start - dt.timedelta(days=1)) == "$500.00"
    assert quote_on(page, base, start) == "$600.00"
