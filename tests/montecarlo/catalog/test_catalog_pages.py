"""The public game catalogue (30 DCMR 1602): every game with its approval state and rule, and each table game's
rules page with the house edge of every bet as `python -m montecarlo.tablegames edges --write` computed it
(montecarlo/tablegames/edges.json)."""

import json
import re
from html import unescape

import pytest
from django.urls import reverse

from montecarlo.catalog.edges import EDGES_FILE, GAME_NAMES
from montecarlo.models import Approval, GameCatalogEntry
from montecarlo.tablegames import GAMES
from montecarlo.templatetags.public_rules import source_in_words
from tests.conftest import need

pytestmark = pytest.mark.django_db

BADGES = {Approval.ALLOWED: "Allowed (30 DCMR 1602.1)",
          Approval.OTHER_APPROVED: "Other approved game: the Agency approves its house rules (30 DCMR 1602.1)",
          Approval.BANNED: "Banned (30 DCMR 1602.2)", Approval.SKILL: "Game of skill: no betting (30 DCMR 1603.16)"}


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def edges_file() -> list[dict]:
    need(EDGES_FILE.exists(), f"{EDGES_FILE} is missing: `python -m montecarlo.tablegames edges --write {EDGES_FILE}`")
    return json.loads(EDGES_FILE.read_text(encoding="utf-8"))


def test_the_catalogue_shows_every_game_with_its_approval_state(client):
    response = client.get(reverse("montecarlo:game_catalog"))  # public
    assert response.status_code == 200
    page = response.content.decode()
    rows = dict(re.findall(r'<tr data-game="([a-z0-9-]+)">(.*?)</tr>', page, re.S))
    games = list(GameCatalogEntry.objects.all())
    assert set(rows) == {game.code for game in games}
    for game in games:
        row = rows[game.code]
        assert f'class="badge approval-{game.approval}"' in row, game.code
        assert BADGES[game.approval] in text_of(row) and game.rule in text_of(row), game.code
        rules = reverse("montecarlo:game_rules", args=[game.code])
        assert (rules in row) == (game.code in GAMES), game.code
    states = {game.code: game.approval for game in games}
    assert states["slot-machines"] == states["omaha"] == Approval.BANNED
    assert states["skill-games"] == Approval.SKILL
    assert states["caribbean-poker"] == states["punto-banca"] == Approval.OTHER_APPROVED
    assert states["wheel"] == states["craps"] == states["banca-francesa"] == Approval.ALLOWED
    assert "Class 2 only" in text_of(rows["texas-holdem"]) and "—" in text_of(rows["bingo"])


def test_the_catalogue_in_spanish(client):
    page = client.get(reverse("montecarlo:game_catalog"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Póquer caribeño" in page and "Máquinas tragamonedas y similares" in page


@pytest.mark.parametrize("code", sorted(GAMES))
def test_each_rules_page_shows_the_house_edges_of_edges_json(client, code):
    edges = [edge for edge in edges_file() if edge["game"] == GAME_NAMES[code]]
    assert edges, f"edges.json has no line for {code}"
    response = client.get(reverse("montecarlo:game_rules", args=[code]))  # public
    assert response.status_code == 200
    page = response.content.decode()
    table = re.search(r'<table class="mc-edges">(.*?)</table>', page, re.S).group(1)
    rows = [text_of(row) for row in re.findall(r"<tr>(.*?)</tr>", table.split("</thead>")[1], re.S)]
    shown = []
    for edge in edges:
        method = "exact" if edge["method"] == "exact" else \
            "simulated ({:.4f}%–{:.4f}%)".format(*edge["ci95_pct"])
        variant = text_of(source_in_words(edge["variant"]))
        shown.append(f"{variant} {edge['bet']} {edge['house_edge_pct']:.4f}% {method}")
    assert rows == shown
    game = GameCatalogEntry.objects.get(code=code)
    assert game.name_en in page and source_in_words(GAMES[code]().bet_kinds()[0].rule) in text_of(page)
    assert "30 DCMR 1603.21" in page


def test_known_edges_on_the_pages(client):
    edges_file()
    wheel = text_of(client.get(reverse("montecarlo:game_rules", args=["wheel"])).content.decode())
    # The foreign text is named in words, never by our copy's number (issue 26, journey 9).
    assert "54 slots (Andorra's casino game rules, s. 24) figure_a 14.8148% exact" in wheel
    baccarat = text_of(client.get(reverse("montecarlo:game_rules", args=["punto-banca"])).content.decode())
    assert "8 decks, 5% commission banker 1.0579% exact" in baccarat
    assert "8 decks, 5% commission tie 14.3596% exact" in baccarat
    dice = text_of(client.get(reverse("montecarlo:game_rules", args=["banca-francesa"])).content.decode())
    assert "per decision (throws deciding nothing excluded) aces 1.5873% exact" in dice
    assert "per throw aces 0.4630% exact" in dice
    craps = text_of(client.get(reverse("montecarlo:game_rules", args=["craps"])).content.decode())
    assert "standard, per decision pass 1.4141% exact" in craps


def test_a_game_without_a_table_engine_and_an_unknown_game(client):
    response = client.get(reverse("montecarlo:game_rules", args=["slot-machines"]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Banned (30 DCMR 1602.2)" in page and 'class="mc-edges"' not in page
    assert client.get(reverse("montecarlo:game_rules", args=["no-such-game"])).status_code == 404
    assert client.get("/montecarlo/games/%D9%A1/").status_code == 404
