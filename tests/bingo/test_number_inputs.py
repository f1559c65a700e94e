"""Bingo money (card price, prize, door prizes, price per face) and counts (balls, face numbers) typed in
another script's digits, negative, or with fractions of a cent are refused, naming the field; nothing is
rounded any more (the planning service used to quantize 1.005 to 1.00)."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from rest_framework.test import APIClient

from bingo.live import services
from bingo.live.state import game_state
from bingo.planning import services as planning
from tests.bingo.factories import bingo_license, live_world, pattern, plan, planner

pytestmark = pytest.mark.django_db
ARABIC_TEN, FULLWIDTH_TEN, ARABIC_SEVEN = "١٠", "１０", "٧"


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.parametrize(("card_price", "code"), [("1.005", "cents"), (ARABIC_TEN, "ascii_digits"),
                                                  ("-1", "negative")])
def test_the_planning_service_refuses_rather_than_rounds(card_price, code):
    license = bingo_license()
    officer = planner(license.organization)
    operation = plan(license, actor=officer)
    with pytest.raises(ValidationError) as exc:
        planning.game_add(actor=officer, operation=operation, pattern=pattern(), card_price=card_price,
                          prize=Decimal("100.00"))
    assert [error.code for error in exc.value.error_dict["card_price"]] == [code]
    assert operation.games.count() == 0


@pytest.mark.parametrize(("body", "field", "code"), [
    ({"card_price": FULLWIDTH_TEN}, "card_price", "ascii_digits"),
    ({"prize": "-100.00"}, "prize", "negative"),
    ({"prize": 100.001}, "prize", "cents"),
])
def test_the_planning_api_answers_400_naming_the_field(body, field, code):
    license = bingo_license()
    officer = planner(license.organization)
    operation = plan(license, actor=officer)
    data = {"pattern": "any-line", "card_price": "1.00", "prize": "100.00", **body}
    response = _api(officer).post(f"/api/v1/bingo/operations/{operation.pk}/games/", data, format="json")
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [(field, code)]
    door = _api(officer).patch(f"/api/v1/bingo/operations/{operation.pk}/", {"door_prizes_value": "-5"},
                               format="json")
    assert door.status_code == 400 and door.json()["errors"][0]["field"] == "door_prizes_value"


def test_the_game_form_refuses_other_digits(client):
    license = bingo_license()
    officer = planner(license.organization)
    operation = plan(license, actor=officer)
    client.force_login(officer)
    client.post(reverse("bingo:game_add", args=[operation.pk]), {
        "game-game_type": "regular", "game-card_price": ARABIC_TEN, "game-prize": "100.00",
        "game-pattern": pattern().pk})
    assert operation.games.count() == 0


def test_balls_and_face_numbers_in_other_digits_are_refused(client):
    world = live_world()
    api = _api(world.caller)
    response = api.post(f"/api/v1/bingo/games/{world.game.pk}/record/", {"number": ARABIC_SEVEN}, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["code"] == "ascii_digits"
    claim = _api(world.checker).post(f"/api/v1/bingo/games/{world.game.pk}/claims/",
                                     {"face_number": FULLWIDTH_TEN}, format="json")
    assert claim.status_code == 400 and claim.json()["errors"][0]["field"] == "face_number"
    with pytest.raises(ValidationError) as exc:
        services.claim_face(actor=world.checker, game=world.game, face_number=ARABIC_TEN)
    assert "face_number" in exc.value.error_dict
    client.force_login(world.caller)
    client.post(reverse("bingo:console_record", args=[world.game.pk]), {"number": ARABIC_SEVEN})
    assert game_state(world.game).calls == []


@pytest.mark.parametrize("written", ["ARABIC", "GROUPED"])
def test_a_license_or_premises_id_in_other_digits_or_grouped_is_refused_by_the_planning_api(written):
    license = bingo_license()
    officer = planner(license.organization)
    # int() reads both as the id itself: "٧" as 7, "0_7" as 7.
    as_typed = {"ARABIC": lambda pk: str(pk).translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")),
                "GROUPED": lambda pk: f"0_{pk}"}[written]
    for field, pk in (("license", license.pk), ("premises", license.premises_id)):
        body = {"license": license.pk, "premises": license.premises_id, "date": license.schedule[0]["date"],
                "starts_at": "18:00", "ends_at": "22:00", field: as_typed(pk)}
        response = _api(officer).post("/api/v1/bingo/operations/", body, format="json")
        assert response.status_code == 400, (field, body[field])
        assert response.json()["errors"][0]["field"] == field
