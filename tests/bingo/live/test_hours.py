"""Live play only under a license in force today, on the operation's licensed day and hours, and never
between midnight and 9:00 am, on the Board's clock (30 DCMR 1200.1, 1202.2(m)): a game start, a
system draw and a recorded ball are each refused outside them, by the services, the API and the console."""

import datetime as dt

import pytest
from django.urls import reverse

from bingo.live import services
from bingo.live.state import game_state
from bingo.models import GameEvent, GameStatus, Operation
from core.findings import RuleViolation
from licensing.models import EnforcementAction
from licensing.models.choices import EnforcementKind, LicenseStatus
from tests.bingo.factories import live_world
from tests.clock import board_time, travel
from tests.licensing.factories import board_staff

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 12, 5)  # the operation is planned for 18:00-22:00 that day


def world_on_day(**options):
    travel(board_time(DAY, dt.time(12, 0)), tick=False)
    return live_world(start=False, **options)


def at(day, time):
    travel(board_time(day, time), tick=False)


def rules_of(caught) -> list[str]:
    return [finding.rule for finding in caught.value.findings]


@pytest.mark.parametrize("day, time, refused_by", [
    (DAY, dt.time(17, 59, 59), ["30 DCMR 1202.2(m)"]),
    (DAY, dt.time(18, 0), []),
    (DAY, dt.time(22, 0), []),
    (DAY, dt.time(22, 0, 1), ["30 DCMR 1202.2(m)"]),
    (DAY + dt.timedelta(days=1), dt.time(19, 0), ["30 DCMR 1202.2(m)"]),  # the right hours, another day
    # The case: 03:10 on another day, outside the hours and inside the midnight-9:00 ban.
    (DAY + dt.timedelta(days=1), dt.time(3, 10), ["30 DCMR 1202.2(m)", "30 DCMR 1202.2(m)"]),
])
def test_a_game_starts_only_in_the_licensed_hours(day, time, refused_by):
    world = world_on_day()
    at(day, time)
    if not refused_by:
        assert services.game_start(actor=world.caller, game=world.game).status == GameStatus.LIVE
        return
    with pytest.raises(RuleViolation) as caught:
        services.game_start(actor=world.caller, game=world.game)
    assert rules_of(caught) == refused_by
    assert caught.value.findings[0].message.startswith("Start game 1: ")
    assert "18:00-22:00" in caught.value.findings[0].message
    world.game.refresh_from_db()
    assert world.game.status == GameStatus.PLANNED and not GameEvent.objects.filter(game=world.game).exists()


def _not_called(game) -> int:
    return next(number for number in range(75, 0, -1) if number not in game_state(game).calls)


@pytest.mark.parametrize("time, refused", [(dt.time(22, 0), False), (dt.time(22, 0, 1), True)])
def test_no_ball_is_drawn_or_recorded_after_the_hours(time, refused):
    world = world_on_day()
    at(DAY, dt.time(21, 59))
    services.game_start(actor=world.caller, game=world.game)
    at(DAY, time)
    # The ball recorded is one the draw did not take (the system's draw is random: it may take 75).
    actions = [("Draw a ball in game 1", lambda: services.ball_draw(actor=world.caller, game=world.game)),
               ("Record a ball in game 1", lambda: services.ball_record(actor=world.caller, game=world.game,
                                                                         number=_not_called(world.game)))]
    for name, action in actions:
        if not refused:
            action()
            continue
        with pytest.raises(RuleViolation) as caught:
            action()
        assert rules_of(caught) == ["30 DCMR 1202.2(m)"] and caught.value.findings[0].message.startswith(name)
        assert caught.value.findings[0].field == "time"
    assert len(game_state(world.game).calls) == (0 if refused else 2)


@pytest.mark.parametrize("time, refused", [(dt.time(8, 59, 59), True), (dt.time(9, 0), False)])
def test_no_bingo_before_nine_even_inside_the_planned_hours(time, refused):
    world = world_on_day()
    Operation.objects.filter(pk=world.game.operation_id).update(starts_at=dt.time(8, 0), ends_at=dt.time(12, 0))
    world.game.refresh_from_db()
    at(DAY, time)
    if not refused:
        services.game_start(actor=world.caller, game=world.game)
        return
    with pytest.raises(RuleViolation) as caught:
        services.game_start(actor=world.caller, game=world.game)
    assert rules_of(caught) == ["30 DCMR 1202.2(m)"]


def test_a_suspension_that_has_begun_stops_the_calls():
    world = world_on_day()
    at(DAY, dt.time(19, 0))
    services.game_start(actor=world.caller, game=world.game)
    license = world.game.operation.license
    EnforcementAction.objects.create(license=license, kind=EnforcementKind.SUSPENSION, explanation="1209.1",
                                     starts_on=DAY, ends_on=DAY + dt.timedelta(days=10), issued_by=board_staff())
    with pytest.raises(RuleViolation) as caught:
        services.ball_draw(actor=world.caller, game=world.game)
    assert rules_of(caught) == ["30 DCMR 1200.1"] and "suspended" in caught.value.findings[0].message
    assert caught.value.findings[0].field == "license"


def test_a_revoked_license_starts_no_game():
    world = world_on_day()
    at(DAY, dt.time(19, 0))
    license = world.game.operation.license
    license.status = LicenseStatus.REVOKED
    license.save(update_fields=["status"])
    with pytest.raises(RuleViolation) as caught:
        services.game_start(actor=world.caller, game=world.game)
    assert rules_of(caught) == ["30 DCMR 1200.1"] and "revoked" in caught.value.findings[0].message


def test_the_api_and_the_console_refuse_a_start_at_ten_past_three(client):
    world = world_on_day()
    at(DAY + dt.timedelta(days=1), dt.time(3, 10))
    client.force_login(world.caller)
    answer = client.post(f"/api/v1/bingo/games/{world.game.pk}/start/")
    assert answer.status_code == 400
    errors = answer.json()["errors"]
    assert [(e["field"], e["rule"]) for e in errors] == [("time", "30 DCMR 1202.2(m)"), ("time", "30 DCMR 1202.2(m)")]
    assert "it is now Dec. 6, 2026 03:10" in errors[0]["message"]
    page = client.post(reverse("bingo:console_start", args=[world.game.pk]), headers={"HX-Request": "true"})
    assert b"30 DCMR 1202.2(m)" in page.content and b"30 DCMR 1400.7" not in page.content
    assert b"Start game 1: " in page.content
    world.game.refresh_from_db()
    assert world.game.status == GameStatus.PLANNED


def test_the_api_refuses_a_draw_and_a_record_after_the_hours(client):
    world = world_on_day()
    at(DAY, dt.time(21, 0))
    services.game_start(actor=world.caller, game=world.game)
    at(DAY, dt.time(22, 30))
    client.force_login(world.caller)
    base = f"/api/v1/bingo/games/{world.game.pk}/"
    for answer in (client.post(base + "draw/"),
                   client.post(base + "record/", {"number": 5}, content_type="application/json")):
        assert answer.status_code == 400 and answer.json()["errors"][0]["rule"] == "30 DCMR 1202.2(m)"
    page = client.post(reverse("bingo:console_record", args=[world.game.pk]), {"number": 5},
                       headers={"HX-Request": "true"})
    assert b"30 DCMR 1202.2(m)" in page.content and b"30 DCMR 1400.7" not in page.content
    assert game_state(world.game).calls == []
