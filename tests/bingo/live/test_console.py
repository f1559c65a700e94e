"""The caller's console and the live API: who may do what (own organization's caller and
checker, another organization, the Board, anonymous), and the pages' content."""

import pytest
from django.urls import reverse

from bingo.live.state import game_state
from bingo.models import GameStatus
from licensing.models import Role
from tests.bingo.factories import bingo_calls, live_world, record
from tests.licensing.factories import OrganizationFactory, board_member, member

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    return live_world()


def test_caller_runs_the_game_from_the_console(client, world):
    client.force_login(world.caller)
    page = client.get(reverse("bingo:console", args=[world.game.pk]))
    assert page.status_code == 200
    assert b"Draw a ball" in page.content and world.hall.key.encode() in page.content
    answer = client.post(reverse("bingo:console_record", args=[world.game.pk]), {"number": 7},
                         headers={"HX-Request": "true"})
    assert answer.status_code == 200 and b"B 7" in answer.content
    assert b"Bingos on the floor" in answer.content
    client.post(reverse("bingo:console_draw", args=[world.game.pk]))
    assert len(game_state(world.game).calls) == 2
    # 30 DCMR 1405.14: the ball the system drew stays drawn.
    drawn = client.post(reverse("bingo:console_undo", args=[world.game.pk]), {"reason": "wrong ball"})
    assert drawn.status_code == 400 and b"30 DCMR 1405.14" in drawn.content
    assert len(game_state(world.game).calls) == 2
    client.post(reverse("bingo:console_record", args=[world.game.pk]), {"number": 75 if 75 not in
                                                                          game_state(world.game).calls else 74})
    refused = client.post(reverse("bingo:console_undo", args=[world.game.pk]), {"reason": ""})
    assert refused.status_code == 400 and len(game_state(world.game).calls) == 3
    client.post(reverse("bingo:console_undo", args=[world.game.pk]), {"reason": "wrong ball"})
    assert len(game_state(world.game).calls) == 2


def test_recording_a_called_ball_again_shows_the_rule(client, world):
    client.force_login(world.caller)
    record(world, [7])
    answer = client.post(reverse("bingo:console_record", args=[world.game.pk]), {"number": 7},
                         headers={"HX-Request": "true"})
    assert b"30 DCMR 1405.14" in answer.content
    assert game_state(world.game).calls == [7]


def test_checker_may_claim_but_not_draw(client, world):
    record(world, bingo_calls(world.face(4)))
    client.force_login(world.checker)
    assert client.get(reverse("bingo:console", args=[world.game.pk])).status_code == 200
    answer = client.post(reverse("bingo:game_claims", args=[world.game.pk]), {"face_number": 4},
                         headers={"HX-Request": "true"})
    assert answer.status_code == 200 and b"Valid bingo on the number just called." in answer.content
    assert client.post(reverse("bingo:console_draw", args=[world.game.pk])).status_code == 403
    assert client.post(reverse("bingo:console_close", args=[world.game.pk])).status_code == 403
    assert world.game.status == GameStatus.LIVE


def test_a_claim_on_an_unsold_face_shows_the_rule(client, world):
    record(world, [1])
    client.force_login(world.checker)
    answer = client.post(reverse("bingo:game_claims", args=[world.game.pk]), {"face_number": 100})
    assert answer.status_code == 400 and b"30 DCMR 1404.1(h)" in answer.content
    assert game_state(world.game).claims == []


def test_another_organization_gets_404_and_anonymous_is_sent_to_sign_in(client, world):
    outsider = member(OrganizationFactory(), Role.CALLER)
    client.force_login(outsider)
    for name in ("bingo:console", "bingo:game_claims"):
        assert client.get(reverse(name, args=[world.game.pk])).status_code == 404
    assert client.post(reverse("bingo:console_draw", args=[world.game.pk])).status_code == 404
    client.logout()
    answer = client.get(reverse("bingo:console", args=[world.game.pk]))
    assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]
    assert client.post(reverse("bingo:console_draw", args=[world.game.pk])).status_code == 302
    assert game_state(world.game).calls == []


def test_the_board_reads_but_does_not_call(client, world):
    client.force_login(board_member())
    assert client.get(reverse("bingo:console", args=[world.game.pk])).status_code == 403
    assert client.get(reverse("bingo-game-state", args=[world.game.pk])).status_code == 200
    assert client.post(reverse("bingo-game-draw", args=[world.game.pk])).status_code == 403


def test_the_flashboard_page_is_public(client, world):
    record(world, [61])
    page = client.get(reverse("bingo:flashboard", args=[world.hall.key]))
    assert page.status_code == 200
    assert b"O 61" in page.content and f"/ws/bingo/flashboard/{world.hall.key}/".encode() in page.content
    assert b"<script src=" in page.content and b"nonce=" in page.content
    assert client.get(reverse("bingo:flashboard", args=["nope"])).status_code == 404


# --- the API ---

def test_api_caller_plays_a_game_end_to_end(client):
    world = live_world(start=False)
    client.force_login(world.caller)
    base = f"/api/v1/bingo/games/{world.game.pk}/"
    assert client.post(base + "start/").json()["status"] == "live"
    for number in bingo_calls(world.face(2)):
        assert client.post(base + "record/", {"number": number}, content_type="application/json").status_code == 201
    state = client.get(base).json()
    assert state["calls"] == bingo_calls(world.face(2)) and state["floor"]["new"] >= 1
    claim = client.post(base + "claims/", {"face_number": 2}, content_type="application/json")
    assert claim.status_code == 201 and claim.json()["valid"] is True
    # The valid claim holds the calls until the close pays it (30 DCMR 1405.16, 1406.3).
    for refused in (client.post(base + "draw/"),
                    client.post(base + "record/", {"number": 75}, content_type="application/json")):
        assert refused.status_code == 400 and refused.json()["errors"][0]["rule"] == "30 DCMR 1406.3"
    assert len(client.get(base).json()["calls"]) == 5
    closed = client.post(base + "close/", {}, content_type="application/json").json()
    assert closed["status"] == "closed"
    assert closed["result"]["winners"] == 1 and closed["result"]["paid"][0]["face_number"] == 2
    assert closed["result"]["shares"] == ["100.00"]


def test_api_errors_carry_the_rule(client, world):
    client.force_login(world.caller)
    base = f"/api/v1/bingo/games/{world.game.pk}/"
    client.post(base + "record/", {"number": 9}, content_type="application/json")
    again = client.post(base + "record/", {"number": 9}, content_type="application/json")
    assert again.status_code == 400
    assert again.json()["errors"][0]["rule"] == "30 DCMR 1405.14"
    unsold = client.post(base + "claims/", {"face_number": 100}, content_type="application/json")
    assert unsold.status_code == 400
    assert unsold.json()["errors"][0] == {**unsold.json()["errors"][0], "field": "face_number",
                                          "rule": "30 DCMR 1404.1(h)"}


def test_api_scoping_matrix(client, world):
    base = f"/api/v1/bingo/games/{world.game.pk}/"
    assert client.get(base).status_code == 401
    assert client.post(base + "draw/").status_code == 401
    client.force_login(member(OrganizationFactory(), Role.CALLER))
    assert client.get(base).status_code == 404
    assert client.post(base + "draw/").status_code == 404
    client.force_login(world.checker)
    assert client.post(base + "draw/").status_code == 403
    assert client.get(base + "claims/").status_code == 200
    client.force_login(world.caller)
    assert client.post(base + "draw/").status_code == 201
