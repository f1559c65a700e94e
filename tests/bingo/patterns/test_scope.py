"""Custom patterns are an organization's record: its own people and the Board see them, nobody
else does (the list, the page, a lookup by slug, the planning form and API). The standard library
stays public, anonymous visitors included."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from bingo.patterns import services
from licensing.models import Role
from tests.bingo.factories import bingo_license, plan, planner
from tests.licensing.factories import OrganizationFactory, board_staff, member

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    own = OrganizationFactory(name="Saint Anne Parish")
    other = OrganizationFactory(name="Elks Lodge 85")
    secret = services.pattern_create(actor=planner(other), organization=other, name_en="Lodge Crown",
                                     name_es="Corona de la logia", squares=[0, 2, 4])
    mine = services.pattern_create(actor=planner(own), organization=own, name_en="Parish Cross",
                                   name_es="Cruz parroquial", squares=[2, 7, 17, 22])
    return {"own": own, "other": other, "secret": secret, "mine": mine}


def _client(user) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


VIEWERS = {
    "anonymous": lambda w: None,
    "own officer": lambda w: member(w["own"], Role.OFFICER),
    "other org's officer": lambda w: member(w["other"], Role.OFFICER),
    "board staff": lambda w: board_staff(),
}
# Which custom patterns each viewer sees: (Saint Anne's "mine", the Elks' "secret").
SEES = {
    "anonymous": (False, False),
    "own officer": (True, False),
    "other org's officer": (False, True),
    "board staff": (True, True),
}


@pytest.mark.parametrize("viewer", list(VIEWERS))
def test_pattern_list_detail_and_page_matrix(world, viewer):
    client = _client(VIEWERS[viewer](world))
    sees_mine, sees_secret = SEES[viewer]

    listed = {row["slug"] for row in client.get("/api/v1/bingo/patterns/").json()["results"]}
    assert "any-line" in listed  # the standard library is public
    assert (world["mine"].slug in listed, world["secret"].slug in listed) == (sees_mine, sees_secret)

    for pattern, visible in ((world["mine"], sees_mine), (world["secret"], sees_secret)):
        detail = client.get(f"/api/v1/bingo/patterns/{pattern.slug}/")
        assert detail.status_code == (200 if visible else 404)
    assert client.get("/api/v1/bingo/patterns/any-line/").status_code == 200

    page = client.get(reverse("bingo:pattern_library")).content.decode()
    assert "Four corners" in page or "Four Corners" in page
    assert ("Parish Cross" in page, "Lodge Crown" in page) == (sees_mine, sees_secret)


def test_the_planning_api_cannot_use_or_probe_another_organizations_pattern(world):
    license = bingo_license(organization=world["own"])
    officer = planner(world["own"])
    operation = plan(license, actor=officer)
    client = _client(officer)
    games = f"/api/v1/bingo/operations/{operation.pk}/games/"
    body = {"card_price": "1.00", "prize": "100.00"}

    refused = client.post(games, {**body, "pattern": world["secret"].slug}, format="json")
    unknown = client.post(games, {**body, "pattern": "org999999-nothing"}, format="json")
    assert refused.status_code == unknown.status_code == 400
    # The same answer as for a slug that does not exist: nothing tells the pattern is there.
    assert refused.json()["errors"][0]["code"] == unknown.json()["errors"][0]["code"] == "does_not_exist"
    assert operation.games.count() == 0

    created = client.post(games, {**body, "pattern": world["mine"].slug}, format="json")
    assert created.status_code == 201
    game_url = f"{games}{created.json()['id']}/"
    moved = client.patch(game_url, {"pattern": world["secret"].slug}, format="json")
    assert moved.status_code == 400
    assert operation.games.get().pattern == world["mine"]


def test_the_game_forms_offer_and_accept_only_the_operations_patterns(world):
    license = bingo_license(organization=world["own"])
    officer = planner(world["own"])
    operation = plan(license, actor=officer)
    client = _client(officer)
    page = client.get(reverse("bingo:operation_detail", args=[operation.pk])).content.decode()
    assert "Parish Cross" in page and "Lodge Crown" not in page

    post = {"game-game_type": "regular", "game-card_price": "1.00", "game-prize": "100.00",
            "game-pattern": world["secret"].pk}
    client.post(reverse("bingo:game_add", args=[operation.pk]), post)
    assert operation.games.count() == 0
    client.post(reverse("bingo:game_add", args=[operation.pk]), {**post, "game-pattern": world["mine"].pk})
    game = operation.games.get()
    edit = client.post(reverse("bingo:game_edit", args=[operation.pk, game.pk]),
                       {**post, "game-pattern": world["secret"].pk})
    assert edit.status_code == 400
    game.refresh_from_db()
    assert game.pattern == world["mine"]
