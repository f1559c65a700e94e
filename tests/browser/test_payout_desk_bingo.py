"""Issue 30's journey at the payout desk, in a browser at tablet size: a bingo game's $2,000 prize split between two
players (30 DCMR 1406.2: two payouts of $1,000), one paid in cash and the other by check on request (1408.5); then a
$2,000 game with one winner, which needs Form W-2G in 2026 (the register's `federal.w2g.bingo`): the desk asks the
winner's address, taxpayer number and identification, pays, and prints the winner's copy, rendered (pdftoppm) for
a person to look at (w2g-page.png, with the test's screenshots)."""

import subprocess
from decimal import Decimal

import pytest

from bingo.engine import check_claim
from bingo.live import services
from bingo.models import CardSale
from licensing.models import AuditEvent, Payout, PayoutMethod, PayoutStatus, Role
from tests.bingo.factories import GameFactory, bingo_calls, live_world, record_all
from tests.browser.conftest import off_the_event_loop, sign_in
from tests.browser.screens import axe_problems, csp_errors, no_horizontal_scroll, shot_path
from tests.browser.test_payout_desk import TIN, fill_w2g_winner
from tests.licensing.factories import member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _together(world):
    """Two faces (two players: one face a sale) whose top rows share a number: called last, it completes both."""
    for a in range(1, 40):
        for b in range(a + 1, 40):
            rows = set(bingo_calls(world.face(a))), set(bingo_calls(world.face(b)))
            for last in sorted(rows[0] & rows[1]):
                before = sorted((rows[0] | rows[1]) - {last})
                if not any(check_claim(world.face(f), before, "any-line").complete for f in (a, b)):
                    return a, b, [*before, last]
    raise AssertionError("no two faces share a number in their top row")


def _split_game():
    world = live_world(prize=Decimal("2000.00"), license_class="A", sold=(1, 60), sale_per_face=True)
    a, b, calls = _together(world)
    record_all(world.game, world.caller, calls)
    for face in (a, b):
        assert services.claim_face(actor=world.checker, game=world.game, face_number=face).payload["valid"]
    services.game_close(actor=world.caller, game=world.game)
    return world


def _single_winner_game(world):
    game = GameFactory(operation=world.game.operation, number=2, pattern=world.game.pattern,
                       prize=Decimal("2000.00"))
    for sale in CardSale.objects.filter(operation=world.game.operation):
        sale.games.add(game)
    game = services.game_start(actor=world.caller, game=game)
    record_all(game, world.caller, bingo_calls(world.face(50)))
    assert services.claim_face(actor=world.checker, game=game, face_number=50).payload["valid"]
    services.game_close(actor=world.caller, game=game)
    return game


def _pay(page, *, name, method="cash", check_number="", asked_for_check=False):
    page.get_by_label("Amount paid").fill("1000.00")
    if method == "check":
        page.get_by_role("radio", name="Check").check()
        page.get_by_label("Check number").fill(check_number)
    if asked_for_check:
        page.get_by_label("The winner asked for a check").check()
    page.get_by_label("Winner's name").fill(name)
    page.get_by_role("button", name="Pay the prize").click()
    page.get_by_text("Paid", exact=True).first.wait_for()


def test_a_split_prize_paid_two_ways_then_a_w2g_winner_and_the_form_printed(live_server, browser_page, tmp_path):
    base, page = live_server.url, browser_page
    page.set_viewport_size({"width": 1024, "height": 768})  # a tablet held sideways, at the hall
    world = off_the_event_loop(_split_game)
    organization = world.game.operation.license.organization
    officer = off_the_event_loop(lambda: member(organization, Role.OFFICER))
    split = list(Payout.objects.filter(session=f"bingo.game:{world.game.pk}").order_by("pk"))
    assert [(p.status, p.prize) for p in split] == [(PayoutStatus.DUE, Decimal("1000.00"))] * 2  # 1406.2
    sign_in(page, base, officer)

    # The split: one player takes cash; the other asked for a check (1408.5), paid with its number.
    page.goto(f"{base}/portal/organizations/{organization.pk}/payouts/")
    page.screenshot(path=shot_path(tmp_path, "desk-split-due"), full_page=True)
    assert axe_problems(page) == [] and no_horizontal_scroll(page)
    page.goto(f"{base}/portal/payouts/{split[0].pk}/")
    page.get_by_text("No Form W-2G for this prize").wait_for()
    _pay(page, name="Bea Cole")
    page.goto(f"{base}/portal/payouts/{split[1].pk}/")
    _pay(page, name="Cy Diaz", method="check", check_number="5001", asked_for_check=True)
    page.screenshot(path=shot_path(tmp_path, "desk-split-check-paid"), full_page=True)
    for payout in split:
        payout.refresh_from_db()
    assert [(p.status, p.method, p.check_number, p.w2g) for p in split] == [
        (PayoutStatus.PAID, PayoutMethod.CASH, "", False), (PayoutStatus.PAID, PayoutMethod.CHECK, "5001", False)]

    # A $2,000 prize to one winner: Form W-2G is due in 2026, so the desk asks for the winner and the IDs.
    game = off_the_event_loop(lambda: _single_winner_game(world))
    [single] = Payout.objects.filter(session=f"bingo.game:{game.pk}")
    page.goto(f"{base}/portal/payouts/{single.pk}/")
    page.get_by_text("Form W-2G is due (threshold $2,000.00)").wait_for()
    page.locator("fieldset.w2g-identity").wait_for(state="visible")
    page.get_by_label("Amount paid").fill("2000.00")
    fill_w2g_winner(page)
    page.screenshot(path=shot_path(tmp_path, "desk-w2g-form"), full_page=True)
    page.get_by_role("button", name="Pay the prize").click()
    page.get_by_text("***-**-6789").wait_for()
    assert TIN not in page.content()
    page.screenshot(path=shot_path(tmp_path, "desk-w2g-paid"), full_page=True)
    assert csp_errors(page) == []
    single.refresh_from_db()
    assert single.w2g and single.form_number.startswith("W2G-") and single.reportable == Decimal("2000.00")
    assert single.withheld == Decimal("0.00")  # 26 U.S.C. 3402(q)(5): bingo is not withheld on

    # The winner's copy: fetched as the desk's browser would, rendered to an image to be looked at.
    response = page.request.get(f"{base}/portal/payouts/{single.pk}/w2g.pdf")
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    pdf = tmp_path / "w2g.pdf"
    pdf.write_bytes(response.body())
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "2,000.00" in text and "***-**-6789" in text and TIN not in text and "Ana Ruiz" in text
    assert single.form_number in text
    prefix = shot_path(tmp_path, "w2g-page")[:-len(".png")]
    subprocess.run(["pdftoppm", "-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile", str(pdf), prefix],
                   check=True)
    assert (tmp_path / "w2g-page.png").exists() or any(tmp_path.rglob("w2g-page.png"))  # for a person to look at
    for spelling in (TIN, TIN.replace("-", "")):
        assert not AuditEvent.objects.filter(payload__icontains=spelling).exists()
