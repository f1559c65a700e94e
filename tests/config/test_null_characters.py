"""NUL characters (0x00) are refused before they reach PostgreSQL, which cannot store them: a 400
naming the field, in the API's JSON shape under /api/ and as a page in the portal; nothing written."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from bingo.models import Game
from tests.bingo.factories import bingo_license, pattern, plan, planner

pytestmark = pytest.mark.django_db
CODE = "null_characters_not_allowed"


def api_errors(response) -> list[tuple]:
    return [(error["field"], error["code"]) for error in response.json()["errors"]]


def test_public_license_search_page_and_api(client):
    page = client.get(reverse("public:license_lookup"), {"q": "BG-\x00"})
    assert page.status_code == 400
    assert "“q” contains a NUL character" in page.content.decode()

    api = client.get(reverse("public-license-list"), {"q": "\x00"})
    assert api.status_code == 400 and api["Content-Type"] == "application/json"
    assert api_errors(api) == [("q", CODE)]


def test_a_nul_in_the_address_is_a_404(client):
    assert client.get("/public/licenses/BG%00/").status_code == 404
    api = client.get("/api/v1/public/licenses/BG%00/")
    assert api.status_code == 404 and api.json()["errors"][0]["code"] == "not_found"


@pytest.fixture
def operation():
    return plan(bingo_license())


def test_a_games_pattern_in_the_api(operation):
    client = APIClient()
    client.force_authenticate(planner(operation.license.organization))
    url = reverse("bingo-operation-games", args=[operation.pk])
    response = client.post(url, {"pattern": "any-\x00line", "card_price": "1.00", "prize": "10.00"}, format="json")
    assert response.status_code == 400
    assert api_errors(response) == [("pattern", CODE)]
    assert not Game.objects.filter(operation=operation).exists()


def test_a_games_pattern_in_the_portal(client, operation):
    client.force_login(planner(operation.license.organization))
    data = {"game-game_type": "regular", "game-pattern": f"{pattern('four-corners').pk}\x00", "game-card_price": "4.00",
            "game-prize": "150.00"}
    response = client.post(reverse("bingo:game_add", args=[operation.pk]), data)
    assert response.status_code == 400
    assert "“game-pattern” contains a NUL character" in response.content.decode()
    assert not Game.objects.filter(operation=operation).exists()


def test_every_field_of_a_json_body_is_named_with_its_path(operation):
    client = APIClient()
    client.force_authenticate(planner(operation.license.organization))
    body = {"card_price": "1.00", "prize": "10", "pattern": "ok", "notes": [{"text": "a\x00"}], "x\x00": 1}
    response = client.post(reverse("bingo-operation-games", args=[operation.pk]), body, format="json")
    assert response.status_code == 400
    assert api_errors(response) == [("notes[0].text", CODE), ("x\\x00", CODE)]


def test_query_keys_form_fields_and_cookies_are_guarded_too(client):
    assert client.get(reverse("public:license_lookup"), {"q\x00": "x"}).status_code == 400
    login = client.post(reverse("login"), {"login": "a\x00@example.org", "password": "x"})
    assert login.status_code == 400 and "“login” contains a NUL character" in login.content.decode()
    # A session key is looked up in the database: one with a NUL must not get that far.
    client.cookies["sessionid"] = "abcdefgh\x00ijkl"
    assert client.get(reverse("portal:dashboard")).status_code == 400


@pytest.mark.parametrize("body", ["[" * 100_000 + "]" * 100_000, '{"a":' * 70 + "1" + "}" * 70,
                                  "[" * 66 + "]" * 66])
def test_json_nested_too_deep_is_a_400_not_a_crash(client, body):
    """Python's json reader (and DRF's after it) runs out of stack on deeply nested JSON: refused at the door."""
    response = client.post(reverse("public-license-list"), body, content_type="application/json")
    assert response.status_code == 400
    assert api_errors(response) == [(None, "json_too_deep")]


def test_json_as_deep_as_a_form_of_ours_goes_through(client):
    response = client.post("/api/v1/montecarlo/games/", '{"a": [[[1]]]}', content_type="application/json")
    assert response.status_code == 405  # the catalogue reads only; the body was not refused for its depth
