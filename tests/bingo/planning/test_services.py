"""Planning services: the operation, its halls, its games in order, its workers, operation_ready."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from bingo.live import services as live_services
from bingo.models import Game, GameStatus, Hall, Operation, WorkerDuty
from bingo.patterns import services as pattern_services
from bingo.planning import services
from bingo.planning.checks import operation_check, operation_ready
from core.findings import RuleViolation
from licensing.models import AuditEvent, Role
from licensing.models.choices import LicenseStatus, Period
from tests.bingo.factories import (
    ADULT,
    add_game,
    bingo_license,
    crew,
    monday,
    multihall_license,
    pattern,
    plan,
    planner,
)
from tests.clock import during
from tests.licensing.factories import OrganizationFactory, PremisesFactory, board_number, member

pytestmark = pytest.mark.django_db


def rules_of(exc) -> list[str]:
    return [f.rule for f in exc.value.findings]


def test_create_makes_the_drawing_hall_with_an_unguessable_key():
    license = bingo_license()
    operation = plan(license)
    [hall] = operation.halls.all()
    assert hall.is_drawing_location and hall.premises == license.premises
    assert len(hall.key) == 22
    assert AuditEvent.objects.filter(event_type="bingo.operation_created", object_id=str(operation.pk)).exists()


def test_create_refuses_other_premises_other_hours_and_an_inactive_license():
    license = bingo_license()
    with pytest.raises(RuleViolation) as exc:
        plan(license, premises=PremisesFactory())
    assert "30 DCMR 1400.7" in rules_of(exc)
    with pytest.raises(RuleViolation) as exc:
        plan(license, starts=dt.time(17, 30))
    assert rules_of(exc) == ["30 DCMR 1202.2(m)"]
    license.status = LicenseStatus.SUSPENDED
    license.save()
    with pytest.raises(RuleViolation) as exc:
        plan(license)
    assert rules_of(exc) == ["30 DCMR 1200.1"]
    assert not Operation.objects.exists() and not Hall.objects.exists()


def test_create_needs_a_planning_role():
    license = bingo_license()
    caller = member(license.organization, Role.CALLER)
    with pytest.raises(PermissionDenied):
        plan(license, actor=caller)
    with pytest.raises(PermissionDenied):
        plan(license, actor=planner(OrganizationFactory()))


def test_two_operations_a_week_per_premises_across_organizations():
    hall = PremisesFactory()
    week = monday()
    days = [week, week + dt.timedelta(days=2), week + dt.timedelta(days=4), week + dt.timedelta(days=7)]
    first = bingo_license(premises=hall, dates=days)
    second = bingo_license(premises=hall, dates=days)
    assert first.organization != second.organization
    plan(first, date=days[0])
    plan(second, date=days[1])
    with pytest.raises(RuleViolation) as exc:
        plan(first, date=days[2])
    assert rules_of(exc) == ["30 DCMR 1400.5"]
    assert "30 DCMR 1400.5" in str(exc.value.messages)
    plan(second, date=days[3])  # the next week starts afresh
    assert Operation.objects.filter(premises=hall).count() == 3


def test_card_price_boundary_through_the_service():
    license = bingo_license(license_class="B")
    operation = plan(license)
    actor = planner(license.organization)
    game = add_game(operation, actor, card_price="2.00")
    assert (game.number, game.license_class, game.card_price) == (1, "B", Decimal("2.00"))
    with pytest.raises(RuleViolation) as exc:  # a card for a regular game is an extra regular card: $2 (1402.3)
        add_game(operation, actor, card_price="2.01")
    assert rules_of(exc) == ["30 DCMR 1402.3"]
    assert exc.value.error_dict["card_price"][0].rule == "30 DCMR 1402.3"
    assert operation.games.count() == 1


def test_class_d_caps_through_the_service():
    license = bingo_license(license_class="D", application__organization__is_senior_group=True)
    operation = plan(license)
    actor = planner(license.organization)
    add_game(operation, actor, card_price="0.15", prize="5.00")
    with pytest.raises(RuleViolation) as exc:
        add_game(operation, actor, card_price="0.15", prize="5.01")
    assert rules_of(exc) == ["30 DCMR 1408.3"]
    with pytest.raises(RuleViolation) as exc:
        add_game(operation, actor, game_type="multi_hall", card_price="0.10", prize="1.00")
    assert "30 DCMR 1414" in rules_of(exc)


def test_limited_period_has_no_prize_cap_and_regular_has():
    limited = plan(bingo_license(period=Period.LIMITED))
    add_game(limited, planner(limited.license.organization), prize="7500.00")
    regular = plan(bingo_license())
    actor = planner(regular.license.organization)
    with pytest.raises(RuleViolation) as exc:
        add_game(regular, actor, prize="2000.01")
    assert rules_of(exc) == ["30 DCMR 1408.1"]
    for _ in range(5):
        add_game(regular, actor, prize="2000.00")
    with pytest.raises(RuleViolation) as exc:
        add_game(regular, actor, prize="1.00")
    assert rules_of(exc) == ["30 DCMR 1408.1"]


def test_a_plan_is_judged_by_the_prize_cap_in_force_on_its_operation_date():
    """The Board raises the cap from a date (the register, licensing.register): an operation held before that date
    is still held to the old cap, one held from it to the new one, whatever day the plan is made."""
    first, later = monday(3), monday(5)
    board_number("bingo.game_prize_cap.class_abc", "2500.00", since=later - dt.timedelta(days=1))
    license = bingo_license(dates=[first, later])
    actor = planner(license.organization)
    before, after = plan(license, date=first), plan(license, date=later)
    with pytest.raises(RuleViolation) as exc:
        add_game(before, actor, prize="2400.00")
    assert rules_of(exc) == ["30 DCMR 1408.1"] and "at most $2,000.00 per game" in exc.value.findings[0].message
    add_game(after, actor, prize="2400.00")
    with pytest.raises(RuleViolation) as exc:
        add_game(after, actor, prize="2500.01")
    assert "at most $2,500.00 per game" in exc.value.findings[0].message


def test_seventh_early_bird_is_refused():
    operation = plan(bingo_license())
    actor = planner(operation.license.organization)
    for _ in range(6):
        add_game(operation, actor, game_type="early_bird", card_price="1.00", prize="50.00")
    with pytest.raises(RuleViolation) as exc:
        add_game(operation, actor, game_type="early_bird", card_price="1.00", prize="50.00")
    assert rules_of(exc) == ["30 DCMR 1405.19"]
    last = Game.objects.filter(operation=operation, game_type="early_bird").order_by("number").last()
    with pytest.raises(RuleViolation):  # turning a regular game into the 7th early bird is refused too
        services.game_update(actor=actor, game=add_game(operation, actor), game_type="early_bird")
    assert last.number == 6


def test_multi_hall_games_and_halls_need_the_add_on_license():
    license = bingo_license()
    operation = plan(license)
    actor = planner(license.organization)
    other_hall = bingo_license().premises  # licensed premises of another organization
    with pytest.raises(RuleViolation) as exc:
        add_game(operation, actor, game_type="multi_hall", card_price="15.00", prize="5000.00")
    assert rules_of(exc) == ["30 DCMR 1414"]
    with pytest.raises(RuleViolation) as exc:
        services.hall_add(actor=actor, operation=operation, premises=other_hall)
    assert rules_of(exc) == ["30 DCMR 1414"]
    multihall_license(license)
    add_game(operation, actor, game_type="multi_hall", card_price="15.00", prize="5000.00")
    hall = services.hall_add(actor=actor, operation=operation, premises=other_hall)
    assert not hall.is_drawing_location and len(hall.key) == 22 and hall.key != operation.halls.first().key
    with pytest.raises(RuleViolation) as exc:
        services.hall_add(actor=actor, operation=operation, premises=PremisesFactory())
    assert rules_of(exc) == ["30 DCMR 1405.13"]
    with pytest.raises(ValidationError):
        services.hall_add(actor=actor, operation=operation, premises=other_hall)


def test_reorder_and_remove_planned_games():
    operation = plan(bingo_license())
    actor = planner(operation.license.organization)
    one, two, three = (add_game(operation, actor, prize=p) for p in ("10.00", "20.00", "30.00"))
    services.game_reorder(actor=actor, operation=operation, order=[three.pk, one.pk, two.pk])
    assert list(operation.games.order_by("number").values_list("prize", flat=True)) == [30, 10, 20]
    services.game_remove(actor=actor, game=one)
    assert list(operation.games.order_by("number").values_list("number", "prize")) == [(1, 30), (2, 20)]
    assert AuditEvent.objects.filter(event_type="bingo.game_removed").exists()
    with pytest.raises(ValidationError):
        services.game_reorder(actor=actor, operation=operation, order=[two.pk])


def test_a_started_game_is_never_removed_or_moved():
    operation = plan(bingo_license())
    actor = planner(operation.license.organization)
    first, second = add_game(operation, actor), add_game(operation, actor)
    crew(operation, actor)
    during(operation)  # live play: inside the operation's hours (bingo.live.live_play)
    live_services.game_start(actor=actor, game=first)
    with pytest.raises(ValidationError):
        services.game_remove(actor=actor, game=first)
    with pytest.raises(ValidationError):
        services.game_update(actor=actor, game=first, prize=Decimal("5.00"))
    with pytest.raises(ValidationError):
        services.game_reorder(actor=actor, operation=operation, order=[second.pk, first.pk])
    assert Game.objects.get(pk=first.pk).status == GameStatus.LIVE
    services.game_remove(actor=actor, game=second)  # still planned: may go


def test_workers_and_operation_ready():
    operation = plan(bingo_license())
    actor = planner(operation.license.organization)
    ready = operation_ready(operation)
    assert {f.rule for f in ready} == {"30 DCMR 1401.3", "30 DCMR 1400.12", "30 DCMR 1301.5"}
    assert all(f.blocking for f in ready)
    services.worker_add(actor=actor, operation=operation, name="Rosa Caller", duty=WorkerDuty.Duty.CALLER,
                        date_of_birth=ADULT)
    workers = crew(operation, actor)
    assert operation_ready(operation) == []
    services.worker_remove(actor=actor, worker=workers["checker"])
    assert [f.rule for f in operation_ready(operation)] == ["30 DCMR 1401.3"]
    with pytest.raises(ValidationError) as exc:
        services.worker_add(actor=actor, operation=operation, name=" ", duty=WorkerDuty.Duty.CHECKER)
    assert "name" in exc.value.error_dict


def test_workers_stay_on_the_posting_once_a_game_started():
    operation = plan(bingo_license())
    actor = planner(operation.license.organization)
    game = add_game(operation, actor)
    checker = crew(operation, actor)["checker"]
    during(operation)  # live play: inside the operation's hours (bingo.live.live_play)
    live_services.game_start(actor=actor, game=game)
    with pytest.raises(ValidationError):
        services.worker_remove(actor=actor, worker=checker)
    assert WorkerDuty.objects.filter(pk=checker.pk).exists()


def test_operation_check_lists_what_is_still_to_do():
    operation = plan(bingo_license(), member_in_charge="")
    rules = {f.rule: f.blocking for f in operation_check(operation)}
    assert rules == {"30 DCMR 1401.3": False, "30 DCMR 1400.12": False, "30 DCMR 1301.5": False,
                     "30 DCMR 1405.1": False}


def test_update_rechecks_the_schedule_and_moves_the_drawing_hall():
    license = bingo_license()
    operation = plan(license)
    actor = planner(license.organization)
    with pytest.raises(RuleViolation) as exc:
        services.operation_update(actor=actor, operation=operation, ends_at=dt.time(23, 0))
    assert rules_of(exc) == ["30 DCMR 1202.2(m)"]
    services.operation_update(actor=actor, operation=operation, house_rules="No smoking.",
                              door_prizes_value=Decimal("75"))
    operation.refresh_from_db()
    assert operation.house_rules == "No smoking." and operation.door_prizes_value == Decimal("75.00")


def test_a_pattern_of_another_organization_is_refused():
    operation = plan(bingo_license())
    actor = planner(operation.license.organization)
    other = OrganizationFactory()
    foreign = pattern_services.pattern_create(actor=planner(other), organization=other, name_en="Ours",
                                              name_es="Nuestro", squares=[0, 4])
    with pytest.raises(ValidationError) as exc:
        services.game_add(actor=actor, operation=operation, pattern=foreign, card_price=1, prize=1)
    assert "pattern" in exc.value.error_dict
    assert services.game_add(actor=actor, operation=operation, pattern=pattern("x"), card_price=1, prize=1)


def test_one_organization_holds_at_most_two_operations_a_week_on_one_premises_1400_6():
    hall = PremisesFactory()
    week = monday()
    days = [week, week + dt.timedelta(days=2), week + dt.timedelta(days=4)]
    license = bingo_license(premises=hall, dates=days)
    plan(license, date=days[0])
    plan(license, date=days[1])  # two: allowed
    with pytest.raises(RuleViolation) as exc:
        plan(license, date=days[2])
    assert rules_of(exc) == ["30 DCMR 1400.6"]
    assert "30 DCMR 1400.6" in str(exc.value.messages)
