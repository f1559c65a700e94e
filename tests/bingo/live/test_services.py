"""Live bingo services: calls, undo, claims, close and who may run a game."""

import random
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from bingo.live import services
from bingo.live.state import game_state
from bingo.models import GameEvent, GameStatus
from core.findings import RuleViolation
from licensing.models import AuditEvent, Role
from tests.bingo.factories import SAMPLE, live_game, record_all
from tests.licensing.factories import OrganizationFactory, member

pytestmark = pytest.mark.django_db


def test_start_requires_a_planned_game_and_audits():
    game, caller = live_game()
    assert game.status == GameStatus.LIVE
    # 30 DCMR 1405.8 / 1405.10: a game starts with all 75 balls in the receptacle and an empty board.
    assert game_state(game).calls == []
    assert AuditEvent.objects.filter(event_type="bingo.game_started", object_id=str(game.pk)).exists()
    with pytest.raises(ValidationError):
        services.game_start(actor=caller, game=game)


def test_call_on_a_planned_game_is_refused():
    game, caller = live_game(start=False)
    with pytest.raises(ValidationError):
        services.ball_record(actor=caller, game=game, number=5)
    assert not GameEvent.objects.filter(game=game).exists()


def test_system_draw_never_repeats_a_ball():
    game, caller = live_game()
    rng = random.Random(11)
    for _ in range(10):
        services.ball_draw(actor=caller, game=game, rng=rng)
    calls = game_state(game).calls
    assert len(calls) == 10 and len(set(calls)) == 10
    assert all(1 <= n <= 75 for n in calls)


def test_duplicate_recorded_ball_is_refused_with_the_rule():
    game, caller = live_game()
    record_all(game, caller, [7])
    with pytest.raises(RuleViolation) as caught:
        services.ball_record(actor=caller, game=game, number=7)
    assert caught.value.findings[0].rule == "30 DCMR 1405.14"
    assert game_state(game).calls == [7]


@pytest.mark.parametrize("number", [0, 76, -3])
def test_out_of_range_ball_is_refused_with_the_rule(number):
    game, caller = live_game()
    with pytest.raises(RuleViolation) as caught:
        services.ball_record(actor=caller, game=game, number=number)
    assert caught.value.findings[0].rule == "30 DCMR 1405.7"


def test_undo_requires_a_reason_and_takes_back_the_last_call():
    game, caller = live_game()
    record_all(game, caller, [7, 22])
    with pytest.raises(ValidationError):
        services.call_undo(actor=caller, game=game, reason="  ")
    assert game_state(game).calls == [7, 22]
    event = services.call_undo(actor=caller, game=game, reason="keyed 22 for 27")
    assert event.payload == {"number": 22, "reason": "keyed 22 for 27"}
    assert game_state(game).calls == [7]
    # The ball taken back may be recorded again.
    record_all(game, caller, [22])
    assert game_state(game).calls == [7, 22]


def test_claim_valid_on_the_last_number():
    game, caller = live_game()
    # SAMPLE's top row: 1 16 31 46 61, completed by the last call.
    record_all(game, caller, [1, 16, 31, 46, 61])
    event = services.claim_verify(actor=caller, game=game, card=SAMPLE, pattern_name="horizontal-line")
    assert event.kind == "claim"
    assert event.payload["valid"] is True
    assert event.payload["complete"] is True
    assert game_state(game).claims[0]["last_call"] == 61


def test_claim_missed_bingo_is_not_valid():
    game, caller = live_game()
    record_all(game, caller, [1, 16, 31, 46, 61, 75])
    event = services.claim_verify(actor=caller, game=game, card=SAMPLE)
    assert event.payload["valid"] is False
    assert event.payload["complete"] is True
    assert "missed bingo" in event.payload["reason"]
    assert event.payload["completed_on"] == 61


def test_checker_of_the_organization_may_verify_a_claim_but_not_call():
    game, caller = live_game()
    checker = member(game.operation.license.organization, Role.CHECKER)
    record_all(game, caller, [1])
    services.claim_verify(actor=checker, game=game, card=SAMPLE)
    with pytest.raises(PermissionDenied):
        services.ball_record(actor=checker, game=game, number=2)


def test_checker_of_another_organization_is_refused():
    game, caller = live_game()
    outsider = member(OrganizationFactory(), Role.CHECKER)
    outside_caller = member(OrganizationFactory(), Role.CALLER)
    record_all(game, caller, [1])
    with pytest.raises(PermissionDenied):
        services.claim_verify(actor=outsider, game=game, card=SAMPLE)
    with pytest.raises(PermissionDenied):
        services.ball_record(actor=outside_caller, game=game, number=2)
    assert game_state(game).calls == [1]
    assert len(game_state(game).claims) == 0


def test_close_splits_the_prize_and_ends_the_game():
    game, caller = live_game(prize=Decimal("100.00"))
    record_all(game, caller, [1, 16, 31, 46, 61])
    event = services.game_close(actor=caller, game=game, winners=3)
    assert event.payload["shares"] == ["34.00", "34.00", "34.00"]
    game.refresh_from_db()
    assert game.status == GameStatus.CLOSED
    assert game_state(game).status == GameStatus.CLOSED
    with pytest.raises(ValidationError):
        services.ball_record(actor=caller, game=game, number=2)
    assert AuditEvent.objects.filter(event_type="bingo.game_closed", object_id=str(game.pk)).exists()
