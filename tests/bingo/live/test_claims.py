"""Claims by face number, the electronic winner search, closing with the split, and recovery."""

import random
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from bingo.cards import sales
from bingo.engine import patterns
from bingo.live import services, winner_search
from bingo.live.state import game_state
from bingo.models import CardSale, Game, GameEvent, GameStatus
from core.findings import RuleViolation
from tests.bingo.factories import bingo_calls, live_world, record

pytestmark = pytest.mark.django_db


def _extra_call(world, card, calls):
    """A ball that is on no square of `card` and not yet called."""
    return next(n for n in range(1, 76) if n not in calls and card.square_of(n) is None)


def test_claim_by_face_number_valid_on_the_last_number():
    world = live_world()
    card = world.face(5)
    calls = bingo_calls(card)
    record(world, calls)
    event = services.claim_face(actor=world.checker, game=world.game, face_number=5)
    p = event.payload
    assert (p["valid"], p["complete"], p["missed"]) == (True, True, False)
    assert p["face_number"] == 5 and p["series"] == world.series.code
    assert p["face"] == list(card.squares)
    # The top row and the free centre are marked.
    assert set(p["marked"]) >= {0, 1, 2, 3, 4, 12}
    assert all(card.squares[sq] in calls or sq == 12 for sq in p["marked"])
    assert game_state(world.game).winning_claims()[0]["face_number"] == 5


def test_missed_bingo_is_complete_but_not_valid():
    world = live_world()
    card = world.face(7)
    calls = bingo_calls(card)
    record(world, calls)
    late = _extra_call(world, card, calls)
    record(world, [late])
    p = services.claim_face(actor=world.checker, game=world.game, face_number="7").payload
    assert (p["valid"], p["complete"], p["missed"]) == (False, True, True)
    assert p["completed_on"] == calls[-1]
    assert p["rule"] == "30 DCMR 1405.16"
    assert game_state(world.game).winning_claims() == []


def test_claim_on_a_face_not_sold_for_this_game_is_refused_with_the_rule():
    world = live_world(sold=(1, 60), series_size=120)
    record(world, [1])
    before = GameEvent.objects.filter(game=world.game).count()
    with pytest.raises(RuleViolation) as caught:
        services.claim_face(actor=world.checker, game=world.game, face_number=100)
    assert caught.value.findings[0].rule == "30 DCMR 1404.1(h)"
    assert caught.value.findings[0].field == "face_number"
    assert GameEvent.objects.filter(game=world.game).count() == before


def test_claim_with_no_face_number_is_refused():
    world = live_world()
    with pytest.raises(ValidationError):
        services.claim_face(actor=world.checker, game=world.game, face_number="abc")


def _three_winners_on_one_call(world, seed=3):
    """Call in a seeded order until the winner search reports 3+ new bingos on one call."""
    order = list(range(1, 76))
    random.Random(seed).shuffle(order)
    for number in order:
        event = services.ball_record(actor=world.caller, game=world.game, number=number)
        if event.payload["floor"]["new"] >= 3:
            return winner_search.sold_face_keys(world.game, game_state(world.game).calls, new_only=True)
    raise AssertionError("no call made three bingos at once")


@pytest.mark.parametrize("license_class, prize, share, capped", [
    ("B", "100.00", "34.00", False),  # 30 DCMR 1406.2: $33.34 rounded up to the next dollar
    ("B", "1998.00", "666.00", False),  # just inside the 1408.1 cap: exactly $1,998
    ("B", "2000.00", "666.00", True),  # $667 each would pay $2,001, past the 1408.1 cap of $2,000
    ("D", "4.98", "1.66", False),  # Class D rounds to the next cent: exactly $4.98
    ("D", "5.00", "1.66", True),  # $1.67 each would pay $5.01, past the 1408.3 cap of $5
])
def test_three_players_on_one_number_split_the_prize_rounded_up_within_the_cap(license_class, prize, share, capped):
    world = live_world(license_class=license_class, prize=Decimal(prize), sold=(1, 120), seed=20261130,
                       sale_per_face=True)
    winners = _three_winners_on_one_call(world)
    for _series_id, face in winners[:3]:
        payload = services.claim_face(actor=world.checker, game=world.game, face_number=face).payload
        assert payload["valid"], payload
    event = services.game_close(actor=world.caller, game=world.game)
    assert event.payload["winners"] == 3
    assert event.payload["shares"] == [share] * 3
    assert [row["face_number"] for row in event.payload["paid"]] == [face for _s, face in winners[:3]]
    assert {row["amount"] for row in event.payload["paid"]} == {share}
    assert Decimal(event.payload["total_paid"]) == Decimal(share) * 3
    assert event.payload["capped"] is capped and event.payload["split_rule"] == "30 DCMR 1406.2"
    assert event.payload["cap_rule"] == ("30 DCMR 1408.3" if license_class == "D" else "30 DCMR 1408.1")
    world.game.refresh_from_db()
    assert world.game.status == GameStatus.CLOSED


def test_one_players_two_winning_faces_take_one_share():
    """30 DCMR 1406.2 splits per player: faces bought in one sale are one buyer's."""
    world = live_world(prize=Decimal("100.00"), sold=(1, 120), seed=20261130)  # one sale: one buyer
    winners = _three_winners_on_one_call(world)
    for _series_id, face in winners[:2]:
        services.claim_face(actor=world.checker, game=world.game, face_number=face)
    event = services.game_close(actor=world.caller, game=world.game)
    assert event.payload["winners"] == 1 and event.payload["shares"] == ["100.00"]
    [row] = event.payload["paid"]
    assert [face["face_number"] for face in row["faces"]] == [face for _s, face in winners[:2]]
    assert row["sale"] == CardSale.objects.get(operation=world.game.operation).pk


def test_faces_of_two_sales_are_two_players():
    world = live_world(prize=Decimal("100.00"), sold=(1, 120), seed=20261130, sale_per_face=True)
    winners = _three_winners_on_one_call(world)
    for _series_id, face in winners[:2]:
        services.claim_face(actor=world.checker, game=world.game, face_number=face)
    assert services.game_close(actor=world.caller, game=world.game).payload["shares"] == ["50.00", "50.00"]


def test_the_operation_cap_leaves_a_later_game_less_to_pay():
    """30 DCMR 1408.1: $10,000 an operation. Games that paid $9,999 leave the last one $1 to pay."""
    world = live_world(prize=Decimal("100.00"), start=False)
    for number, prize in enumerate(["2000.00"] * 4 + ["1999.00"], start=2):
        game = Game.objects.create(operation=world.game.operation, number=number, pattern=world.game.pattern,
                                   prize=Decimal(prize), license_class="B")
        services.game_start(actor=world.caller, game=game)
        services.game_close(actor=world.caller, game=game, winners=1)  # a winner checked on paper
    services.game_start(actor=world.caller, game=world.game)
    record(world, bingo_calls(world.face(9)))
    services.claim_face(actor=world.checker, game=world.game, face_number=9)
    event = services.game_close(actor=world.caller, game=world.game)
    assert event.payload["shares"] == ["1.00"] and event.payload["cap"] == "1.00" and event.payload["capped"]


def test_the_same_face_claimed_twice_is_paid_once():
    world = live_world()
    record(world, bingo_calls(world.face(9)))
    services.claim_face(actor=world.checker, game=world.game, face_number=9)
    services.claim_face(actor=world.caller, game=world.game, face_number=9)
    assert services.game_close(actor=world.caller, game=world.game).payload["winners"] == 1


def test_a_claim_on_a_call_taken_back_is_void():
    world = live_world()
    record(world, bingo_calls(world.face(11)))
    services.claim_face(actor=world.checker, game=world.game, face_number=11)
    services.call_undo(actor=world.caller, game=world.game, reason="keyed the wrong ball")
    state = game_state(world.game)
    assert state.claims[0]["void"] is True
    assert state.winning_claims() == []
    assert services.game_close(actor=world.caller, game=world.game).payload["winners"] == 0


def _brute_force_floor(world, calls):
    pattern = patterns.get("any-line")
    faces = [world.face(n) for n in range(1, 61)]
    complete_now = [pattern.is_complete(face.coverage(calls)) for face in faces]
    complete_before = [pattern.is_complete(face.coverage(calls[:-1])) for face in faces]
    new = sum(1 for now, before in zip(complete_now, complete_before, strict=True) if now and not before)
    return {"new": new, "complete": sum(complete_now), "sold": 60}


def test_winner_search_counts_the_bingos_made_by_each_call():
    world = live_world(seed=77)
    rng = random.Random(5)
    seen_new = 0
    for _ in range(30):
        event = services.ball_draw(actor=world.caller, game=world.game, rng=rng)
        calls = game_state(world.game).calls
        assert event.payload["floor"] == _brute_force_floor(world, calls), calls
        seen_new += event.payload["floor"]["new"]
    assert seen_new > 0  # 30 calls on 60 faces always make some line
    assert game_state(world.game).floor == event.payload["floor"]


def test_recovery_after_a_restart_resumes_the_same_game():
    world = live_world(seed=99)
    rng = random.Random(8)
    for _ in range(6):
        services.ball_draw(actor=world.caller, game=world.game, rng=rng)
    services.claim_face(actor=world.checker, game=world.game, face_number=3)
    calls, claims = game_state(world.game).calls, game_state(world.game).claims
    # "Restart": forget every in-process cache and read the game afresh from the database.
    sales.clear_caches()
    fresh = Game.objects.get(pk=world.game.pk)
    state = game_state(fresh)
    assert state.calls == calls and state.claims == claims and state.status == GameStatus.LIVE
    event = services.ball_draw(actor=world.caller, game=fresh, rng=random.Random(1))
    assert event.payload["number"] not in calls
    assert game_state(fresh).calls == [*calls, event.payload["number"]]
    assert event.payload["floor"] == _brute_force_floor(world, game_state(fresh).calls)


def test_close_with_no_claim_pays_nobody():
    world = live_world()
    record(world, [1, 2])
    event = services.game_close(actor=world.caller, game=world.game)
    assert event.payload["winners"] == 0 and event.payload["shares"] == [] and event.payload["total_paid"] == "0.00"
