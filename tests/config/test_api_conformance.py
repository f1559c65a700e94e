"""Answers that differed from the schema, each checked against it directly with the fuzz's checks
(test_api_fuzz.py finds such answers in the demo world; these pin them in a small one)."""

import pytest

from tests.bingo.factories import HallFactory, WorkerDutyFactory, operation_with_games, planner
from tests.config.api_conformance import CHECKS, api_schema, auth_headers, call_rolled_back
from tests.vendors.factories import VendorFactory, VendorRepresentativeFactory

pytestmark = pytest.mark.django_db


def _answer(wsgi_app, user, label: str, **path_parameters):
    operation = api_schema(wsgi_app, user).find_operation_by_label(label)
    case = operation.Case(path_parameters=path_parameters, headers=auth_headers(user))
    response = call_rolled_back(case)
    case.validate_response(response, checks=CHECKS)
    return response


@pytest.mark.parametrize("sub_list", ["findings", "ready", "games", "halls", "workers"])
def test_an_operations_sub_lists_answer_the_array_the_schema_describes(wsgi_app, sub_list):
    """They answer every row as a JSON array; the schema described a page of the operations list
    ({count, next, previous, results}) and a `page` parameter they never read."""
    operation = operation_with_games(regular=2)
    HallFactory(operation=operation)
    WorkerDutyFactory(operation=operation)
    response = _answer(wsgi_app, planner(operation.license.organization),
                       f"GET /api/v1/bingo/operations/{{id}}/{sub_list}/", id=operation.pk)
    assert response.status_code == 200
    assert isinstance(response.json(), list)
    if sub_list in ("games", "halls", "workers"):
        assert response.json()


def test_a_vendor_yet_to_declare_its_business_type_answers_as_documented(wsgi_app):
    """A registration without a business type (30 DCMR 1207.2(b) is checked at submission) answers ""; the
    schema allowed only the five types."""
    vendor = VendorFactory(business_type="")
    representative = VendorRepresentativeFactory(organization=vendor.organization)
    response = _answer(wsgi_app, representative.user, "GET /api/v1/vendors/{id}/", id=vendor.pk)
    assert response.status_code == 200
    assert response.json()["business_type"] == ""


def test_the_registers_answers_are_as_documented(wsgi_app):
    """The Board's numbers: the public list and one key's history, a proposal (201) and its approval by a second
    person (200), each answer checked against the schema (the demo world holds no proposal for the fuzz)."""
    import datetime as dt

    from django.utils import timezone

    from tests.licensing.factories import board_admin, board_member

    admin, member = board_admin(), board_member()
    anonymous = api_schema(wsgi_app)
    for label, parameters in (("GET /api/v1/public/rules/", {}), ("GET /api/v1/public/rules/{key}/",
                                                                  {"key": "fee.bingo.A.original"})):
        case = anonymous.find_operation_by_label(label).Case(path_parameters=parameters)
        response = case.call()
        case.validate_response(response, checks=CHECKS)
        assert response.status_code == 200
    propose = api_schema(wsgi_app, admin).find_operation_by_label("POST /api/v1/board/rules/proposals/").Case(
        body={"key": "fee.bingo.A.original", "value": "600.00", "citation": "30 DCMR 1204.1",
              "effective_from": (timezone.localdate() + dt.timedelta(days=30)).isoformat()},
        media_type="application/json", headers=auth_headers(admin))
    response = propose.call()
    propose.validate_response(response, checks=CHECKS)
    assert response.status_code == 201
    approve = api_schema(wsgi_app, member).find_operation_by_label(
        "POST /api/v1/board/rules/proposals/{id}/approve/").Case(
        path_parameters={"id": response.json()["id"]}, body={"note": "Agreed."}, media_type="application/json",
        headers=auth_headers(member))
    answer = approve.call()
    approve.validate_response(answer, checks=CHECKS)
    assert answer.status_code == 200 and answer.json()["status"] == "approved"
