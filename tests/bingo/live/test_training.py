"""Training operations (bingo.live.training): practice at any hour, with no sales, no prizes and nothing
reported, said on every screen and fixed in each game's start event."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from bingo.cards import services as services_cards
from bingo.live import services, training
from bingo.models import Game, GameEvent, Hall, Operation
from core.findings import RuleViolation
from licensing.audit.verify import verify_log
from licensing.models import AuditEvent, Role
from licensing.models.choices import LicenseStatus
from tests.bingo.factories import bingo_calls, bingo_license, monday, plan, training_game
from tests.clock import board_time, travel
from tests.licensing.factories import member

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 12, 5)


def practice(*, prize="0.00"):
    """A training game of a fresh license, its caller and checker, and a card series (nothing sold)."""
    travel(board_time(DAY, dt.time(12, 0)), tick=False)
    made = training_game(prize=prize)
    return made.game, made.caller, made.checker, made.officer, made.series


def test_only_a_planner_creates_a_training_operation_and_it_is_audited():
    game, caller, _checker, officer, _series = practice()
    operation = game.operation
    assert operation.is_training and Hall.objects.filter(operation=operation, is_drawing_location=True).exists()
    assert AuditEvent.objects.filter(event_type="bingo.training_operation_created", actor=officer).exists()
    with pytest.raises(PermissionDenied):
        training.training_operation_create(actor=caller, license=operation.license)


def test_a_training_game_plays_at_ten_past_three_and_pays_nothing():
    game, caller, checker, _officer, series = practice(prize="100.00")
    travel(board_time(DAY + dt.timedelta(days=1), dt.time(3, 10)), tick=False)
    services.game_start(actor=caller, game=game)
    assert GameEvent.objects.get(game=game, kind="start").payload["training"] is True
    from bingo.cards.sales import series_faces

    for number in bingo_calls(series_faces(series)[3]):
        services.ball_record(actor=caller, game=game, number=number)
    claim = services.claim_face(actor=checker, game=game, face_number=4)  # nothing is sold: any printed face
    assert claim.payload["valid"] and claim.payload["sale"] is None
    close = services.game_close(actor=caller, game=game).payload
    assert (close["training"], close["winners"], close["shares"], close["paid"], close["total_paid"]) == (
        True, 1, [], [], "0.00")


def test_a_training_game_still_needs_a_license_in_force():
    game, caller, *_ = practice()
    license = game.operation.license
    license.status = LicenseStatus.REVOKED
    license.save(update_fields=["status"])
    with pytest.raises(RuleViolation) as caught:
        services.game_start(actor=caller, game=game)
    assert [f.rule for f in caught.value.findings] == ["30 DCMR 1200.1"]


def test_no_card_is_sold_for_a_training_operation():
    game, _caller, checker, _officer, series = practice()
    with pytest.raises(RuleViolation) as caught:
        services_cards.sale_record(
            age_declared=True, actor=checker, operation=game.operation, series=series, first_face=1,
                                   last_face=6, games=[game], price_each=Decimal("1.00"))
    [finding] = [f for f in caught.value.findings if f.field == "operation"]
    assert finding.rule == "30 DCMR 1200.1" and "training operation sells no cards" in finding.message
    assert not game.operation.card_sales.exists()


def test_a_game_played_as_training_cannot_be_turned_into_a_real_one_unseen():
    game, caller, *_ = practice()
    services.game_start(actor=caller, game=game)
    assert verify_log(GameEvent, str(game.pk)).ok
    Operation.objects.filter(pk=game.operation_id).update(is_training=False)
    report = verify_log(GameEvent, str(game.pk))
    assert not report.ok and "training True -> False" in report.problem.message


def test_a_start_event_written_before_the_flag_existed_reads_as_not_training():
    """Logs of games started before 0007 recorded no "training": they verify as the real games they were."""
    import json

    from core.chain import row_hash
    from tests.bingo.factories import live_game
    from tests.core.tamper import triggers_off

    game, _caller = live_game()
    start = GameEvent.objects.get(game=game, kind="start")
    start.payload = {key: value for key, value in start.payload.items() if key != "training"}
    start.hash = row_hash("bingo.gameevent", str(game.pk), start)  # as the old code chained it, with the key
    with triggers_off("bingo_gameevent") as cursor:
        cursor.execute("UPDATE bingo_gameevent SET payload = %s, hash = %s WHERE id = %s",
                       [json.dumps(start.payload), start.hash, start.pk])
    Game.objects.filter(pk=game.pk).update(head_hash=start.hash)
    assert verify_log(GameEvent, str(game.pk)).ok
    Operation.objects.filter(pk=game.operation_id).update(is_training=True)
    assert "training False -> True" in verify_log(GameEvent, str(game.pk)).problem.message


def test_training_is_said_on_the_console_the_flashboard_and_the_results(client):
    game, caller, *_ = practice()
    hall = game.operation.halls.get()
    client.force_login(caller)
    console = client.get(reverse("bingo:console", args=[game.pk])).content
    assert b"Training game: no cards are sold, no prize is paid and nothing is reported" in console
    assert b"none (training)" in console
    client.logout()
    board = client.get(reverse("bingo:flashboard", args=[hall.key])).content
    assert b'data-training="true"' in board and b"None: training" in board and b"$0.00" not in board
    services.game_start(actor=caller, game=game)
    services.game_close(actor=caller, game=game)
    results = client.get(reverse("bingo:hall_results", args=[hall.key])).content
    assert b"Training games: no cards were sold" in results and b"1 (training)" in results
    assert client.get(f"/api/v1/bingo/games/{game.pk}/").status_code == 401
    client.force_login(caller)
    assert client.get(f"/api/v1/bingo/games/{game.pk}/").json()["training"] is True


def test_training_counts_for_no_weekly_limit():
    """30 DCMR 1400.5: two bingo operations a week on one premises; training is none of them."""
    day = monday()
    license = bingo_license(dates=[day, day + dt.timedelta(days=1)])
    officer = member(license.organization, Role.OFFICER)
    training.training_operation_create(actor=officer, license=license, date=day)
    plan(license, actor=officer, date=day)
    plan(license, actor=officer, date=day + dt.timedelta(days=1))
    assert Operation.objects.filter(license=license).count() == 3
