"""The declarations an operation makes before its first game, checked when it is planned (warnings) and at the
start of every game (refusals): several rooms, the caller in the room with most players and audible in each
(30 DCMR 1405.12); the receptacle and caller visible to most players, except at a Class C multi-hall game
(1405.15); every game prize in cash (1408.4). Service, portal and API."""

import pytest
from django.urls import reverse

from bingo.planning import checks, rules
from bingo.planning import services as planning_services
from core.findings import Finding
from tests.bingo.factories import bingo_license, plan, planner

pytestmark = pytest.mark.django_db


def declared(**changes):
    values = {"rooms": 1, "caller_in_largest_room": False, "caller_visible": True, "cash_prizes_only": True}
    return rules.Declarations(**{**values, **changes})


def rules_of(findings):
    return [(f.rule, f.field) for f in findings]


def test_one_room_needs_no_room_declaration_two_rooms_do():
    assert rules.declaration_findings(declared(), class_c_multi_hall_only=False, blocking=True) == []
    assert rules_of(rules.declaration_findings(declared(rooms=2), class_c_multi_hall_only=False, blocking=True)) == [
        ("30 DCMR 1405.12", "caller_in_largest_room")]
    assert rules.declaration_findings(declared(rooms=2, caller_in_largest_room=True), class_c_multi_hall_only=False,
                                      blocking=True) == []


def test_the_caller_visible_except_at_class_c_multi_hall_and_cash_prizes():
    hidden = declared(caller_visible=False)
    assert rules_of(rules.declaration_findings(hidden, class_c_multi_hall_only=False, blocking=True)) == [
        ("30 DCMR 1405.15", "caller_visible")]
    assert rules.declaration_findings(hidden, class_c_multi_hall_only=True, blocking=True) == []
    [finding] = rules.declaration_findings(declared(cash_prizes_only=False), class_c_multi_hall_only=False,
                                           blocking=False)
    assert finding == Finding("30 DCMR 1408.4", "Declare that every game prize is paid in cash; only door prizes may "
                                                "be merchandise (30 DCMR 1408.4).", field="cash_prizes_only",
                              blocking=False)


def test_an_undeclared_operation_cannot_start_and_the_plan_warns():
    operation = plan(bingo_license(), caller_visible=False, cash_prizes_only=False, rooms=2)
    ready = rules_of(checks.operation_ready(operation))
    for expected in (("30 DCMR 1405.12", "caller_in_largest_room"), ("30 DCMR 1405.15", "caller_visible"),
                     ("30 DCMR 1408.4", "cash_prizes_only")):
        assert expected in ready
    warned = [f for f in checks.operation_check(operation) if f.rule in ("30 DCMR 1405.12", "30 DCMR 1405.15")]
    assert warned and not any(f.blocking for f in warned)
    planning_services.operation_update(actor=planner(operation.license.organization), operation=operation,
                                       caller_in_largest_room=True, caller_visible=True, cash_prizes_only=True)
    operation.refresh_from_db()
    assert not {f.rule for f in checks.operation_ready(operation)} & {"30 DCMR 1405.12", "30 DCMR 1405.15",
                                                                      "30 DCMR 1408.4"}


def test_the_portal_and_the_api_take_the_declarations(client):
    operation = plan(bingo_license(), caller_visible=False)
    client.force_login(planner(operation.license.organization))
    url = reverse("bingo-operation-detail", args=[operation.pk])
    shown = client.get(url).json()
    assert (shown["caller_visible"], shown["cash_prizes_only"], shown["rooms"]) == (False, True, 1)
    response = client.patch(url, {"caller_visible": True, "rooms": 2, "caller_in_largest_room": True},
                            content_type="application/json")
    assert response.status_code == 200, response.json()
    operation.refresh_from_db()
    assert operation.caller_visible and operation.rooms == 2 and operation.caller_in_largest_room
    bad = client.patch(url, {"rooms": 0}, content_type="application/json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "rooms"
    edit = client.get(reverse("bingo:operation_edit", args=[operation.pk])).content.decode()
    assert "caller_visible" in edit and "30 DCMR 1405.15" in edit
