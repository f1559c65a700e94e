"""At the hall, a closed game's head as the device signed it (licensing.hall.closing) shows on the hall's results
sheet and on its flashboard, as one line of text and as a QR code of the Board's check (heads.head_check_url); the
Board's own server shows none of it. The flashboard keeps it live: tests/browser/test_hall_heads.py."""

import json
import re
from html import unescape

import pytest
from django.urls import reverse

from bingo.live.broadcast import flashboard_state, message_for
from licensing.hall.heads import head_check_url, head_line
from licensing.models import HallHead
from tests.bingo.factories import GameFactory, standard_pattern
from tests.licensing.hall.conftest import at_the_hall, play_and_close, tonight  # noqa: F401 (the fixture)

pytestmark = pytest.mark.django_db


def shown(html: str, head: dict, url: str) -> bool:
    """The head's line, and an inline SVG QR code inside the figure that carries the Board's check address."""
    figure = re.search(r'<figure class="hall-head" data-check-url="([^"]*)">(.*?)</figure>', html, re.S)
    return bool(figure and unescape(figure[1]) == url and "<svg" in figure[2] and head_line(head) in figure[2]
                and f"QR code of the Board's check of this head: {url}" in unescape(figure[2]))


def test_the_results_sheet_shows_each_closed_games_signed_head(client, tonight, tmp_path):  # noqa: F811
    kit, world = tonight
    page = reverse("bingo:hall_results", args=[world.hall.key])
    with at_the_hall(kit, tmp_path):
        play_and_close(world)
        html = client.get(page).content.decode()
    head = HallHead.objects.get().head
    url = head_check_url(kit["board_url"], head)
    assert url.startswith(kit["board_url"].rstrip("/") + f"/public/hall/{kit['kit']}/check/?log=bingo.gameevent")
    assert shown(html, head, url) and "Game 1" in html
    # On the Board's server the same page shows no signed head (it has no hall device).
    assert "hall-head" not in client.get(page).content.decode()


def test_the_flashboard_shows_the_head_of_the_game_just_closed(client, tonight, tmp_path):  # noqa: F811
    kit, world = tonight
    page = reverse("bingo:flashboard", args=[world.hall.key])
    with at_the_hall(kit, tmp_path):
        before = client.get(page).content.decode()
        play_and_close(world)
        state = flashboard_state(world.hall)
        html = client.get(page).content.decode()
        message = json.loads(message_for(world.hall)["text"])
    head = HallHead.objects.get().head
    url = head_check_url(kit["board_url"], head)
    assert 'id="flash-heads"' in before and "<figure" not in before  # the place is there, hidden, until a close
    assert state["heads_game"] == 1 and [(h["line"], h["url"]) for h in state["heads"]] == [(head_line(head), url)]
    assert state["heads"][0]["qr"].lstrip().startswith("<svg")
    assert shown(html, head, url) and "Game 1, signed by the hall's device at the close" in unescape(html)
    assert message["heads"] == state["heads"]  # what the screens hear over the websocket after the close
    on_the_board = client.get(page).content.decode()
    assert "flash-heads" not in on_the_board and flashboard_state(world.hall)["heads"] == []


def test_the_head_stays_on_the_board_while_the_next_game_waits(tonight, tmp_path):  # noqa: F811
    kit, world = tonight
    GameFactory(operation=world.game.operation, number=2, pattern=standard_pattern("any-line"))
    with at_the_hall(kit, tmp_path):
        play_and_close(world)
        state = flashboard_state(world.hall)
    assert state["game"]["number"] == 2 and state["previous"]["number"] == 1
    assert state["heads_game"] == 1 and state["heads"][0]["line"] == head_line(HallHead.objects.get().head)
