"""At the hall, the flashboard open in the room shows the closed game's head as the device signed it, as text and as
a QR code, the moment the game closes (over its websocket, no reload); the Content-Security-Policy holds and axe
finds nothing serious. The night's leaderboard fetches its signed heads again when the count closes the night."""

import pytest

from bingo.live import services as live
from licensing.hall.heads import head_check_url, head_line
from licensing.hall.kinds import kit_kind
from licensing.hall.services import kit_prepare
from licensing.models import HallHead
from montecarlo.nights import services as night_services
from tests.bingo.factories import bingo_calls, fresh_caches  # noqa: F401 (the autouse fixture)
from tests.browser.conftest import off_the_event_loop
from tests.browser.screens import axe_problems, csp_errors, no_horizontal_scroll, shot_path
from tests.licensing.hall.conftest import DEVICE, at_the_hall, kit_for_tonight
from tests.montecarlo.factories import admit, board_clock, night_for  # noqa: F401 (board_clock: the fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("keep_migrated_data", "close_executor_connections")]


def test_the_flashboard_shows_the_signed_head_as_the_game_closes(asgi_url, browser_page, tmp_path):
    from playwright.sync_api import expect

    kit, world = off_the_event_loop(kit_for_tonight)
    board = browser_page
    board.set_viewport_size({"width": 1920, "height": 1080})
    with at_the_hall(kit.document, tmp_path):
        def start_and_call():
            live.game_start(actor=world.caller, game=world.game)
            for number in bingo_calls(world.face(5)):
                live.ball_record(actor=world.caller, game=world.game, number=number)

        off_the_event_loop(start_and_call)
        board.goto(f"{asgi_url}/bingo/flashboard/{world.hall.key}/")
        expect(board.locator("#flash-connection")).to_have_attribute("data-state", "online")
        expect(board.locator("#flash-heads")).to_be_hidden()  # nothing signed while the game is played

        off_the_event_loop(lambda: live.game_close(actor=world.caller, game=world.game))
        head = HallHead.objects.get().head
        url = head_check_url(kit.document["board_url"], head)
        figure = board.locator("#flash-heads figure.hall-head")
        expect(figure).to_have_attribute("data-check-url", url)
        expect(board.locator("#flash-heads")).to_be_visible()
        expect(board.locator("#flash-heads-title")).to_have_text("Game 1, signed by the hall's device at the close")
        expect(figure.locator(".hall-head-line")).to_have_text(head_line(head))
        expect(figure.locator(".hall-head-qr")).to_have_attribute(
            "aria-label", f"QR code of the Board's check of this head: {url}")
        qr = figure.locator(".hall-head-qr svg")
        expect(qr).to_be_visible()
        box = qr.bounding_box()
        assert box["width"] >= 150 and abs(box["width"] - box["height"]) < 2  # square, large enough to scan
        assert board.evaluate("document.documentElement.scrollHeight <= window.innerHeight")  # still one screen
        board.screenshot(path=shot_path(tmp_path, "flashboard-signed-head"))
        assert axe_problems(board) == []
        board.set_viewport_size({"width": 390, "height": 844})  # a phone held up in the room
        board.screenshot(path=shot_path(tmp_path, "flashboard-signed-head-phone"), full_page=True)
        assert no_horizontal_scroll(board)
        board.set_viewport_size({"width": 1280, "height": 900})

        board.goto(f"{asgi_url}/bingo/flashboard/{world.hall.key}/results/")
        expect(board.locator("figure.hall-head")).to_have_attribute("data-check-url", url)
        board.screenshot(path=shot_path(tmp_path, "results-signed-head"), full_page=True)
        assert axe_problems(board) == []
    assert not csp_errors(board), board.console_messages


@pytest.mark.usefixtures("board_clock")
def test_the_leaderboard_shows_the_nights_signed_heads_once_it_is_counted(asgi_url, browser_page, tmp_path):
    from playwright.sync_api import expect

    def prepare():
        night, director = night_for()
        kit = kit_prepare(actor=director, event=kit_kind("night").event(user=director, pk=night.pk),
                          device_public_key=DEVICE)
        return night, director, kit.document

    night, director, kit = off_the_event_loop(prepare)
    page = browser_page
    with at_the_hall(kit, tmp_path):
        off_the_event_loop(lambda: admit(night, director, 2))
        page.goto(f"{asgi_url}/montecarlo/night/{night.public_key}/leaderboard/")
        expect(page.locator("#leaderboard")).to_have_attribute("data-live", "1")
        expect(page.locator("#night-heads figure")).to_have_count(0)
        off_the_event_loop(lambda: night_services.night_count(actor=director, night=night))
        # The count's state reaches the page over its websocket; the page then fetches its signed heads (htmx).
        expect(page.locator("#night-heads figure.hall-head")).to_have_count(2)
        expect(page.locator("#night-heads .hall-head-qr svg").first).to_be_visible()
        expect(page.locator("#night-heads")).to_contain_text("Participant #2")
        page.screenshot(path=shot_path(tmp_path, "leaderboard-signed-heads"), full_page=True)
        assert axe_problems(page) == []
    assert not csp_errors(page), page.console_messages
