"""Every API error has one JSON shape that names the field and, for a broken regulation, the rule."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from rest_framework.test import APIRequestFactory

from config.api_errors import api_exception_handler
from licensing.findings import Finding, RuleViolation

pytestmark = pytest.mark.django_db


def test_missing_and_malformed_fields_are_named(client):
    response = client.post(reverse("token-create"), {"email": "not-an-email"})
    assert response.status_code == 400
    errors = {error["field"]: error for error in response.json()["errors"]}
    assert errors["email"]["code"] == "invalid"
    assert errors["password"]["code"] == "required"
    assert errors["password"]["message"] == "This field is required."
    assert all(set(error) == {"field", "code", "message", "rule"} for error in errors.values())


def test_unknown_object_is_a_404_in_the_same_shape(client, officer):
    client.force_login(officer)
    response = client.get(reverse("organization-detail", args=[999999]))
    assert response.status_code == 404
    assert response.json() == {"errors": [{"field": None, "code": "not_found", "message": "No Organization matches "
                                           "the given query.", "rule": None}]}


def test_a_rule_violation_names_its_field_and_citation():
    violation = RuleViolation([
        Finding("30 DCMR 1408.1", "a Class B regular game prize is at most $2,000", field="prize"),
        Finding("30 DCMR 1405.19", "at most 6 early-bird games per operation"),
    ])
    request = APIRequestFactory().post("/api/v1/anything/")
    response = api_exception_handler(violation, {"request": request})
    assert response.status_code == 400
    assert response.data == {"errors": [
        {"field": "prize", "code": "rule", "rule": "30 DCMR 1408.1",
         "message": "30 DCMR 1408.1: a Class B regular game prize is at most $2,000"},
        {"field": None, "code": "rule", "rule": "30 DCMR 1405.19",
         "message": "30 DCMR 1405.19: at most 6 early-bird games per operation"},
    ]}


def test_a_plain_django_validation_error_keeps_its_fields():
    error = ValidationError({"name": ValidationError("This field cannot be blank.", code="blank")})
    response = api_exception_handler(error, {"request": APIRequestFactory().get("/")})
    assert response.data == {"errors": [
        {"field": "name", "code": "blank", "message": "This field cannot be blank.", "rule": None}
    ]}
