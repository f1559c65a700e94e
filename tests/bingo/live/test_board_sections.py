"""What the players see and how cards reach them (30 DCMR 1401.6, 1405.5, 1405.9-1405.11, 1405.18, 1408.11): the
hall's board shows every call and is reset for each game, the prize is shown before the game starts, cards are sold
at random from a secret seed, workers wear name tags and every paying entrant has the same chance at door prizes.
Read from the flashboard's state (bingo.live.broadcast), the public pages and the posted sheets."""

import datetime as dt
import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from bingo.cards import sales
from bingo.cards import services as card_services
from bingo.cards.serializers import SeriesSerializer
from bingo.live import services
from bingo.live.broadcast import flashboard_state
from bingo.models import GameStatus, WorkerDuty
from bingo.planning import services as planning_services
from licensing.models import Role
from tests.bingo.factories import (
    GameFactory,
    bingo_license,
    bought,
    live_world,
    plan,
    planner,
    record,
    standard_pattern,
    vendor_license,
)
from tests.licensing.factories import member

pytestmark = pytest.mark.django_db


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def test_1405_9_1405_11_every_call_is_shown_on_the_halls_board(client):
    world = live_world()
    record(world, [7, 22, 61])
    state = flashboard_state(world.hall)
    assert state["calls"] == [7, 22, 61] and state["last"] == 61 and state["last_label"] == "O 61"
    # The board is a public page of the hall, always there (1405.9).
    page = client.get(reverse("bingo:flashboard", args=[world.hall.key]))
    assert page.status_code == 200


def test_1405_10_each_game_starts_with_all_75_numbers_on_a_cleared_board():
    """30 DCMR 1405.10: all 75 numbers are put back on the board at the start of each game."""
    world = live_world()
    record(world, [5, 6, 70])
    services.game_close(actor=world.caller, game=world.game)
    second = GameFactory(operation=world.game.operation, number=2, pattern=standard_pattern("any-line"))
    state = flashboard_state(world.hall)
    assert state["game"]["number"] == 2 and state["calls"] == []  # the next game's board, cleared
    second = services.game_start(actor=world.caller, game=second)
    assert second.status == GameStatus.LIVE
    # A number called in the last game can be called again: all 75 are back in the receptacle.
    services.ball_record(actor=world.caller, game=second, number=5)
    assert flashboard_state(world.hall)["calls"] == [5]


def test_1405_18_the_prize_is_shown_before_the_game_starts():
    world = live_world(start=False, prize="250.00")
    state = flashboard_state(world.hall)
    assert state["game"]["status"] == GameStatus.PLANNED and state["calls"] == []
    assert state["game"]["prize"] == "250.00" and state["game"]["prize_text"]["en"] == "$250.00"
    assert state["game"]["pattern"]["slug"] == "any-line"


def test_1405_5_cards_are_sold_at_random_from_a_seed_nobody_is_shown(organization):
    officer = member(organization, Role.OFFICER)
    vendor = vendor_license()
    one = card_services.series_create(actor=officer, organization=organization, code="R1", size=50, **bought(vendor))
    two = card_services.series_create(actor=officer, organization=organization, code="R2", size=50, **bought(vendor))
    assert "seed" not in SeriesSerializer(one).data  # whoever knew it would know every face
    faces_one = [face.squares for face in sales.series_faces(one)]
    faces_two = [face.squares for face in sales.series_faces(two)]
    assert faces_one != faces_two  # each series is its own random draw
    assert faces_one != sorted(faces_one)  # face numbers follow no order a buyer could pick by


def test_1401_6_the_posted_worker_list_says_workers_wear_name_tags(client):
    operation = plan(bingo_license())
    actor = planner(operation.license.organization)
    planning_services.worker_add(actor=actor, operation=operation, name="Luis Ortega", duty=WorkerDuty.Duty.CHECKER,
                                 date_of_birth=dt.date(1980, 1, 1))
    client.force_login(actor)
    page = client.get(reverse("bingo:worker_posting", args=[operation.pk])).content.decode()
    assert "Luis Ortega" in page and "name tags (30 DCMR 1401.6)" in page
    text = pdf_text(client.get(reverse("bingo:worker_posting_pdf", args=[operation.pk])).content)
    assert "1401.6" in text


def test_1408_11_the_program_sheet_promises_every_paying_entrant_the_same_chance_at_door_prizes(client):
    operation = plan(bingo_license(), door_prizes_value="325.00")
    client.force_login(planner(operation.license.organization))
    text = pdf_text(client.get(reverse("bingo:program_sheet_pdf", args=[operation.pk])).content)
    assert "$325.00" in text and "same chance at door prizes" in text and "1408.11" in text
