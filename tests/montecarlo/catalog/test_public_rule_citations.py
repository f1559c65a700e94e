"""Journey 9 (issue 26): the public game-rule pages cite DC's sections, and name a foreign text only in words as
the source of a game's play: no bare number of our copy of it ("(002 art. 8)", "(003)") anywhere on the page."""

import re

import pytest
from django.urls import reverse

from montecarlo.models import GameCatalogEntry
from montecarlo.tablegames import GAMES
from montecarlo.templatetags.public_rules import source_in_words

pytestmark = pytest.mark.django_db

BARE = re.compile(r"(?<![\d,.$])\b00[0-3]\b")


@pytest.mark.parametrize("code", sorted(GAMES))
def test_a_rules_page_cites_dc_and_names_its_sources_in_words(client, code):
    if not GameCatalogEntry.objects.filter(code=code).exists():
        pytest.skip(f"{code} is not in the catalog")
    page = client.get(reverse("montecarlo:game_rules", args=[code]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "30 DCMR 1602.1" in text
    assert not BARE.findall(re.sub(r"<[^>]+>", " ", text)), [m.group(0) for m in BARE.finditer(text)]


def test_the_catalog_page_has_no_bare_foreign_citation(client):
    text = client.get(reverse("montecarlo:game_catalog")).content.decode()
    assert not BARE.findall(re.sub(r"<[^>]+>", " ", text))


@pytest.mark.parametrize(("citation", "words"), [
    ("Castilla-La Mancha punto y banca order (002) art. 8(b)", "Castilla-La Mancha punto y banca order art. 8(b)"),
    ("003 s. 24", "Andorra's casino game rules, s. 24"),
    ("30 DCMR 1604.1", "30 DCMR 1604.1"),
    ("a $1,000 award (001 art. 17)", "a $1,000 award (Montevideo's progressive Caribbean poker rules, art. 17)"),
])
def test_a_citation_names_its_foreign_source_in_words(citation, words):
    assert source_in_words(citation) == words
