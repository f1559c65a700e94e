"""The same operation (premises, date and hours) is planned once (30 DCMR 1202.2(m)): a second one is
refused naming the first, in the service, the portal and the API; hours that only touch are two operations."""

import datetime as dt

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from bingo.models import Operation
from bingo.planning import services
from core.findings import RuleViolation
from tests.bingo.factories import bingo_license, plan, planner

pytestmark = pytest.mark.django_db
T = dt.time


def test_the_same_operation_is_refused_naming_the_first():
    license = bingo_license()
    first = plan(license)
    with pytest.raises(RuleViolation) as exc:
        plan(license)
    [finding] = exc.value.findings
    assert (finding.rule, finding.field) == ("30 DCMR 1202.2(m)", "starts_at")
    assert f"Operation {first.pk}" in finding.message and "18:00-22:00" in finding.message
    assert Operation.objects.count() == 1


def test_overlapping_hours_are_refused_and_touching_hours_are_not():
    license = bingo_license()
    plan(license, starts=T(18, 0), ends=T(20, 0))
    with pytest.raises(RuleViolation):
        plan(license, starts=T(19, 59), ends=T(22, 0))  # one minute inside the first
    second = plan(license, starts=T(20, 0), ends=T(22, 0))  # starts as the first ends
    assert Operation.objects.count() == 2 and second.starts_at == T(20, 0)


def test_another_organizations_operation_at_the_same_hours_is_not_named():
    first = bingo_license()
    other = bingo_license(premises=first.premises, dates=[dt.date.fromisoformat(first.schedule[0]["date"])])
    theirs = plan(first)
    with pytest.raises(RuleViolation) as exc:
        plan(other)
    [finding] = exc.value.findings
    assert finding.rule == "30 DCMR 1202.2(m)" and "Another organization" in finding.message
    # Not named as an organization's own would be ("Operation 7 is already planned"); a bare pk such as 1
    # would match the citation "1202.2(m)".
    assert f"Operation {theirs.pk}" not in finding.message and theirs.license.number not in finding.message


def test_an_update_into_another_operations_hours_is_refused():
    license = bingo_license()
    plan(license, starts=T(18, 0), ends=T(20, 0))
    second = plan(license, starts=T(20, 0), ends=T(22, 0))
    with pytest.raises(RuleViolation) as exc:
        services.operation_update(actor=planner(license.organization), operation=second, starts_at=T(19, 0))
    assert [f.rule for f in exc.value.findings] == ["30 DCMR 1202.2(m)"]
    services.operation_update(actor=planner(license.organization), operation=second, house_rules="No smoking.")


def test_the_portal_refuses_the_same_operation(client):
    license = bingo_license()
    first = plan(license)
    client.force_login(planner(license.organization))
    response = client.post(reverse("bingo:operation_create"), {
        "license": license.pk, "premises": license.premises_id, "date": license.schedule[0]["date"],
        "starts_at": "18:00", "ends_at": "22:00", "member_in_charge": "Ana", "door_prizes_value": "0"})
    assert response.status_code == 400
    [error] = response.context["form"].errors["starts_at"]
    assert "30 DCMR 1202.2(m)" in error and f"Operation {first.pk}" in error
    assert Operation.objects.count() == 1


def test_the_api_refuses_the_same_operation():
    license = bingo_license()
    first = plan(license)
    client = APIClient()
    client.force_authenticate(planner(license.organization))
    body = {"license": license.pk, "premises": license.premises_id, "date": license.schedule[0]["date"],
            "starts_at": "18:00", "ends_at": "22:00"}
    response = client.post("/api/v1/bingo/operations/", body, format="json")
    [error] = response.json()["errors"]
    assert response.status_code == 400 and (error["field"], error["rule"]) == ("starts_at", "30 DCMR 1202.2(m)")
    assert f"Operation {first.pk}" in error["message"]
    assert Operation.objects.count() == 1
