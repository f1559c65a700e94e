"""The payout desk in a browser, as a desk works it: a raffle winner's prize is worth what the desk types; as the value
and the ticket price are typed, the quote (htmx) says Form W-2G is due and the fields the IRS asks for appear; the
prize is paid and its page shows the form's number and the taxpayer number masked."""

from decimal import Decimal

import pytest
from django.utils import timezone

from licensing.models import Payout, PayoutStatus, Role
from licensing.models.choices import LicenseType
from licensing.payouts.services import payout_open
from tests.browser.conftest import sign_in
from tests.browser.screens import axe_problems, csp_errors, no_horizontal_scroll, shot_path
from tests.licensing.factories import license_for, member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
TIN = "123-45-6789"


def fill_w2g_winner(page) -> None:
    """What the desk types of a winner whose prize needs Form W-2G (tests/browser/test_payout_desk_bingo.py too)."""
    page.get_by_label("Winner's name").fill("Ana Ruiz")
    page.get_by_label("Street address").fill("1 Main St NW")
    page.get_by_label("City").fill("Washington")
    page.get_by_label("State").fill("DC")
    page.get_by_label("ZIP code").fill("20001")
    page.locator("#id_tin").fill(TIN)
    page.get_by_label("First identification").fill("DC driver's license ending 4411, with photo")
    page.get_by_label("Second identification").fill("Voter registration card")


def test_the_desk_pays_a_raffle_prize_asking_for_form_w2g_as_the_quote_says(live_server, browser_page, tmp_path):
    base, page = live_server.url, browser_page
    page.set_viewport_size({"width": 1024, "height": 768})  # a tablet held sideways
    license = license_for(license_type=LicenseType.RAFFLE, license_class="1")
    payout = payout_open(license=license, game="raffle", source="raffle.drawing:1/prize:1",
                         session="raffle.drawing:1", label="Ticket 00123", won_on=timezone.localdate())
    sign_in(page, base, member(license.organization, Role.OFFICER))

    page.goto(f"{base}/portal/organizations/{license.organization_id}/payouts/")
    page.get_by_role("link", name="Ticket 00123").click()
    page.get_by_text("Enter the prize's value to see whether Form W-2G is due.").wait_for()
    identity = page.locator("fieldset.w2g-identity")
    assert identity.is_hidden()

    # Typed key by key, as at the desk: the quote follows (keyup), and with it the fields for the form.
    page.get_by_label("Prize value").press_sequentially("2000.00")
    page.get_by_label("Ticket price").press_sequentially("1.00")
    page.get_by_text("Form W-2G is due (threshold").wait_for()
    identity.wait_for(state="visible")
    page.get_by_label("The winner refuses to give a taxpayer number").check()
    page.locator("#payout-quote").get_by_text("backup withholding", exact=False).first.wait_for()
    page.get_by_label("The winner refuses to give a taxpayer number").uncheck()
    page.screenshot(path=shot_path(tmp_path, "payouts-quote"), full_page=True)
    assert axe_problems(page) == [] and no_horizontal_scroll(page)

    page.get_by_label("Amount paid").fill("2000.00")
    page.locator("#id_method_1").check()
    page.get_by_label("Check number").fill("5012")
    fill_w2g_winner(page)
    page.get_by_role("button", name="Pay the prize").click()

    page.get_by_text("Form W-2G W2G-").first.wait_for()
    page.get_by_text("***-**-6789").wait_for()
    assert TIN not in page.content()
    page.screenshot(path=shot_path(tmp_path, "payouts-paid"), full_page=True)
    page.set_viewport_size({"width": 768, "height": 1024})  # upright
    page.goto(f"{base}/portal/organizations/{license.organization_id}/payouts/")
    assert no_horizontal_scroll(page) and csp_errors(page) == []
    payout.refresh_from_db()
    assert payout.status == PayoutStatus.PAID and payout.w2g and payout.amount == Decimal("2000.00")
    assert Payout.objects.filter(status=PayoutStatus.PAID).count() == 1
